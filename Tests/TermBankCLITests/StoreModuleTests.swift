import Foundation
import XCTest

/// The store is written once (decision 29): `TermBankSQL` holds every store
/// protocol's SQL and imports no C library; each engine module imports its
/// own library and holds only its connection, schema and change stamp, never
/// a second copy of the store's SQL.
final class StoreModuleTests: XCTestCase {
    static let sources = LeanBinaryTests.packageRoot.appendingPathComponent("Sources")

    /// Each Swift file of `module` (relative name) with its lines of code (comments left out).
    static func code(of module: String) throws -> [(file: String, lines: [String])] {
        let folder = sources.appendingPathComponent(module)
        let files = try XCTUnwrap(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        var found: [(file: String, lines: [String])] = []
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            let lines = text.split(separator: "\n").map(String.init)
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
            found.append((String(file.path.dropFirst(folder.path.count + 1)), lines))
        }
        return found.sorted { $0.file < $1.file }
    }

    static func imports(of module: String) throws -> Set<String> {
        Set(try code(of: module).flatMap(\.lines).filter { $0.hasPrefix("import ") }.map { String($0.dropFirst(7)) })
    }

    func testTheSharedStoreImportsNoCLibraryAndNoEngine() throws {
        XCTAssertEqual(try Self.imports(of: "TermBankSQL"), ["TermBankCore", "TermBankSystem"])
    }

    func testOnlyTheSQLiteModuleImportsSQLiteAndOnlyThePostgresModuleImportsLibpq() throws {
        let modules = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path)
            .filter { $0.hasPrefix("TermBank") }
        XCTAssertTrue(modules.contains("TermBankSQL"), "\(modules)")
        for module in modules {
            let imports = try Self.imports(of: module)
            XCTAssertEqual(imports.contains("CSQLite"), module == "TermBankStorage", module)
            XCTAssertEqual(imports.contains("CPostgreSQL"), module == "TermBankPostgres", module)
        }
    }

    /// Outside its schema, an engine module reads and writes none of the
    /// bank's tables: a store method written there would be the second copy.
    func testTheEnginesHoldNoCopyOfTheStoresSQL() throws {
        let tables = ["users", "accounts", "transfers", "postings", "audit", "devices", "sessions", "verifications",
                      "sms_sends", "sms_code_locks", "trusted_devices", "authenticators", "recovery_codes", "bank_meta",
                      "phone_inbox", "known_sign_ins", "signin_throttle", "demo_guests", "stepup_confirmations",
                      "biometric_settings", "verification_holders"]
        let verbs = ["FROM", "INTO", "UPDATE", "JOIN"]
        for module in ["TermBankStorage", "TermBankPostgres"] {
            for (file, lines) in try Self.code(of: module) where !file.hasSuffix("Schema.swift") {
                for line in lines {
                    let words = line.split(whereSeparator: { !$0.isLetter && $0 != "_" }).map(String.init)
                    for (verb, table) in zip(words, words.dropFirst()) where verbs.contains(verb) && tables.contains(table) {
                        XCTFail("\(module)/\(file) runs store SQL (\(verb) \(table)): it belongs in TermBankSQL")
                    }
                }
            }
        }
        // The check can fail: the shared store does read and write those tables.
        let shared = try Self.code(of: "TermBankSQL").flatMap(\.lines).joined(separator: "\n")
        XCTAssertTrue(shared.contains("INSERT INTO transfers"))
    }
}
