import TermBankHarness
@testable import TermBankPostgres
import TermBankSQL
import XCTest

// The migrations' contracts start here on PostgreSQL: a bank at schema 10 on a
// fresh schema of the throwaway cluster.

enum PostgresSchemaTenBank {
    static func make() throws -> SchemaTenBank {
        let location = try PostgresLocation(url: try ThrowawayPostgres.shared().freshSchemaURL())
        let raw = try PostgresConnection(location: location)
        for migration in PostgresSchema.migrations where migration.version <= 10 {
            try raw.executeScript(migration.sql)
        }
        try raw.execute("UPDATE termbank_schema SET version = 10")
        return SchemaTenBank(raw: raw, version: { Int(try raw.query("SELECT version FROM termbank_schema").first?.int(0) ?? 0) },
                             open: { try PostgresBankStore(location: location) }, latest: PostgresBankStore.latestSchemaVersion, resources: nil)
    }
}
