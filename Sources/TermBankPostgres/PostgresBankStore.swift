import TermBankCore
import TermBankSQL

/// The bank's store on one PostgreSQL database, shared by every TermBank
/// process on every host that names it: one connection per process, opened
/// once; every write `SERIALIZABLE`, run again on a serialization failure
/// (`PostgresConnection.writeTransaction`); `synchronous_commit` as the server
/// sets it (on by default: a committed transfer is on disk before the
/// receipt). The store's SQL is `SQLBankStore`'s, shared with SQLite, so
/// the same contracts hold (Tests/TermBankStorageTests/Contracts); this adds
/// the connection, the schema and the change stamp.
public final class PostgresBankStore: SQLBankStore, @unchecked Sendable {
    public let location: PostgresLocation
    let connection: PostgresConnection

    /// How many times a write runs in all on a serialization failure or a deadlock.
    public static var serializationAttempts: Int { PostgresConnection.defaultMaximumAttempts }

    /// `createsBank`: whether a database without TermBank's schema gets it
    /// (`demo reset`, `user add`); otherwise it is refused as `noBank`, as a
    /// missing SQLite file is, so a mistyped database name makes nothing.
    public init(location: PostgresLocation, createsBank: Bool = true) throws {
        self.location = location
        connection = try PostgresConnection(location: location)
        // Where the bank is, for messages: the URL without its password.
        super.init(path: location.display, connection: connection)
        if !createsBank, try schema.storedVersion() == nil {
            throw try schema.tableCount() > 0 ? StoreError.notATermBankDatabase(path: path) : StoreError.noBank(path: path)
        }
        try migrate()
    }

    /// Statements this process's connection has sent to the server: a
    /// session at rest sends none (`changeStamp` reads notifications only).
    public var statementsSent: Int { lock.withLock { connection.statementsSent } }

    /// The server process serving this connection, for fault-injection tests
    /// (`pg_terminate_backend`) and for the operator matching `pg_stat_activity`.
    public var serverProcessID: Int32 { lock.withLock { connection.backendPID } }

    /// Whether the server this process is on is a hot standby: it reads the
    /// bank as of its last replayed commit and refuses every write.
    public var isStandby: Bool { lock.withLock { connection.isStandby } }

    /// Throws `readOnlyStandby` unless the connection is (or, reopened, now
    /// finds) a primary: for the app, which cannot sign anyone in on a standby.
    public func requireWritable() throws {
        try withConnection { _ in try connection.requireWritable() }
    }

    /// Nothing to free on this side: the prepared statements and their plans
    /// live in the server's backend process, and libpq keeps no cache.
    public func releaseMemory() {}

    // MARK: Opening

    /// The database's side of the schema ladder: its version, its ownership, the migrations' lock.
    private var schema: PostgresMigrationHost { PostgresMigrationHost(postgres: connection, path: path) }

    /// Refuses a database that holds another application's tables (never
    /// migrated into) and one written by a newer TermBank; migrates an older
    /// one, each version in its own transaction under an advisory lock, so
    /// processes starting together migrate once (`SchemaLadder`, decision 88).
    private func migrate() throws {
        try SchemaLadder.migrate(schema)
    }

    public var schemaVersion: Int { (try? withConnection { _ in try schema.version() }) ?? 0 }
}

extension PostgresBankStore {
    public static var latestSchemaVersion: Int { SchemaLadder.latestVersion }
    /// The library opened when a postgresql:// URL is given.
    public static var librarySoname: String { PostgresLibrary.soname }
    /// libpq's version ("libpq 15.18"), or why it could not be opened.
    public static var libraryVersion: String { PostgresLibrary.versionText }
}
