import CSQLite
import Foundation
import TermBankStorage
import TermBankSystem

/// SQLite's own "unix" file layer with a switch in front of every write:
/// a VFS registered as the default in this process, so every connection the
/// app opens after it (through `SQLiteLibrary`, the same `dlopen`ed
/// libsqlite3: one soname, one copy of the library) writes through it.
///
/// Armed for a folder, it counts the writes (`xWrite`, `xTruncate`, `xSync`)
/// to the database, journal and WAL files there; from the nth on, each one
/// fails as a failing disk does (an I/O error, or SQLITE_FULL as the unix
/// layer reports ENOSPC), or runs `action` once (to fill a real disk) and
/// then writes. Disarmed, it only passes calls through, so the rest of the
/// suite is untouched.
enum WriteFaults {
    enum Fault: Sendable {
        /// Every write from the nth fails with an I/O error, until disarmed.
        case ioError
        /// Every write from the nth fails as the disk being full does, until disarmed.
        case diskFull
        /// The nth write first runs the action (fills the disk), then writes for real.
        case before(@Sendable () -> Void)
    }

    private struct State {
        var armed = false
        var failFrom = 0
        var fault: Fault = .ioError
        var writes = 0
        var hit = false
        /// Files that open under this folder are watched.
        var folder = "/nonexistent/"
    }

    nonisolated(unsafe) private static var state = State()
    private static let lock = NSLock()

    /// Watches the files that open under `folder` from now on (open the bank after).
    static func watch(_ folder: String) {
        install()
        lock.withLock { state.folder = folder.hasSuffix("/") ? folder : folder + "/" }
    }

    /// Counts the watched files' writes and faults from write number `n` (1-based) on.
    static func arm(from n: Int, _ fault: Fault) {
        lock.withLock {
            state.armed = true
            state.failFrom = n
            state.fault = fault
            state.writes = 0
            state.hit = false
        }
    }

    /// Stops counting and faulting: the disk works again. Says whether the
    /// fault was reached (false: the operation wrote fewer than n times).
    @discardableResult
    static func disarm() -> (hit: Bool, writes: Int) {
        lock.withLock {
            let result = (state.hit, state.writes)
            state.armed = false
            return result
        }
    }

    /// What a write should do now: nil to write, or the code to fail with.
    private static func decide(_ file: UnsafeMutablePointer<sqlite3_file>, failure: Int32) -> Int32? {
        guard UnsafeMutableRawPointer(file).load(fromByteOffset: 8, as: Int.self) == 1 else { return nil }
        var run: (@Sendable () -> Void)?
        let code: Int32? = lock.withLock {
            guard state.armed else { return nil }
            state.writes += 1
            guard state.writes >= state.failFrom else { return nil }
            switch state.fault {
            case .ioError:
                state.hit = true
                return failure
            case .diskFull:
                state.hit = true
                return failure == ioErrorWrite ? SQLITE_FULL : failure
            case .before(let action):
                if !state.hit { run = action }
                state.hit = true
                return nil
            }
        }
        run?()
        return code
    }

    // MARK: The VFS

    static let ioErrorWrite = SQLITE_IOERR | (3 << 8)
    static let ioErrorFsync = SQLITE_IOERR | (4 << 8)
    static let ioErrorTruncate = SQLITE_IOERR | (6 << 8)

    /// Our header in front of the unix layer's file: the methods pointer
    /// SQLite calls, then whether the file is watched.
    private static let header = 16

    private static func real(_ file: UnsafeMutablePointer<sqlite3_file>?) -> UnsafeMutablePointer<sqlite3_file> {
        UnsafeMutableRawPointer(file!).advanced(by: header).assumingMemoryBound(to: sqlite3_file.self)
    }

    private static func methods(_ file: UnsafeMutablePointer<sqlite3_file>?) -> sqlite3_io_methods {
        real(file).pointee.pMethods!.pointee
    }

    nonisolated(unsafe) private static let ioMethods: UnsafeMutablePointer<sqlite3_io_methods> = {
        var io = sqlite3_io_methods()
        io.iVersion = 3
        io.xClose = { file in methods(file).xClose!(real(file)) }
        io.xRead = { file, buffer, amount, offset in methods(file).xRead!(real(file), buffer, amount, offset) }
        io.xWrite = { file, buffer, amount, offset in
            if let code = decide(file!, failure: ioErrorWrite) { return code }
            return methods(file).xWrite!(real(file), buffer, amount, offset)
        }
        io.xTruncate = { file, size in
            if let code = decide(file!, failure: ioErrorTruncate) { return code }
            return methods(file).xTruncate!(real(file), size)
        }
        io.xSync = { file, flags in
            if let code = decide(file!, failure: ioErrorFsync) { return code }
            return methods(file).xSync!(real(file), flags)
        }
        io.xFileSize = { file, size in methods(file).xFileSize!(real(file), size) }
        io.xLock = { file, level in methods(file).xLock!(real(file), level) }
        io.xUnlock = { file, level in methods(file).xUnlock!(real(file), level) }
        io.xCheckReservedLock = { file, out in methods(file).xCheckReservedLock!(real(file), out) }
        io.xFileControl = { file, op, argument in methods(file).xFileControl!(real(file), op, argument) }
        io.xSectorSize = { file in methods(file).xSectorSize!(real(file)) }
        io.xDeviceCharacteristics = { file in methods(file).xDeviceCharacteristics!(real(file)) }
        io.xShmMap = { file, page, size, extend, out in methods(file).xShmMap!(real(file), page, size, extend, out) }
        io.xShmLock = { file, offset, count, flags in methods(file).xShmLock!(real(file), offset, count, flags) }
        io.xShmBarrier = { file in methods(file).xShmBarrier!(real(file)) }
        io.xShmUnmap = { file, delete in methods(file).xShmUnmap!(real(file), delete) }
        io.xFetch = { file, offset, amount, out in methods(file).xFetch!(real(file), offset, amount, out) }
        io.xUnfetch = { file, offset, pointer in methods(file).xUnfetch!(real(file), offset, pointer) }
        let pointer = UnsafeMutablePointer<sqlite3_io_methods>.allocate(capacity: 1)
        pointer.initialize(to: io)
        return pointer
    }()

    nonisolated(unsafe) private static var unix: UnsafeMutablePointer<sqlite3_vfs>!

    /// Registered once, as the default VFS. The app's process-wide SQLite
    /// settings must come before SQLite initialises, which finding a VFS
    /// does: a bank is opened first (in a scratch folder of its own).
    private static let installation: Void = {
        let scratch = Scratch()
        _ = try? SQLiteBankStore(path: scratch.path + "/first.sqlite")
        let library = try! DynamicLibrary(soname: SQLiteBankStore.librarySoname)
        let find: @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutablePointer<sqlite3_vfs>? =
            try! library.function("sqlite3_vfs_find")
        let register: @convention(c) (UnsafeMutablePointer<sqlite3_vfs>?, Int32) -> Int32 =
            try! library.function("sqlite3_vfs_register")
        guard let found = find("unix") else { fatalError("SQLite has no unix VFS") }
        unix = found
        var vfs = found.pointee
        vfs.pNext = nil
        vfs.zName = UnsafePointer(strdup("termbank-write-faults"))
        vfs.szOsFile = Int32(header) + found.pointee.szOsFile
        vfs.xOpen = { _, path, file, flags, outFlags in
            let rc = WriteFaults.unix.pointee.xOpen!(WriteFaults.unix, path, real(file), flags, outFlags)
            file!.pointee.pMethods = real(file).pointee.pMethods == nil ? nil : UnsafePointer(ioMethods)
            // Files with no name (temporary ones) are never watched.
            let folder = lock.withLock { state.folder }
            let watched = path.map { String(cString: $0).hasPrefix(folder) } ?? false
            UnsafeMutableRawPointer(file!).storeBytes(of: watched ? 1 : 0, toByteOffset: 8, as: Int.self)
            return rc
        }
        let pointer = UnsafeMutablePointer<sqlite3_vfs>.allocate(capacity: 1)
        pointer.initialize(to: vfs)
        guard register(pointer, 1) == SQLITE_OK else { fatalError("sqlite3_vfs_register failed") }
    }()

    static func install() { _ = installation }
}
