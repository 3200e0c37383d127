import Glibc

/// Counts the processes holding one name (a key's, an address's) with
/// numbered lock files in a folder: a process takes the first slot whose
/// `flock` it can get and keeps its descriptor open for its life. The
/// kernel drops the lock when the process ends, however it ends (a crash,
/// SIGKILL, the OOM killer), so no count is ever left behind.
public enum ConnectionSlots {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Takes one of `count` slots for `name` in `folder` (created 0700),
    /// returning the descriptor that holds it (close-on-exec, never closed
    /// by the caller), or nil when all are held. `name` must be a plain file
    /// name part (the caller hashes what it counts).
    public static func take(folder: String, name: String, count: Int) throws -> Int32? {
        if mkdir(folder, 0o700) != 0 && errno != EEXIST {
            throw Failure(description: "cannot make the connection slots' folder \(folder): \(String(cString: strerror(errno)))")
        }
        for slot in 0..<max(count, 0) {
            let path = folder + "/" + name + "." + String(slot)
            let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard fd >= 0 else { throw Failure(description: "cannot open the connection slot \(path): \(String(cString: strerror(errno)))") }
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { return fd }
            close(fd)
        }
        return nil
    }

    /// How many of `count` slots for `name` are held now (for tests and the operator).
    public static func held(folder: String, name: String, count: Int) -> Int {
        var held = 0
        for slot in 0..<max(count, 0) {
            let fd = open(folder + "/" + name + "." + String(slot), O_RDWR | O_CLOEXEC | O_NOFOLLOW)
            guard fd >= 0 else { continue }
            if flock(fd, LOCK_EX | LOCK_NB) != 0 { held += 1 }
            close(fd)
        }
        return held
    }
}
