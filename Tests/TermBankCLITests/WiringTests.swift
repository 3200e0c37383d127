import Foundation
import XCTest

/// The CLI wires the core's store protocols, not SQLite: one file opens the
/// backend, so another backend (PostgreSQL) plugs in there and nowhere else.
final class WiringTests: XCTestCase {
    static let cli = LeanBinaryTests.packageRoot.appendingPathComponent("Sources/TermBankCLI")

    /// Files of the CLI module whose text contains `needle`, relative to the module.
    static func files(containing needle: String) throws -> [String] {
        let files = try XCTUnwrap(FileManager.default.enumerator(at: cli, includingPropertiesForKeys: nil))
        var found: [String] = []
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            if code.contains(where: { $0.contains(needle) }) { found.append(String(file.path.dropFirst(cli.path.count + 1))) }
        }
        return found.sorted()
    }

    func testOnlyTheCommandContextOpensTheSQLiteBackend() throws {
        // TermBankCLI.swift names it only for `--version` (the schema and SQLite's version) and the package's needs.
        XCTAssertEqual(try Self.files(containing: "SQLiteBankStore"), ["CommandContext.swift", "TermBankCLI.swift"])
        XCTAssertEqual(try Self.files(containing: "SQLiteBankStore("), ["CommandContext.swift"])
        XCTAssertEqual(try Self.files(containing: "import TermBankStorage"), ["CommandContext.swift", "TermBankCLI.swift"])
    }

    func testOnlyTheCommandContextOpensThePostgreSQLBackend() throws {
        XCTAssertEqual(try Self.files(containing: "PostgresBankStore("), ["CommandContext.swift"])
        XCTAssertEqual(try Self.files(containing: "import TermBankPostgres"), ["CommandContext.swift", "TermBankCLI.swift"])
    }

    func testTheCLIHoldsNoBenchmarkOrTerminalHarness() throws {
        for name in ["PseudoTerminalProcess", "ScreenModel", "LedgerBenchmark", "UIBenchmark", "SSHBenchmark", "forkpty"] {
            XCTAssertEqual(try Self.files(containing: name), [], "\(name) lives in TermBankBenchmarks or TermBankHarness")
        }
    }
}
