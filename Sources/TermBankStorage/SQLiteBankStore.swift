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
        try schema.checkOwnership()
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

    /// The file's side of the schema ladder: its version, its ownership.
    private var schema: SQLiteMigrationHost { SQLiteMigrationHost(sqlite: connection, path: path) }

    /// No TermBank schema and nothing else: a new or zero-length file.
    private func isEmpty() throws -> Bool {
        let objects = try connection.query("SELECT count(*) FROM sqlite_schema").first?.int(0) ?? 0
        return try schema.version() == 0 && objects == 0
    }

    /// Refuses a file written by a newer TermBank; migrates an older one
    /// (`SchemaLadder`, decision 88).
    private func migrate() throws {
        try SchemaLadder.migrate(schema)
    }

    public var schemaVersion: Int { (try? lock.withLock { try schema.version() }) ?? 0 }
}

extension SQLiteBankStore {
    public static var latestSchemaVersion: Int { SchemaLadder.latestVersion }
    /// "3.40.1" (this loads libsqlite3), or MISSING and why.
    public static var sqliteVersion: String { SQLiteConnection.libraryVersion }

    /// The library's name, without loading it.
    public static let librarySoname = SQLiteLibrary.soname
}
