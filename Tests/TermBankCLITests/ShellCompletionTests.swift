import Foundation
import XCTest

/// The bash completion that the package installs (`termbank help --completion
/// bash`), run by bash itself as it completes a typed line: commands from the
/// command table, each one's options, the languages, and customer names read
/// from the bank (decision 0105).
final class ShellCompletionTests: XCTestCase {
    var scratch: Scratch!
    var script = ""

    override func setUpWithError() throws {
        scratch = Scratch()
        let printed = try Termbank.run(["help", "--completion", "bash"], database: nil)
        XCTAssertEqual(printed.status, 0, printed.stderr)
        script = scratch.path + "/termbank.bash"
        try printed.stdout.write(toFile: script, atomically: true, encoding: .utf8)
    }

    /// What bash offers for `words`, the last being the word under the cursor.
    func complete(_ words: [String], database: String? = nil) throws -> [String] {
        let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
        let line = ". '\(script)' && COMP_WORDS=(\(quoted)) && COMP_CWORD=\(words.count - 1) && { _termbank; printf '%s\\n' \"${COMPREPLY[@]}\"; }"
        var environment = ["PATH": Termbank.binary.deletingLastPathComponent().path + ":/usr/bin:/bin"]
        if let database { environment["TERMBANK_DB"] = database }
        let run = try Termbank.run(["--norc", "-c", line], database: nil, environment: environment, binary: ["/bin/bash"])
        XCTAssertEqual(run.status, 0, run.stderr)
        return run.stdout.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
    }

    func testCommandsAndTheirWordsComplete() throws {
        XCTAssertEqual(try complete(["termbank", "demo", ""]).sorted(), ["prune", "recorder", "recordings", "reset", "watch"])
        XCTAssertTrue(try complete(["termbank", "sta"]).contains("statement"))
        XCTAssertEqual(try complete(["termbank", "demo", "reset", "--y"]), ["--yes"])
        XCTAssertEqual(try complete(["termbank", "--db", "/tmp/x", "user", "li"]), ["list"], "an option's value is no command word")
    }

    func testOptionsAndLanguagesComplete() throws {
        XCTAssertEqual(try complete(["termbank", "--lang", ""]), ["en", "pt-BR", "it", "uk"])
        XCTAssertEqual(try complete(["termbank", "statement", "alice", "--fo"]), ["--format"])
        XCTAssertTrue(try complete(["termbank", "--de"]).contains("--demo"), "the app's own options")
        XCTAssertTrue(try complete(["termbank", "--de"]).contains("--device"))
    }

    func testCustomerNamesCompleteFromTheBank() throws {
        let bank = scratch.path + "/bank.sqlite"
        XCTAssertEqual(try Termbank.run(["demo", "reset", "--yes"], database: bank).status, 0)
        XCTAssertEqual(try complete(["termbank", "user", "unlock", ""], database: bank).filter { !$0.hasPrefix("-") }.sorted(),
                       ["alice", "bob", "carol"])
        XCTAssertEqual(try complete(["termbank", "statement", "b"], database: bank), ["bob"])
        XCTAssertEqual(try complete(["termbank", "statement", "bob", "b"], database: bank), [], "one customer, then options")
    }

    /// zsh's completion shares the candidates; its compadd and _files stand in here for the completion system's.
    func testZshCompletesTheSameWords() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh") else {
            throw XCTSkip("zsh is not installed (scripts/setup-deps installs it)")
        }
        let printed = try Termbank.run(["help", "--completion", "zsh"], database: nil)
        XCTAssertTrue(printed.stdout.hasPrefix("#compdef termbank\n"))
        let file = scratch.path + "/_termbank"
        try printed.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        func complete(_ words: [String]) throws -> [String] {
            let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
            let line = "compadd() { shift; print -l -- \"$@\"; }; _files() { print @files; }; "
                + "words=(\(quoted)); CURRENT=\(words.count); source '\(file)'"
            let run = try Termbank.run(["-f", "-c", line], database: nil, binary: ["/usr/bin/zsh"])
            XCTAssertEqual(run.status, 0, run.stderr)
            return run.stdout.split(separator: "\n").map(String.init)
        }
        XCTAssertEqual(try complete(["termbank", "demo", ""]).sorted(), ["prune", "recorder", "recordings", "reset", "watch"])
        XCTAssertEqual(try complete(["termbank", "--lang", ""]), ["en", "pt-BR", "it", "uk"])
        XCTAssertEqual(try complete(["termbank", "--key-file", ""]), ["@files"])
        XCTAssertTrue(try complete(["termbank", "statement", "alice", ""]).contains("--format"))
    }
}
