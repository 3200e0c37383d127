import Foundation
import XCTest

/// Every contract runs on both backends: each test of a `ContractTestCase`
/// runs its check through `onEachBackend`, so a check written for one backend alone fails here.
final class ContractTwinTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// Each test of a `ContractTestCase` class in the folder, with its body: "Class.testName" -> body.
    static func contractTests() throws -> [String: String] {
        var found: [String: String] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            var currentClass: String?
            var currentTest: String?
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let words = line.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == ":" })
                if let index = words.firstIndex(of: "class"), index + 1 < words.count {
                    currentClass = line.contains(": ContractTestCase") ? String(words[index + 1]) : nil
                    currentTest = nil
                } else if let owner = currentClass, let index = words.firstIndex(of: "func"), index + 1 < words.count {
                    currentTest = words[index + 1].hasPrefix("test") ? owner + "." + words[index + 1] : nil
                    if let test = currentTest { found[test] = String(line) }
                } else if let test = currentTest {
                    found[test, default: ""] += "\n" + line
                }
            }
        }
        return found
    }

    func testEveryContractTestRunsOnEachBackend() throws {
        let tests = try Self.contractTests()
        XCTAssertGreaterThanOrEqual(tests.count, 70, "found the contract tests: \(tests.keys.sorted())")
        XCTAssertEqual(tests.filter { !$0.value.contains("onEachBackend") }.keys.sorted(), [],
                       "contract tests that do not run on each backend")
        XCTAssertEqual(Set(ContractTestCase.Backend.allCases.map(\.rawValue)), ["SQLite", "PostgreSQL"])
    }
}
