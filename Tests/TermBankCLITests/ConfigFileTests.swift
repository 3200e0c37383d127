import Foundation
import XCTest

/// /etc/termbank/termbank.conf (here through $TERMBANK_CONFIG): its keys stand
/// for flags, a flag or the environment wins over it, and it is read as
/// strictly as the bank file, each refusal naming the file and the line
/// (decision 0106).
final class ConfigFileTests: XCTestCase {
    var scratch: Scratch!
    var config = ""

    override func setUpWithError() throws {
        scratch = Scratch()
        config = scratch.path + "/termbank.conf"
    }

    func write(_ text: String, mode: Int = 0o644) throws {
        try text.write(toFile: config, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: config)
    }

    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Termbank.Run {
        try Termbank.run(arguments, database: nil, environment: ["TERMBANK_CONFIG": config].merging(environment) { $1 })
    }

    func bank(_ name: String) throws -> String {
        let path = scratch.path + "/" + name + ".sqlite"
        XCTAssertEqual(try Termbank.run(["demo", "reset", "--yes"], database: path).status, 0)
        return path
    }

    func testTheFilesDatabaseIsTheBankUnlessAFlagOrTheEnvironmentNamesAnother() throws {
        let configured = try bank("configured")
        let other = scratch.path + "/other.sqlite"
        try write("# the demo host's bank\ndatabase = \(configured)\n")
        let listed = try run(["user", "list"])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertTrue(listed.stdout.contains("alice"))
        let flagged = try run(["user", "list", "--db", other])
        XCTAssertEqual(flagged.status, 66, "the flag's bank, which does not exist")
        XCTAssertTrue(flagged.stderr.contains(other), flagged.stderr)
        let variable = try run(["user", "list"], environment: ["TERMBANK_DB": other])
        XCTAssertEqual(variable.status, 66, "$TERMBANK_DB wins over the file")
    }

    func testTheAppsSettingsReachTheApp() throws {
        try write("language = xx\n")
        // The app reads its language before it asks for a terminal: the file's is refused as the flag's would be.
        let refused = try run(["--db", try bank("app")])
        XCTAssertEqual(refused.status, 64)
        XCTAssertTrue(refused.stderr.contains("unknown language \"xx\" in --lang"), refused.stderr)
        let flagged = try run(["--db", try bank("flagged"), "--lang", "yy"])
        XCTAssertTrue(flagged.stderr.contains("unknown language \"yy\""), "the flag wins: \(flagged.stderr)")
        let variable = try run(["--db", try bank("variable")], environment: ["TERMBANK_LANG": "uk"])
        XCTAssertEqual(variable.status, 69, "$TERMBANK_LANG wins, and the app then asks for a terminal: \(variable.stderr)")
    }

    func testALineItCannotUseIsNamedWithItsNumber() throws {
        for (text, problem) in [("database = /x\n\nwhat is this\n", "line 3: expected KEY = VALUE"),
                                ("colour = blue\n", "line 1: unknown key \"colour\""),
                                ("demo = maybe\n", "line 1: demo takes yes or no"),
                                ("language = it\nlanguage = uk\n", "line 2: language is set already on line 1"),
                                ("database =\n", "line 1: database has no value"),
                                ("sms-command = /bin/send\u{1B}[2J\n", "line 1: sms-command's value holds a control character")] {
            try write(text)
            let outcome = try self.run(["user", "list"])
            XCTAssertEqual(outcome.status, 78, text)
            let first = outcome.stderr.components(separatedBy: "\n").first ?? ""
            XCTAssertTrue(first.hasPrefix("termbank: \(config) \(problem)"), first)
        }
    }

    /// A file saved with Windows line ends reads as the same lines: "\r\n"
    /// is one Character in Swift, so a split on "\n" alone kept it as one
    /// line, and the database's path went on into the next key (found by the
    /// `config` fuzz target).
    func testCRLFLinesAreLinesToo() throws {
        let configured = try bank("crlf")
        try write("# the demo host's bank\r\ndatabase = \(configured)\r\nlanguage = it\r\n")
        let listed = try run(["user", "list"])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertTrue(listed.stdout.contains("alice"), listed.stdout)
    }

    func testAFileOthersMayChangeOrALinkIsRefused() throws {
        try write("database = /nowhere\n", mode: 0o664)
        let writable = try run(["user", "list"])
        XCTAssertEqual(writable.status, 78)
        XCTAssertTrue(writable.stderr.contains("may be changed by others"), writable.stderr)

        try write("database = /nowhere\n")
        let link = scratch.path + "/link.conf"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: config)
        let linked = try Termbank.run(["user", "list"], database: nil, environment: ["TERMBANK_CONFIG": link])
        XCTAssertEqual(linked.status, 78)
        XCTAssertTrue(linked.stderr.contains("is a symbolic link"), linked.stderr)

        // Another user's file (the tests run as root, as CI does; as anyone else the file is already not ours).
        if getuid() == 0 {
            XCTAssertEqual(chown(config, 65534, 65534), 0)
            let foreign = try run(["user", "list"])
            XCTAssertEqual(foreign.status, 78)
            XCTAssertTrue(foreign.stderr.contains("belongs to user 65534"), foreign.stderr)
            XCTAssertEqual(chown(config, 0, 0), 0)
        }

        // A folder others may write to: they could put another file in its place.
        let shared = scratch.path + "/shared"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o777])
        try FileManager.default.copyItem(atPath: config, toPath: shared + "/termbank.conf")
        let planted = try Termbank.run(["user", "list"], database: nil, environment: ["TERMBANK_CONFIG": shared + "/termbank.conf"])
        XCTAssertEqual(planted.status, 78)
        XCTAssertTrue(planted.stderr.contains("which others may write to"), planted.stderr)
    }

    func testTheTemplateTheBinaryPrintsIsAFileItAccepts() throws {
        let template = try Termbank.run(["help", "--config-file"], database: nil)
        XCTAssertEqual(template.status, 0)
        try write(template.stdout)
        let outcome = try self.run(["user", "list", "--db", try bank("template")])
        XCTAssertEqual(outcome.status, 0, outcome.stderr)
        // Uncommented, each example value is a value the key takes.
        let uncommented = template.stdout.components(separatedBy: "\n")
            .map { $0.hasPrefix("#") && !$0.hasPrefix("# ") && $0.contains(" = ") ? String($0.dropFirst()) : $0 }
            .filter { !$0.hasPrefix("sms-command") && !$0.hasPrefix("database") && !$0.hasPrefix("key-file") }
        try write(uncommented.joined(separator: "\n"))
        let examples = try run(["user", "list", "--db", try bank("examples")])
        XCTAssertEqual(examples.status, 0, examples.stderr)
    }
}
