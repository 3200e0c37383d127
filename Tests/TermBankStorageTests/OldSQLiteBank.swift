import Foundation
@testable import TermBankStorage
import XCTest

/// A bank file as an older TermBank left it, for the migration tests: the
/// same steps the store takes (each migration's SQL, its after-step, the
/// version) up to `version`, on a new 0600 file at `path`. The connection
/// stays open for the test to add rows that schema could hold; opening a
/// `SQLiteBankStore` on `path` then migrates the rest of the way.
enum OldSQLiteBank {
    /// `foreignKeys`: whether the connection enforces them while it migrates (the store's does).
    static func make(_ path: String, version: Int, foreignKeys: Bool = true, busyTimeoutMilliseconds: Int = 1000,
                     file: StaticString = #filePath, line: UInt = #line) throws -> SQLiteConnection {
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
                      file: file, line: line)
        let old = try SQLiteConnection(path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        try old.executeScript("PRAGMA journal_mode = WAL; " + (foreignKeys ? "PRAGMA foreign_keys = ON; " : "")
                              + "PRAGMA application_id = \(Schema.applicationID)")
        for migration in Schema.migrations where migration.version <= version {
            try old.executeScript("BEGIN; \(migration.sql);")
            try Schema.afterScript(migration.version, db: old, path: path)
            try old.executeScript("PRAGMA user_version = \(migration.version); COMMIT;")
        }
        return old
    }
}
