import Foundation
import XCTest

/// termbank(1) is the binary's own help, in roff: it says line for line what
/// the operator guide's reference says (`termbank help --markdown`), so the
/// installed manual cannot drift from the commands (decision 0105).
final class ManPageTests: XCTestCase {
    /// The lines of each ```text block of the guide's reference.
    static func markdownBlocks(_ text: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in text.components(separatedBy: "\n") {
            if line == "```text" { current = [] } else if line == "```", let block = current {
                blocks.append(block)
                current = nil
            } else if current != nil { current?.append(line) }
        }
        return blocks
    }

    /// The lines of each .nf ... .fi block of the manual, as they read.
    static func manBlocks(_ roff: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in roff.components(separatedBy: "\n") {
            if line == ".nf" { current = [] } else if line == ".fi", let block = current {
                blocks.append(block.map(ManPageText.plain))
                current = nil
            } else if current != nil { current?.append(line) }
        }
        return blocks
    }

    func testTheManualHoldsEveryLineOfTheGuidesReference() throws {
        let markdown = try Termbank.run(["help", "--markdown"], database: nil)
        let man = try Termbank.run(["help", "--man"], database: nil)
        XCTAssertEqual(man.status, 0, man.stderr)
        let guide = Self.markdownBlocks(markdown.stdout)
        let manual = Self.manBlocks(man.stdout)
        XCTAssertGreaterThan(guide.count, 20, "the guide explains every command")
        XCTAssertEqual(guide.sorted { $0.joined() < $1.joined() }, manual.sorted { $0.joined() < $1.joined() },
                       "termbank(1) and the operator guide explain the same commands in the same words")
        // Each command's heading, and each exit code with its meaning.
        for line in markdown.stdout.components(separatedBy: "\n") where line.hasPrefix("### ") {
            XCTAssertTrue(man.stdout.contains("\n.SS " + ManPageText.roff(String(line.dropFirst(4))) + "\n"), line)
        }
        for line in markdown.stdout.components(separatedBy: "\n") where line.hasPrefix("| ") && line.hasSuffix(" |") {
            let cells = line.dropFirst(2).dropLast(2).components(separatedBy: " | ")
            guard cells.count == 2, Int(cells[0]) != nil else { continue }
            XCTAssertTrue(man.stdout.contains("\n.TP\n.B " + cells[0] + "\n" + ManPageText.roff(cells[1].replacingOccurrences(of: "\\|", with: "|")) + "\n"),
                          "exit code \(cells[0])")
        }
    }

    /// groff reads it without a warning (lintian runs the same check).
    func testGroffReadsTheManualWithoutAWarning() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") else {
            throw XCTSkip("groff is not installed (scripts/setup-deps installs man-db, which brings it)")
        }
        let man = try Termbank.run(["help", "--man"], database: nil)
        let scratch = Scratch()
        let file = scratch.path + "/termbank.1"
        try man.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        let groff = try Termbank.run(["-man", "-Tutf8", "-ww", "-z", file], database: nil, binary: ["/usr/bin/groff"])
        XCTAssertEqual(groff.status, 0)
        XCTAssertEqual(groff.stderr, "", "groff's warnings")
        withExtendedLifetime(scratch) {}
    }
}

/// The roff escapes of `ManPage`, for the tests (the binary's own are not importable from here).
enum ManPageText {
    static func roff(_ line: String) -> String {
        var out = ""
        for character in line {
            switch character {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            default: out.append(character)
            }
        }
        return out
    }

    static func plain(_ line: String) -> String {
        let body = line.hasPrefix("\\&") ? String(line.dropFirst(2)) : line
        return body.replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\e", with: "\\")
    }
}
