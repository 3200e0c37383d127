import TermBankCore

/// What the ladder's one runner (`SchemaLadder.migrate`) needs of an engine
/// besides its SQL: where the version is kept (SQLite's `user_version`,
/// PostgreSQL's `termbank_schema`), how a database is claimed as TermBank's,
/// and the lock under which concurrent first starts migrate once.
package protocol MigrationHost {
    var engine: SQLEngine { get }
    var connection: any SQLConnection { get }
    /// Where the bank is, for messages.
    var path: String { get }

    /// The last migration applied: 0 where there is no TermBank schema.
    func version() throws -> Int

    /// Throws when this database can hold no schema change (a standby).
    func checkWritable() throws

    /// Runs one migration as the engine's transaction, under the lock that
    /// makes processes starting together migrate once.
    func transaction(for migration: Migration, _ body: () throws -> Void) throws

    /// In the first migration's transaction: refuses a database holding
    /// another application's data (never migrated into), and marks it as TermBank's.
    func claim() throws

    /// In the migration's transaction, after its steps: records it as applied.
    func record(_ migration: Migration) throws
}

extension MigrationHost {
    package func checkWritable() throws {}
}
