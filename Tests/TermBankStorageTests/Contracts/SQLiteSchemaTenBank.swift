import Foundation
import TermBankSQL
@testable import TermBankStorage
import XCTest

// The migrations' contracts start here on SQLite: a bank at schema 10 on a temporary file.

enum SQLiteSchemaTenBank {
    static func make() throws -> SchemaTenBank {
        let directory = TemporaryDirectory()
        let path = directory.file("old.sqlite")
        let raw = try OldSQLiteBank.make(path, version: 10, foreignKeys: false, busyTimeoutMilliseconds: 5_000)
        try raw.executeScript("PRAGMA foreign_keys = ON")
        return SchemaTenBank(raw: raw, version: { Int(try raw.query("PRAGMA user_version").first?.int(0) ?? 0) },
                             open: { try SQLiteBankStore(path: path) }, latest: SQLiteBankStore.latestSchemaVersion, resources: directory)
    }
}
