import Glibc
import TermBankCore
import TermBankSystem

/// Where the database lives and the file-level checks made before SQLite is
/// asked to open it, so each bad state gets its own clear message.
public enum DatabaseFile {
    /// `--db PATH`, else `$TERMBANK_DB`, else `$XDG_DATA_HOME/termbank/termbank.sqlite`,
    /// else `~/.local/share/termbank/termbank.sqlite`.
    public static func resolve(explicit: String?, environment: [String: String]) -> (path: String, isDefault: Bool) {
        if let explicit, !explicit.isEmpty { return (explicit, false) }
        if let fromEnvironment = environment["TERMBANK_DB"], !fromEnvironment.isEmpty { return (fromEnvironment, false) }
        let dataHome: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = xdg
        } else {
            dataHome = Paths.home(environment: environment) + "/.local/share"
        }
        return (dataHome + "/termbank/termbank.sqlite", true)
    }

    /// Makes sure the file exists with mode 0600 (SQLite gives its -wal and
    /// -shm files the same mode) and that this process may read and write it.
    static func prepare(path: String, createDirectory: Bool) throws {
        let directory = Paths.directory(of: path)
        if !Files.exists(directory) {
            guard createDirectory else { throw StoreError.directoryMissing(path: directory) }
            do {
                try Files.createDirectories(directory, mode: 0o700)
            } catch {
                throw StoreError.permissionDenied(path: directory)
            }
        } else if !Files.isDirectory(directory) {
            throw StoreError.directoryMissing(path: directory)
        }

        if Files.isDirectory(path) {
            throw StoreError.notATermBankDatabase(path: path)
        }

        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if fd >= 0 {
            close(fd)
        } else {
            let error = errno
            switch error {
            case ENOENT, ENOTDIR: throw StoreError.directoryMissing(path: directory)
            case EROFS: throw StoreError.readOnly(path: path)
            case ENOSPC, EDQUOT: throw StoreError.diskFull(path: path)
            case EACCES, EPERM:
                // Readable but not writable is "read-only"; neither is "permission denied".
                let readOnlyFD = open(path, O_RDONLY | O_CLOEXEC)
                if readOnlyFD >= 0 {
                    close(readOnlyFD)
                    throw StoreError.readOnly(path: path)
                }
                throw StoreError.permissionDenied(path: path)
            default:
                throw StoreError.backend("cannot open \(path): \(String(cString: strerror(error)))")
            }
        }
        // SQLite needs to create the -wal and -shm files beside the database.
        if access(path + "-wal", F_OK) != 0, access(directory, W_OK) != 0 {
            throw StoreError.readOnly(path: path)
        }
    }
}
