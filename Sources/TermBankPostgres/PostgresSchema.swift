import TermBankCore
import TermBankSQL

/// PostgreSQL's own part of the schema. The migrations are the ladder both
/// engines climb (`SchemaLadder` in TermBankSQL, decision 88), numbered as
/// on SQLite so one number means the same tables on both; PostgreSQL's first
/// is 7. Here is what only PostgreSQL has: `termbank_schema`, which holds the
/// number of the last migration applied and marks the database as
/// TermBank's, and the advisory lock each migration's transaction takes, so
/// concurrent first starts migrate once.
enum PostgresSchema {
    /// The advisory lock key migrations take: "TBNK", as SQLite's application id.
    static let migrationLock: Int64 = 0x5442_4E4B

    /// Each migration's PostgreSQL text, for the tests that write a database
    /// as an older TermBank left it.
    static let migrations: [(version: Int, sql: String)] = SchemaLadder.migrations.compactMap { migration in
        migration.script(on: .postgresql).map { (migration.version, $0) }
    }
}

/// The ladder's runner on one PostgreSQL schema (the URL's `search_path`).
struct PostgresMigrationHost: MigrationHost {
    let postgres: PostgresConnection
    let path: String

    var engine: SQLEngine { .postgresql }
    var connection: any SQLConnection { postgres }

    func version() throws -> Int { try storedVersion() ?? 0 }

    /// The schema number, or nil when the database has no TermBank schema.
    func storedVersion() throws -> Int? {
        guard try postgres.query("SELECT to_regclass('termbank_schema') IS NOT NULL").first?.text(0) == "t" else {
            return nil
        }
        return Int(try postgres.query("SELECT version FROM termbank_schema").first?.int(0) ?? 0)
    }

    /// A standby can hold no schema change; its primary's migration reaches it by replication.
    func checkWritable() throws {
        if postgres.isStandby { throw StoreError.readOnlyStandby(location: path) }
    }

    func transaction(for migration: Migration, _ body: () throws -> Void) throws {
        try postgres.schemaTransaction {
            try postgres.execute("SELECT pg_advisory_xact_lock(?)", [PostgresSchema.migrationLock])
            try body()
        }
    }

    /// Refuses a schema holding another application's tables (never migrated into).
    func claim() throws {
        if try tableCount() > 0 { throw StoreError.notATermBankDatabase(path: path) }
    }

    func tableCount() throws -> Int64 {
        try postgres.query("""
            SELECT count(*) FROM pg_catalog.pg_tables WHERE schemaname = current_schema()
            """).first?.int(0) ?? 0
    }

    func record(_ migration: Migration) throws {
        try postgres.execute("UPDATE termbank_schema SET version = ?", [migration.version])
    }
}
