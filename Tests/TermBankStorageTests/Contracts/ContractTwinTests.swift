import Foundation
import XCTest

/// Every contract runs on both backends: each SQLite contract test has its
/// PostgreSQL twin of the same name, so a contract added for SQLite alone fails here.
final class ContractTwinTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// "Class.testName" for every test in a file, with the backend's prefix taken off the class.
    static func tests(in file: String, prefix: String) throws -> Set<String> {
        let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        var found: Set<String> = []
        var currentClass = ""
        for line in text.split(separator: "\n") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == ":" })
            if let index = words.firstIndex(of: "class"), index + 1 < words.count {
                currentClass = String(words[index + 1].dropFirst(prefix.count))
            } else if let index = words.firstIndex(of: "func"), index + 1 < words.count, words[index + 1].hasPrefix("test") {
                found.insert(currentClass + "." + words[index + 1])
            }
        }
        return found
    }

    func testEverySQLiteContractTestHasAPostgreSQLTwin() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasPrefix("SQLite") && $0.hasSuffix("ContractTests.swift") }
        XCTAssertGreaterThanOrEqual(files.count, 3, "found the SQLite contract files: \(files)")
        for sqlite in files {
            let postgres = "Postgres" + sqlite.dropFirst("SQLite".count)
            XCTAssertTrue(files.count > 0 && FileManager.default.fileExists(atPath: Self.folder.appendingPathComponent(postgres).path),
                          "\(sqlite) has no PostgreSQL twin \(postgres)")
            guard FileManager.default.fileExists(atPath: Self.folder.appendingPathComponent(postgres).path) else { continue }
            let onSQLite = try Self.tests(in: sqlite, prefix: "SQLite")
            let onPostgres = try Self.tests(in: postgres, prefix: "Postgres")
            XCTAssertFalse(onSQLite.isEmpty, "read no tests from \(sqlite)")
            XCTAssertEqual(onSQLite.subtracting(onPostgres).sorted(), [], "contracts with no PostgreSQL twin in \(postgres)")
            XCTAssertEqual(onPostgres.subtracting(onSQLite).sorted(), [], "PostgreSQL tests with no SQLite twin")
        }
    }
}
