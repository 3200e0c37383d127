import TermBankCore
import TermBankSQL

/// SQLite's own part of the schema. The migrations are the ladder both
/// engines climb (`SchemaLadder` in TermBankSQL, decision 88); here is what
/// only SQLite has: the header's application id, and `PRAGMA user_version`,
/// which holds the number of the last migration applied.
enum Schema {
    /// "TBNK": marks the file as TermBank's in the SQLite header, so any other
    /// SQLite file is refused instead of being migrated into.
    static let applicationID: Int32 = 0x5442_4E4B

    static var latestVersion: Int { SchemaLadder.latestVersion }

    /// Each migration's SQLite text, for the tests that write a file as an
    /// older TermBank left it.
    static let migrations: [(version: Int, sql: String)] = SchemaLadder.migrations.compactMap { migration in
        migration.script(on: .sqlite).map { (migration.version, $0) }
    }

    /// What runs after a migration's text, in its transaction (for the same tests).
    static func afterScript(_ version: Int, db: SQLiteConnection, path: String) throws {
        try SchemaLadder.migrations.first { $0.version == version }?.after?(db, .sqlite, path)
    }
}

/// The ladder's runner on one SQLite file.
struct SQLiteMigrationHost: MigrationHost {
    let sqlite: SQLiteConnection
    let path: String

    var engine: SQLEngine { .sqlite }
    var connection: any SQLConnection { sqlite }

    func version() throws -> Int {
        Int(try sqlite.query("PRAGMA user_version").first?.int(0) ?? 0)
    }

    /// `BEGIN IMMEDIATE`: one writer at a time, so processes opening the
    /// file together migrate once. A migration that rebuilds a table other
    /// tables point at runs with foreign keys off (SQLite's own procedure:
    /// they cannot change inside a transaction); `record` checks every key.
    func transaction(for migration: Migration, _ body: () throws -> Void) throws {
        let rebuilds = migration.rebuildsReferencedTables
        if rebuilds { try sqlite.executeScript("PRAGMA foreign_keys = OFF") }
        defer { if rebuilds { try? sqlite.executeScript("PRAGMA foreign_keys = ON") } }
        try sqlite.writeTransaction(body)
    }

    func claim() throws {
        try checkOwnership()
        try sqlite.executeScript("PRAGMA application_id = \(Schema.applicationID)")
    }

    func record(_ migration: Migration) throws {
        if migration.rebuildsReferencedTables, try !sqlite.query("PRAGMA foreign_key_check").isEmpty {
            throw StoreError.backend("migration \(migration.version) left foreign keys pointing nowhere")
        }
        try sqlite.executeScript("PRAGMA user_version = \(migration.version)")
    }

    /// Refuses any SQLite file that is not ours (another application's data
    /// must never be migrated into).
    func checkOwnership() throws {
        let applicationID = try sqlite.query("PRAGMA application_id").first?.int(0) ?? 0
        if applicationID == Int64(Schema.applicationID) { return }
        let objects = try sqlite.query("SELECT count(*) FROM sqlite_schema").first?.int(0) ?? 0
        if applicationID != 0 || objects > 0 { throw StoreError.notATermBankDatabase(path: path) }
    }
}
