import CSQLite
import Glibc
import TermBankCore
import TermBankSQL

/// One connection to one database file. Every write runs in `BEGIN IMMEDIATE`
/// so that a read-then-write cannot fail half-way with SQLITE_BUSY_SNAPSHOT.
/// Not thread-safe by itself: `SQLiteBankStore` serialises access.
final class SQLiteConnection: SQLConnection {
    let handle: OpaquePointer
    /// libsqlite3's functions, opened on first use (SQLiteLibrary).
    let api: SQLiteLibrary
    let path: String
    let busyTimeoutMilliseconds: Int
    private var statements: [String: OpaquePointer] = [:]

    /// SQLite's process-wide settings, made once before the first open (see
    /// `termbank_sqlite_pages_from_malloc`): an idle session then holds no
    /// page cache at rest (decision 33).
    static let configured: Bool = {
        guard let library = SQLiteLibrary.shared else { return false }
        return termbank_sqlite_pages_from_malloc(UnsafeMutableRawPointer(bitPattern: library.configAddress)) == SQLITE_OK
    }()

    init(path: String, busyTimeoutMilliseconds: Int) throws {
        let api = try SQLiteLibrary.required()
        self.api = api
        _ = SQLiteConnection.configured
        self.path = path
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        var db: OpaquePointer?
        // NOFOLLOW: a link put where the database should be is refused, not written through.
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX | SQLITE_OPEN_NOFOLLOW
        let rc = api.open(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let code = db.map { api.extendedErrorCode($0) } ?? rc
            if let db { _ = api.closeV2(db) }
            throw SQLiteConnection.storeError(code: code, message: nil, path: path, busyTimeout: busyTimeoutMilliseconds)
        }
        handle = db
        _ = api.extendedResultCodes(db, 1)
        _ = api.busyTimeout(db, Int32(busyTimeoutMilliseconds))
    }

    deinit {
        for statement in statements.values { _ = api.finalize(statement) }
        _ = api.closeV2(handle)
    }

    /// "3.40.1" (this loads libsqlite3), or MISSING and why.
    static var libraryVersion: String {
        guard let library = SQLiteLibrary.shared else {
            return "MISSING (\(SQLiteLibrary.soname): \(SQLiteLibrary.loadError))"
        }
        return SQLiteLibrary.text(library.libraryVersion())
    }

    var isReadOnly: Bool { api.databaseReadOnly(handle, "main") == 1 }

    // MARK: Statements

    /// Runs one statement, returning every row. Statements are prepared once and cached.
    @discardableResult
    func query(_ sql: String, _ arguments: [any SQLBindable]) throws -> [SQLRow] {
        let statement = try prepared(sql)
        defer {
            _ = api.reset(statement)
            _ = api.clearBindings(statement)
        }
        for (index, argument) in arguments.enumerated() {
            let position = Int32(index + 1)
            let rc: Int32
            switch argument.sqlValue {
            case .integer(let value): rc = api.bindInt64(statement, position, value)
            case .text(let value): rc = api.bindText(statement, position, value, -1, termbank_sqlite_transient())
            case .null: rc = api.bindNull(statement, position)
            }
            try check(rc)
        }
        var rows: [SQLRow] = []
        while true {
            let rc = api.step(statement)
            if rc == SQLITE_DONE { break }
            guard rc == SQLITE_ROW else { try check(rc); break }
            let count = api.columnCount(statement)
            var values: [SQLValue] = []
            values.reserveCapacity(Int(count))
            for column in 0..<count {
                switch api.columnType(statement, column) {
                case SQLITE_INTEGER: values.append(.integer(api.columnInt64(statement, column)))
                case SQLITE_TEXT: values.append(.text(api.columnText(statement, column).map { String(cString: $0) } ?? ""))
                default: values.append(.null)
                }
            }
            rows.append(SQLRow(values: values))
        }
        return rows
    }

    /// Several statements with no arguments (schema scripts).
    func executeScript(_ sql: String) throws {
        try check(api.exec(handle, sql, nil, nil, nil))
    }

    var changes: Int { Int(api.changes(handle)) }

    /// Rows inserted, updated or deleted through this connection since it opened.
    var totalChanges: Int64 { api.totalChanges64(handle) }

    /// Finalizes the cached statements and frees unused cache pages: for a
    /// session at rest; statements are prepared again on their next use.
    /// Only between statements (the store's lock held), never inside a transaction.
    func releaseMemory() {
        guard api.getAutocommit(handle) != 0 else { return }
        for statement in statements.values { _ = api.finalize(statement) }
        statements.removeAll()
        _ = api.databaseReleaseMemory(handle)
    }

    /// Bytes of database pages SQLite's caches hold from the heap page by
    /// page, over every connection in the process (SQLITE_STATUS_PAGECACHE_OVERFLOW).
    static var pageCacheHeapBytes: Int64 {
        var current: Int64 = 0, highest: Int64 = 0
        guard let api = SQLiteLibrary.shared else { return 0 }
        _ = api.status64(SQLITE_STATUS_PAGECACHE_OVERFLOW, &current, &highest, 0)
        return current
    }

    private func prepared(_ sql: String) throws -> OpaquePointer {
        if let cached = statements[sql] { return cached }
        var statement: OpaquePointer?
        try check(api.prepareV3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil))
        guard let statement else { throw StoreError.backend("empty statement") }
        statements[sql] = statement
        return statement
    }

    // MARK: Transactions

    /// A write transaction: commits when `body` returns, rolls back when it throws.
    func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        try executeScript("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try executeScript("COMMIT")
            return result
        } catch {
            // After SQLITE_FULL or an I/O error SQLite may already have rolled back.
            if api.getAutocommit(handle) == 0 { _ = api.exec(handle, "ROLLBACK", nil, nil, nil) }
            throw error
        }
    }

    /// A read transaction: every query inside sees one consistent snapshot.
    func readTransaction<T>(_ body: () throws -> T) throws -> T {
        try executeScript("BEGIN DEFERRED")
        defer { if api.getAutocommit(handle) == 0 { _ = api.exec(handle, "COMMIT", nil, nil, nil) } }
        return try body()
    }

    /// Just the body: a file does not go away between operations.
    func operation<T>(_ body: () throws -> T) throws -> T {
        try body()
    }

    /// SQLite's own checks of the file's structure and of every foreign key.
    func integrityProblems() throws -> [String] {
        var problems: [String] = []
        let integrity = try query("PRAGMA integrity_check").map { $0.text(0) }
        if integrity != ["ok"] { problems.append("integrity_check: " + integrity.prefix(5).joined(separator: "; ")) }
        if try !query("PRAGMA foreign_key_check").isEmpty { problems.append("foreign keys point nowhere") }
        return problems
    }

    var dialect: SQLDialect { .sqlite }

    // MARK: Errors

    func check(_ rc: Int32) throws {
        guard rc != SQLITE_OK && rc != SQLITE_ROW && rc != SQLITE_DONE else { return }
        let message = SQLiteLibrary.text(api.errorMessage(handle))
        if rc & 0xFF == SQLITE_CONSTRAINT { throw SQLConstraintViolation(message: message) }
        throw SQLiteConnection.storeError(code: rc, message: message, path: path, busyTimeout: busyTimeoutMilliseconds)
    }

    /// SQLite's result codes in the bank's words. SQLite's own messages name
    /// tables and constraints, never bound values, so they are safe to show.
    static func storeError(code: Int32, message: String?, path: String, busyTimeout: Int) -> StoreError {
        func errorText(_ code: Int32) -> String {
            SQLiteLibrary.shared.map { SQLiteLibrary.text($0.errorString(code)) } ?? "SQLite error \(code)"
        }
        switch code & 0xFF {
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy(path: path, waitedMilliseconds: busyTimeout)
        case SQLITE_FULL: return .diskFull(path: path)
        case SQLITE_READONLY: return .readOnly(path: path)
        case SQLITE_NOTADB: return .notATermBankDatabase(path: path)
        case SQLITE_CORRUPT: return .corrupt(path: path)
        case SQLITE_PERM, SQLITE_AUTH: return .permissionDenied(path: path)
        // SQLITE_CANTOPEN_SYMLINK, a macro Swift does not import.
        case SQLITE_CANTOPEN where code == SQLITE_CANTOPEN | (6 << 8): return .symbolicLink(path: path)
        case SQLITE_CANTOPEN: return .permissionDenied(path: path)
        case SQLITE_IOERR:
            return .backend("I/O error on \(path) (\(errorText(code))); nothing was changed.")
        default:
            return .backend(message ?? errorText(code))
        }
    }
}
