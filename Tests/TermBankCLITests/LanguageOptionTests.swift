import TermBankCore
import XCTest

/// `--lang` and `TERMBANK_LANG` through the real binary: a code TermBank
/// does not speak is a usage error (exit 64, as every usage error) that
/// lists the four, and is never silently English. The app itself needs a
/// terminal, so an accepted code ends at that refusal instead (exit 69).
final class LanguageOptionTests: XCTestCase {
    private let noLanguage = ["TERMBANK_LANG": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"]

    func testAnUnknownCodeIsAUsageErrorListingTheFour() throws {
        let run = try Termbank.run(["--lang", "fr"], database: nil, environment: noLanguage)
        XCTAssertEqual(run.status, 64, run.stderr)
        XCTAssertTrue(run.stderr.contains("unknown language \"fr\" in --lang; TermBank speaks en, pt-BR, it, uk"), run.stderr)
        XCTAssertTrue(run.stderr.contains("Run \"termbank --help\" for usage."), run.stderr)
    }

    func testAnUnknownCodeInTheVariableSaysSo() throws {
        var environment = noLanguage
        environment["TERMBANK_LANG"] = "xx-\u{1b}[31m"
        let run = try Termbank.run([], database: nil, environment: environment)
        XCTAssertEqual(run.status, 64, run.stderr)
        XCTAssertTrue(run.stderr.contains("in TERMBANK_LANG; TermBank speaks en, pt-BR, it, uk"), run.stderr)
        XCTAssertFalse(run.stderr.contains("\u{1b}"), "the code is sanitised before the terminal")
    }

    func testEachCodeThisBuildSpeaksIsAcceptedAndOneItLacksIsRefusedByName() throws {
        for code in Language.plannedCodes {
            let run = try Termbank.run(["--lang", code], database: nil, environment: noLanguage)
            if Language(code: code) != nil {
                XCTAssertEqual(run.status, 69, "\(code): accepted, then refused for want of a terminal: \(run.stderr)")
                XCTAssertTrue(run.stderr.contains("needs a terminal"), run.stderr)
            } else {
                XCTAssertEqual(run.status, 64, run.stderr)
                XCTAssertTrue(run.stderr.contains("--lang: \(code) is not in this build yet"), run.stderr)
            }
        }
    }

    func testAPOSIXLocaleOfAnotherLanguageIsNoError() throws {
        var environment = noLanguage
        environment["LANG"] = "fr_FR.UTF-8"
        let run = try Termbank.run([], database: nil, environment: environment)
        XCTAssertEqual(run.status, 69, run.stderr)
    }
}
