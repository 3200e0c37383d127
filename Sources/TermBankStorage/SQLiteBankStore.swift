import TermBankCore
import TermBankSQL

/// The bank's store on one SQLite file, shared by every TermBank process on
/// the host: WAL for concurrent readers, `synchronous=FULL` so a committed
/// transfer survives a power cut, `BEGIN IMMEDIATE` for every write. The
/// store's SQL is `SQLBankStore`'s, shared with PostgreSQL; this adds the
/// file, its schema and its change stamp.
public final class SQLiteBankStore: SQLBankStore, @unchecked Sendable {
    public struct Options: Sendable {
        public var busyTimeoutMilliseconds: Int
        /// Create missing parent folders (for the default location only).
        public var createDirectory: Bool
        /// Whether opening may make a new bank: a file where there was none,
        /// or the schema in an empty one. From the CLI only the commands that
        /// make a bank (`demo reset`, `user add`) pass true; every other
        /// command, and the app, is refused with `noBank` (a mistyped `--db`
        /// once made an empty bank silently).
        public var createsBank: Bool

        public init(busyTimeoutMilliseconds: Int = 5_000, createDirectory: Bool = false, createsBank: Bool = true) {
            self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
            self.createDirectory = createDirectory
            self.createsBank = createsBank
        }
    }

    let connection: SQLiteConnection

    public init(path: String, options: Options = Options()) throws {
        let name = try DatabaseFile.prepare(path: path, createDirectory: options.createDirectory,
                                            createFile: options.createsBank)
        connection = try SQLiteConnection(path: name, busyTimeoutMilliseconds: options.busyTimeoutMilliseconds)
        super.init(path: path, connection: connection)
        if connection.isReadOnly { throw StoreError.readOnly(path: path) }
        try checkOwnership()
        try DatabaseFile.checkPrivate(path: path)
        // An empty file (no schema: what an older TermBank left for a mistyped
        // --db) is no bank either; checked before WAL mode, which writes.
        if !options.createsBank, try isEmpty() { throw StoreError.noBank(path: path) }
        // WAL lets readers proceed while one process writes; it is a property
        // of the file, so setting it again is a no-op.
        let mode = try connection.query("PRAGMA journal_mode = WAL").first?.text(0)
        guard mode == "wal" else { throw StoreError.backend("could not switch \(path) to WAL mode") }
        try connection.executeScript(Self.connectionSettings.joined(separator: "; "))
        try migrate()
    }

    /// What every connection sets when it opens (a committed transfer survives
    /// power loss; references are enforced): also the benchmark baseline's.
    public static let connectionSettings = ["PRAGMA synchronous = FULL", "PRAGMA foreign_keys = ON"]

    /// Frees what only work needs (cached statements, unused cache pages):
    /// for a session at rest, which reads again only when something changes.
    public func releaseMemory() {
        lock.withLock { connection.releaseMemory() }
    }

    // MARK: Opening

    /// Refuses any SQLite file that is not ours (another application's data
    /// must never be migrated into) and any file written by a newer TermBank.
    private func checkOwnership() throws {
        let applicationID = try connection.query("PRAGMA application_id").first?.int(0) ?? 0
        if applicationID == Int64(Schema.applicationID) { return }
        let objects = try connection.query("SELECT count(*) FROM sqlite_schema").first?.int(0) ?? 0
        if applicationID != 0 || objects > 0 { throw StoreError.notATermBankDatabase(path: path) }
    }

    /// No TermBank schema and nothing else: a new or zero-length file.
    private func isEmpty() throws -> Bool {
        let objects = try connection.query("SELECT count(*) FROM sqlite_schema").first?.int(0) ?? 0
        return try currentVersion() == 0 && objects == 0
    }

    private func currentVersion() throws -> Int {
        Int(try connection.query("PRAGMA user_version").first?.int(0) ?? 0)
    }

    private func migrate() throws {
        let found = try currentVersion()
        if found > Schema.latestVersion {
            throw StoreError.newerSchema(path: path, found: found, supported: Schema.latestVersion)
        }
        for migration in Schema.migrations where migration.version > found {
            // A migration that rebuilds a table other tables point at runs with
            // foreign keys off (SQLite's own procedure: they cannot change inside
            // a transaction) and checks every key itself before it commits.
            let rebuilds = Schema.rebuildsReferencedTables(migration.version)
            if rebuilds { try connection.executeScript("PRAGMA foreign_keys = OFF") }
            defer { if rebuilds { try? connection.executeScript("PRAGMA foreign_keys = ON") } }
            try connection.writeTransaction {
                // Another process may have migrated while we waited for the lock.
                let now = try currentVersion()
                if now > Schema.latestVersion {
                    throw StoreError.newerSchema(path: path, found: now, supported: Schema.latestVersion)
                }
                guard now < migration.version else { return }
                try Schema.checkBefore(migration.version, db: connection, path: path)
                if now == 0 {
                    try checkOwnership()
                    try connection.executeScript("PRAGMA application_id = \(Schema.applicationID)")
                }
                try connection.executeScript(migration.sql)
                try Schema.afterScript(migration.version, db: connection, path: path)
                if rebuilds, try !connection.query("PRAGMA foreign_key_check").isEmpty {
                    throw StoreError.backend("migration \(migration.version) left foreign keys pointing nowhere")
                }
                try connection.executeScript("PRAGMA user_version = \(migration.version)")
            }
        }
    }

    public var schemaVersion: Int { (try? lock.withLock { try currentVersion() }) ?? 0 }
}

extension SQLiteBankStore {
    public static var latestSchemaVersion: Int { Schema.latestVersion }
    /// "3.40.1" (this loads libsqlite3), or MISSING and why.
    public static var sqliteVersion: String { SQLiteConnection.libraryVersion }

    /// The library's name, without loading it.
    public static let librarySoname = SQLiteLibrary.soname
}
