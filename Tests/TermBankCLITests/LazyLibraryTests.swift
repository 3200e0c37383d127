import Foundation
import TermBankStorage
import TermBankTestKit
import XCTest

/// libcrypto, libqrencode, libcrack, libpq, libutf8proc and libcurl are each
/// needed by one feature (authenticator codes, the QR code to enrol one,
/// choosing a password, a bank on PostgreSQL, letters typed as a letter and an
/// accent, a Verify service), and
/// SQLite and libsodium by none before the login screen is painted, so
/// they are opened on first use instead of being bound at every start
/// (docs/benchmarks.md, "A lean binary"). These tests hold them to that:
/// never linked, never loaded by a session or a `--version` that does not
/// need them, and still doing their job once loaded.
final class LazyLibraryTests: XCTestCase {
    static let lazyLibraries = ["libsqlite3.so.0", "libsodium.so.23", "libcrypto.so.3", "libqrencode.so.4", "libcrack.so.2", "libpq.so.5", "libutf8proc.so.2",
                                 "libcurl.so.4"]

    func testTheAppLinksNoLibraryItOpensOnFirstUse() throws {
        let needed = try LeanBinaryTests.output("/usr/bin/readelf", ["-d", "-W", Termbank.binary.path])
            .split(separator: "\n").filter { $0.contains("(NEEDED)") }
        XCTAssertTrue(needed.contains { $0.contains("libncursesw") }, "readelf listed the needed libraries: \(needed)")
        for library in Self.lazyLibraries {
            XCTAssertFalse(needed.contains { $0.contains(library) }, "\(library) is linked: \(needed)")
        }
    }

    /// `LD_DEBUG=files` makes the dynamic loader name every library it opens.
    func testVersionNamesTheLazyLibrariesWithoutLoadingThem() throws {
        let version = try Termbank.run(["--version"], database: nil, environment: ["LD_DEBUG": "files"])
        XCTAssertEqual(version.status, 0, version.stderr)
        XCTAssertTrue(version.stderr.contains("file=libncursesw"), "the loader reported what it opened: \(version.stderr)")
        for library in Self.lazyLibraries {
            XCTAssertTrue(version.stdout.contains(library), "--version names \(library): \(version.stdout)")
            XCTAssertFalse(version.stderr.contains("file=\(library)"), "--version loaded \(library)")
        }
    }

    func testVersionWithLibrariesLoadsThemAndPrintsTheirVersions() throws {
        let version = try Termbank.run(["--version", "--libraries"], database: nil, environment: ["LD_DEBUG": "files"])
        XCTAssertEqual(version.status, 0, version.stderr)
        let last = version.stdout.split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertTrue(last.hasPrefix("SQLite 3."), last)
        XCTAssertTrue(last.contains(", libsodium 1."), last)
        XCTAssertTrue(last.contains(", OpenSSL 3."), last)
        XCTAssertTrue(last.contains(", libqrencode 4."), last)
        XCTAssertTrue(last.contains(", libpq 1"), last)
        XCTAssertTrue(last.contains(", utf8proc 2."), last)
        XCTAssertTrue(last.contains(", libcurl 7.") || last.contains(", libcurl 8."), last)
        XCTAssertTrue(last.hasSuffix(", libcrack.so.2 loaded"), last)
        XCTAssertFalse(version.stdout.contains("MISSING"), version.stdout)
        for library in Self.lazyLibraries {
            XCTAssertTrue(version.stderr.contains("file=\(library)"), "--version --libraries did not load \(library)")
        }
    }

    /// A library the loader finds but cannot open (here an empty file named
    /// for it, found first through LD_LIBRARY_PATH, as a broken install would
    /// leave it): SQLite and libsodium are no longer bound at exec, so nothing
    /// refuses to start; the first command that needs one must say which
    /// library and which Debian package, and change nothing.
    func brokenLibrary(_ soname: String) throws -> (environment: [String: String], cleanUp: () -> Void) {
        let folder = try ScratchFolder.make("broken-library")
        XCTAssertTrue(FileManager.default.createFile(atPath: folder + "/" + soname, contents: Data()))
        return (["LD_LIBRARY_PATH": folder], { try? FileManager.default.removeItem(atPath: folder) })
    }

    func testABrokenSQLiteIsNamedWithItsPackageAndNothingIsChanged() throws {
        let scratch = try demoBank()
        let before = try Data(contentsOf: URL(fileURLWithPath: scratch.database))
        let broken = try brokenLibrary("libsqlite3.so.0")
        defer { broken.cleanUp() }
        let deposit = try Termbank.run(["deposit", "alice", "checking", "10.00"], database: scratch.database,
                                       environment: broken.environment)
        XCTAssertEqual(deposit.status, 74, deposit.stderr)
        XCTAssertTrue(deposit.stderr.contains("SQLite (libsqlite3.so.0, Debian package libsqlite3-0) cannot be loaded"),
                      deposit.stderr)
        XCTAssertFalse(deposit.stderr.contains("Fatal error"), deposit.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: scratch.database)), before, "the bank was changed")
        let version = try Termbank.run(["--version", "--libraries"], database: nil, environment: broken.environment)
        XCTAssertEqual(version.status, 0, version.stderr)
        XCTAssertTrue(version.stdout.contains("SQLite MISSING (libsqlite3.so.0: "), version.stdout)
    }

    func testABrokenLibsodiumIsNamedWithItsPackageBeforeAnyBankOpens() throws {
        let scratch = try demoBank()
        let broken = try brokenLibrary("libsodium.so.23")
        defer { broken.cleanUp() }
        let signIn = try Termbank.run(["signin", "alice"], database: scratch.database, stdin: "wonderland-42\n",
                                      environment: broken.environment)
        XCTAssertEqual(signIn.status, 69, signIn.stderr)
        XCTAssertTrue(signIn.stderr.contains("libsodium (libsodium.so.23, Debian package libsodium23) cannot be loaded"),
                      signIn.stderr)
        XCTAssertFalse(signIn.stderr.contains("Fatal error"), signIn.stderr)
        let audit = try Termbank.run(["audit", "--user", "alice"], database: scratch.database)
        XCTAssertFalse(audit.stdout.contains("signin."), "a sign-in was tried without libsodium: \(audit.stdout)")
    }

    /// "strawberries" is in cracklib's dictionary and not in Openwall's list,
    /// so only libcrack, opened on this first lookup, can refuse it.
    func testAUserCannotChooseADictionaryWordAfterLibcrackIsLoadedLazily() throws {
        let scratch = try demoBank()
        let word = try Termbank.run(["user", "add", "dave", "--phone", "+1 555 0199"], database: scratch.database,
                                    stdin: "strawberries\n")
        XCTAssertEqual(word.status, 65, word.stderr)
        XCTAssertTrue(word.stderr.contains("too common"), word.stderr)
        XCTAssertFalse(word.stderr.contains("Fatal error"), word.stderr)
    }
}

extension AppEndToEndTests {
    /// A session that signs in with a password and a fingerprint and reads its
    /// statement shows no QR code, chooses no password and reads no decomposed
    /// letter: it maps neither libqrencode nor libcrack nor libutf8proc (nor
    /// libcrypto, see AppMemoryAtRestTests).
    func testASessionThatNeverShowsAQRCodeOrChoosesAPasswordNeverLoadsLibqrencodeOrLibcrack() throws {
        let (app, bank) = try startApp()
        let pid = try XCTUnwrap(Self.appProcess(using: bank.database), "no termbank process on \(bank.database)")
        let maps = { Self.mappings(of: pid) }
        XCTAssertTrue(maps().contains("libncursesw"), "read the app's maps")
        for library in ["libqrencode", "libcrack", "libutf8proc"] {
            XCTAssertFalse(maps().contains(library), "\(library) at the login screen")
        }
        try app.signIn(.alice)
        try app.waitFor("History: both accounts")
        for library in ["libqrencode", "libcrack", "libutf8proc"] {
            XCTAssertFalse(maps().contains(library), "\(library) on the statement")
        }
    }
}
