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
    /// Refused, each with its fix: a symbolic link in place of the database
    /// or its -wal/-shm (never followed: root writing through a planted link
    /// would write where its planter chose), any of them readable by other
    /// users, and a folder others can create files in (a link planted there
    /// as the -wal before SQLite makes it would be followed).
    /// Returns the name to give SQLite: the folder's real path and the file's
    /// own name. SQLite's NOFOLLOW refuses a link anywhere in a name, but the
    /// folders on the way are the operator's choice (a home on another disk);
    /// the file itself is where a planted link matters.
    ///
    /// With `createFile` false (a command that reads a bank, or the app) a
    /// missing file is refused as `noBank`, and nothing is made: a mistyped
    /// `--db` must not leave an empty bank behind for the next command to use.
    @discardableResult
    static func prepare(path: String, createDirectory: Bool, createFile: Bool = true) throws -> String {
        let directory = Paths.directory(of: path)
        var entry = stat()
        if !createFile && lstat(path, &entry) != 0 && (errno == ENOENT || errno == ENOTDIR) {
            throw StoreError.noBank(path: path)
        }
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

        var folder = stat()
        if stat(directory, &folder) == 0, isShared(folder) {
            throw StoreError.sharedFolder(path: directory)
        }
        // The file is looked at, never opened: POSIX locks belong to the
        // process, and closing any descriptor of a file drops every lock the
        // process holds on it, SQLite's included (docs/storage.md, "POSIX locks
        // belong to the process"). Only SQLite opens a bank that exists.
        if try !checkExisting(path: path, createFile: createFile) {
            try create(path: path, directory: directory, createFile: createFile)
        }
        var link = stat()
        for companion in [path + "-wal", path + "-shm"]
            where lstat(companion, &link) == 0 && link.st_mode & S_IFMT == S_IFLNK {
            throw StoreError.symbolicLink(path: companion)
        }
        // SQLite needs to create the -wal and -shm files beside the database.
        if access(path + "-wal", F_OK) != 0, access(directory, W_OK) != 0 {
            throw StoreError.readOnly(path: path)
        }
        guard let real = realpath(directory, nil) else { return path }
        defer { free(real) }
        return String(cString: real) + "/" + Paths.lastComponent(of: path)
    }

    /// The checks of a file that exists, made on its name: a link, a
    /// folder, a FIFO or a device is refused, and this process must be able
    /// to read and write it. Returns false when there is no file.
    private static func checkExisting(path: String, createFile: Bool) throws -> Bool {
        var entry = stat()
        guard lstat(path, &entry) == 0 else {
            let error = errno
            if error == ENOENT || error == ENOTDIR { return false }
            throw StoreError.backend("cannot open \(path): \(String(cString: strerror(error)))")
        }
        switch entry.st_mode & S_IFMT {
        case S_IFLNK: throw StoreError.symbolicLink(path: path)
        case S_IFREG: break
        default: throw StoreError.notATermBankDatabase(path: path)
        }
        // With the effective ids, as open(2) would check them.
        guard faccessat(AT_FDCWD, path, R_OK | W_OK, AT_EACCESS) != 0 else { return true }
        let error = errno
        switch error {
        case ENOENT, ENOTDIR:
            // Gone between the look and the check: still nothing to read.
            if !createFile { throw StoreError.noBank(path: path) }
            return false
        case EROFS: throw StoreError.readOnly(path: path)
        case EACCES, EPERM:
            // Readable but not writable is "read-only"; neither is "permission denied".
            if faccessat(AT_FDCWD, path, R_OK, AT_EACCESS) == 0 { throw StoreError.readOnly(path: path) }
            throw StoreError.permissionDenied(path: path)
        default:
            throw StoreError.backend("cannot open \(path): \(String(cString: strerror(error)))")
        }
    }

    /// Makes a new bank file, mode 0600, only where there was none
    /// (`O_EXCL`): a file that did not exist holds no lock of this process,
    /// so closing the descriptor drops none. Made meanwhile by another
    /// process, the file is checked as one that exists.
    private static func create(path: String, directory: String, createFile: Bool) throws {
        guard createFile else { throw StoreError.noBank(path: path) }
        let fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        if fd >= 0 {
            close(fd)
            return
        }
        let error = errno
        switch error {
        case EEXIST:
            guard try checkExisting(path: path, createFile: createFile) else {
                throw StoreError.backend("cannot open \(path): it came and went while it was made")
            }
        case ENOENT, ENOTDIR: throw StoreError.directoryMissing(path: directory)
        case EROFS: throw StoreError.readOnly(path: path)
        case ENOSPC, EDQUOT: throw StoreError.diskFull(path: path)
        case EACCES, EPERM: throw StoreError.permissionDenied(path: path)
        default:
            throw StoreError.backend("cannot open \(path): \(String(cString: strerror(error)))")
        }
    }

    /// Whether others may create files in a folder: anyone when it is
    /// world-writable; the group's other members when it is group-writable,
    /// unless the group is the owner's own private group (Debian's user
    /// groups, where folders are made 0775 and nobody else is in the group).
    static func isShared(_ folder: stat) -> Bool {
        if folder.st_mode & 0o002 != 0 { return true }
        guard folder.st_mode & 0o020 != 0 else { return false }
        return !isPrivateGroup(folder.st_gid, of: folder.st_uid)
    }

    /// No member but `owner`, and no other account's primary group.
    static func isPrivateGroup(_ gid: gid_t, of owner: uid_t) -> Bool {
        guard let group = getgrgid(gid), let account = getpwuid(owner) else { return false }
        let ownerName = String(cString: account.pointee.pw_name)
        if var member = group.pointee.gr_mem {
            while let name = member.pointee {
                if String(cString: name) != ownerName { return false }
                member += 1
            }
        }
        setpwent()
        defer { endpwent() }
        while let entry = getpwent() {
            if entry.pointee.pw_gid == gid && entry.pointee.pw_uid != owner { return false }
        }
        return true
    }

    /// Refuses a bank whose database, -wal or -shm other users could read (or
    /// write): they hold every balance and hash. Checked once the file is
    /// known to be TermBank's, so another application's file is called that,
    /// not sent to chmod. Refused rather than tightened: a mode someone set is
    /// theirs to change, and the message says how.
    static func checkPrivate(path: String) throws {
        var info = stat()
        for file in [path, path + "-wal", path + "-shm"] where lstat(file, &info) == 0 {
            if info.st_mode & 0o077 != 0 { throw StoreError.readableByOthers(path: file) }
        }
    }
}
