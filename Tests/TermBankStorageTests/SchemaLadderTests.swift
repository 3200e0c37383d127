import Foundation
import TermBankHarness
@testable import TermBankPostgres
import TermBankSQL
@testable import TermBankStorage
import XCTest

/// The one migration ladder (decision 88): each number once, in order, and
/// every database, whatever version it was left at, ends with the schema a
/// new one gets. The PostgreSQL half (`PostgresSchemaLadderTests`) also holds
/// the engines to the same tables at every version they share.
final class SchemaLadderTests: XCTestCase {
    func testEachVersionIsOneStepInOrderAndPostgreSQLTakesEveryStepFromItsFirst() {
        let versions = SchemaLadder.migrations.map(\.version)
        XCTAssertEqual(versions, Array(1...SchemaLadder.latestVersion))
        for migration in SchemaLadder.migrations {
            XCTAssertNotNil(migration.script(on: .sqlite), "SQLite takes step \(migration.version)")
            XCTAssertEqual(migration.script(on: .postgresql) != nil, migration.version >= SchemaLadderFixture.postgresFirst,
                           "PostgreSQL takes step \(migration.version) only from its first, 7")
        }
        XCTAssertEqual(SQLiteBankStore.latestSchemaVersion, PostgresBankStore.latestSchemaVersion)
    }

    func testASQLiteFileLeftAtEachPastVersionEndsAsANewOne() throws {
        let new = try SchemaLadderFixture.sqlite(at: 0)
        _ = try SQLiteBankStore(path: new.path)
        let expected = try SchemaDescription.sqlite(new.connection)
        XCTAssertGreaterThan(expected.exact.count, 50, "the whole schema was read")
        for version in 1..<SchemaLadder.latestVersion {
            let old = try SchemaLadderFixture.sqlite(at: version)
            XCTAssertEqual(old.version, version)
            let store = try SQLiteBankStore(path: old.path)
            XCTAssertEqual(store.schemaVersion, SchemaLadder.latestVersion)
            XCTAssertEqual(try SchemaDescription.sqlite(old.connection), expected, "a file left at version \(version)")
        }
    }

    /// The describer reads PostgreSQL's deparsed CHECK as SQLite's text, and
    /// tells a changed rule: the engines' comparison can fail.
    func testACheckReadsTheSameOnBothEnginesUntilItsRuleChanges() {
        let sqlite = SchemaDescription.checkExpressions(in: """
            CREATE TABLE t (status TEXT NOT NULL CHECK (status IN ('A', 'B')), n INTEGER CHECK (length(n) BETWEEN 1 AND 64)) STRICT
            """)
        XCTAssertEqual(sqlite, ["status IN ('A', 'B')", "length(n) BETWEEN 1 AND 64"])
        let same = SchemaDescription.checkFact("t", columns: ["status"], definition: sqlite[0])
        XCTAssertEqual(same, SchemaDescription.checkFact("t", columns: ["status"],
                                                         definition: "CHECK ((status = ANY (ARRAY['A'::text, 'B'::text])))"))
        XCTAssertNotEqual(same, SchemaDescription.checkFact("t", columns: ["status"],
                                                            definition: "CHECK ((status = ANY (ARRAY['A'::text, 'C'::text])))"))
        XCTAssertEqual(SchemaDescription.checkFact("t", columns: ["n"], definition: sqlite[1]),
                       SchemaDescription.checkFact("t", columns: ["n"],
                                                   definition: "CHECK (((char_length(n) >= 1) AND (char_length(n) <= 64)))"))
    }
}

/// Needs the throwaway PostgreSQL cluster: run under `flock /work/locks/pg.lock`.
final class PostgresSchemaLadderTests: XCTestCase {
    /// What only PostgreSQL has, and why; anything else one engine has and
    /// the other lacks fails the comparison.
    static let onlyOnPostgreSQL: Set<String> = [
        // Where PostgreSQL keeps the version (SQLite: `PRAGMA user_version`).
        "table termbank_schema",
        "column termbank_schema.version integer not null default -",
        // Orders sessions started in the same millisecond (SQLite's rowid; `SQLDialect.insertionOrder`).
        "column sessions.seq integer not null default -",
        // Made with PostgreSQL's first version and never on SQLite: adding it
        // there would be a migration of its own.
        "index sessions_by_device on sessions(device_id, started_at)",
    ]

    func testADatabaseLeftAtEachPastVersionEndsAsANewOne() throws {
        let new = try SchemaLadderFixture.postgres(at: 0)
        _ = try PostgresBankStore(location: new.location)
        let expected = try SchemaDescription.postgres(new.connection)
        XCTAssertGreaterThan(expected.exact.count, 50, "the whole schema was read")
        for version in SchemaLadderFixture.postgresFirst..<SchemaLadder.latestVersion {
            let old = try SchemaLadderFixture.postgres(at: version)
            XCTAssertEqual(try old.host.version(), version)
            let store = try PostgresBankStore(location: old.location)
            XCTAssertEqual(store.schemaVersion, SchemaLadder.latestVersion)
            XCTAssertEqual(try SchemaDescription.postgres(old.connection), expected, "a database left at version \(version)")
        }
    }

    /// Tables, columns and their types as mapped, keys, unique constraints,
    /// indexes (partial ones with their condition), foreign keys with their
    /// ON DELETE, and what each CHECK reads and compares with: the same on
    /// both engines at every version both have, and for a new bank.
    func testBothEnginesHoldTheSameSchemaAtEveryVersionTheyShare() throws {
        for version in SchemaLadderFixture.postgresFirst...SchemaLadder.latestVersion {
            let sqlite = try SchemaDescription.sqlite(SchemaLadderFixture.sqlite(at: version).connection).facts
            let postgres = try SchemaDescription.postgres(SchemaLadderFixture.postgres(at: version).connection).facts
            assertSame(sqlite: sqlite, postgres: postgres, "at version \(version)")
        }
        let newSQLite = try SchemaLadderFixture.sqlite(at: 0)
        _ = try SQLiteBankStore(path: newSQLite.path)
        let newPostgres = try SchemaLadderFixture.postgres(at: 0)
        _ = try PostgresBankStore(location: newPostgres.location)
        let facts = try SchemaDescription.sqlite(newSQLite.connection).facts
        assertSame(sqlite: facts, postgres: try SchemaDescription.postgres(newPostgres.connection).facts, "a new bank")
        XCTAssertTrue(facts.contains("foreign key postings(transfer_id) -> transfers(id) on delete no action"), "\(facts)")
        XCTAssertTrue(facts.contains("index verifications_one_running_per_phone on verifications(phone) unique where status='INPROGRESS'"),
                      "\(facts)")
    }

    /// The comparison can fail: SQLite at 14 allows SUPERSEDED, PostgreSQL
    /// at 13 does not yet, and that CHECK is all that differs.
    func testTheComparisonSeesACheckOneEngineChanged() throws {
        let sqlite = try SchemaDescription.sqlite(SchemaLadderFixture.sqlite(at: 14).connection).facts
        let postgres = try SchemaDescription.postgres(SchemaLadderFixture.postgres(at: 13).connection).facts
            .filter { !Self.onlyOnPostgreSQL.contains($0) }
        XCTAssertEqual(Set(sqlite).subtracting(postgres),
                       ["check verifications(status) 'CANCELLED', 'EXPIRED', 'FAILED', 'IN PROGRESS', 'SUCCESS', 'SUPERSEDED'"])
        XCTAssertEqual(Set(postgres).subtracting(sqlite),
                       ["check verifications(status) 'CANCELLED', 'EXPIRED', 'FAILED', 'IN PROGRESS', 'SUCCESS'"])
    }

    func assertSame(sqlite: [String], postgres: [String], _ when: String, file: StaticString = #filePath, line: UInt = #line) {
        let onlySQLite = Set(sqlite).subtracting(postgres)
        let onlyPostgres = Set(postgres).subtracting(sqlite).subtracting(Self.onlyOnPostgreSQL)
        XCTAssertEqual(onlySQLite, [], "\(when): only on SQLite", file: file, line: line)
        XCTAssertEqual(onlyPostgres, [], "\(when): only on PostgreSQL", file: file, line: line)
        XCTAssertEqual(sqlite.count, Set(sqlite).count, "\(when): a fact twice on SQLite", file: file, line: line)
        XCTAssertEqual(postgres.count, Set(postgres).count, "\(when): a fact twice on PostgreSQL", file: file, line: line)
    }
}

/// Databases as an older TermBank left them: the ladder's own runner,
/// stopped at a version (0: nothing yet, for a store to make a new bank).
enum SchemaLadderFixture {
    static let postgresFirst = 7

    struct SQLiteFile {
        let directory: TemporaryDirectory
        let path: String
        let connection: SQLiteConnection
        var version: Int { (try? SQLiteMigrationHost(sqlite: connection, path: path).version()) ?? -1 }
    }

    static func sqlite(at version: Int) throws -> SQLiteFile {
        let directory = TemporaryDirectory()
        let path = directory.file("bank.sqlite")
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw ContractFailure("could not create \(path)")
        }
        let connection = try SQLiteConnection(path: path, busyTimeoutMilliseconds: 5_000)
        try connection.executeScript(SQLiteBankStore.connectionSettings.joined(separator: "; "))
        if version > 0 { try SchemaLadder.migrate(SQLiteMigrationHost(sqlite: connection, path: path), upTo: version) }
        return SQLiteFile(directory: directory, path: path, connection: connection)
    }

    struct PostgresDatabase {
        let location: PostgresLocation
        let connection: PostgresConnection
        var host: PostgresMigrationHost { PostgresMigrationHost(postgres: connection, path: location.display) }
    }

    static func postgres(at version: Int) throws -> PostgresDatabase {
        let location = try PostgresLocation(url: try ThrowawayPostgres.shared().freshSchemaURL())
        let schema = PostgresDatabase(location: location, connection: try PostgresConnection(location: location))
        if version > 0 { try SchemaLadder.migrate(schema.host, upTo: version) }
        return schema
    }
}
