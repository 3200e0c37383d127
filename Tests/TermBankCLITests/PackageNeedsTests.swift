import Foundation
import XCTest

/// `termbank help --package-needs`, from which scripts/package computes the
/// Debian package's Depends, Recommends and Suggests for what the binary opens
/// on first use (decision 0105): the same libraries `--version` names, each
/// with a level, and data files by absolute path.
final class PackageNeedsTests: XCTestCase {
    func testEveryLibraryOpenedOnFirstUseHasALevel() throws {
        let needs = try Termbank.run(["help", "--package-needs"], database: nil)
        XCTAssertEqual(needs.status, 0, needs.stderr)
        let version = try Termbank.run(["--version"], database: nil).stdout
        let rows = needs.stdout.split(separator: "\n").map { $0.components(separatedBy: "\t") }
        XCTAssertTrue(rows.allSatisfy { $0.count == 3 && ["depends", "recommends", "suggests"].contains($0[0]) }, needs.stdout)
        let libraries = rows.map { $0[1] }.filter { !$0.hasPrefix("/") }
        // "opened on first use: libsqlite3.so.0 (the bank), ..." lists every one.
        let line = try XCTUnwrap(version.split(separator: "\n").first { $0.hasPrefix("opened on first use: ") })
        let named = line.dropFirst("opened on first use: ".count).components(separatedBy: ", ")
            .map { $0.components(separatedBy: " ")[0] }.filter { $0.hasPrefix("lib") && $0.contains(".so.") }
        XCTAssertEqual(Set(libraries), Set(named), "--version and the package name the same libraries")
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: rows.map { ($0[1], $0[0]) })["libsqlite3.so.0"], "depends")
        XCTAssertEqual(Dictionary(uniqueKeysWithValues: rows.map { ($0[1], $0[0]) })["libpq.so.5"], "suggests")
    }
}
