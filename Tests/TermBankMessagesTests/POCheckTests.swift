import TermBankCore
@testable import TermBankMessages
import XCTest

/// `scripts/messages check`: every language's export passes as it is; a
/// translation with an entry missing, one extra, arguments missing, extra
/// or malformed, or left empty or fuzzy, is reported entry by entry.
final class POCheckTests: XCTestCase {
    func testEveryLanguagesExportPassesTheCheck() throws {
        for language in Language.allCases {
            let expected = MessageExport.po(language, declarations: Repository.declarations)
            let read = try POFile(parsing: expected.text)
            XCTAssertEqual(POCheck.problems(read, expected: expected), [], language.code)
        }
    }

    func testABrokenTranslationIsReportedEntryByEntry() throws {
        let expected = MessageExport.po(.italian, declarations: Repository.declarations)
        var broken = expected
        func edit(_ key: String, _ change: (inout POFile.Entry) -> Void) {
            let index = broken.entries.firstIndex { $0.context == key }!
            change(&broken.entries[index])
        }
        broken.entries.removeAll { $0.context == "SignInText.welcome" }
        broken.entries.append(POFile.Entry(context: "SignInText.goodbye", id: "Goodbye", text: "Arrivederci"))
        edit("SignInText.simulatedDevice") { $0.text = "Dispositivo simulato" }
        edit("BankingText.available") { $0.text = "disponibili {amount} su {limit}" }
        edit("SignInText.thisDevice") { $0.text = "Questo dispositivo: {device" }
        edit("ChromeText.idleWarning") { $0.text = "Uscita tra {0} s per inattività." }
        edit("SignInText.checking") { $0.text = "" }
        edit("SignInText.signingIn") { $0.flags = ["fuzzy"] }
        edit("SignInText.enterPassword") { $0.id = "Type your password." }
        let read = try POFile(parsing: broken.text)
        let problems = POCheck.problems(read, expected: expected).map { $0.key + ": " + $0.what }
        XCTAssertEqual(problems.sorted(), [
            "BankingText.available: extra argument {limit}: the English has no such value",
            "ChromeText.idleWarning: badly placed argument {0}: a placeholder is a name in braces, such as {amount}",
            "ChromeText.idleWarning: missing argument {seconds}",
            "SignInText.checking: missing: not translated",
            "SignInText.enterPassword: the English has changed since this file was exported: re-export and merge (msgmerge)",
            "SignInText.goodbye: extra: no such message (renamed or removed; re-export and merge)",
            "SignInText.signingIn: missing: marked fuzzy (needs review)",
            "SignInText.simulatedDevice: missing argument {device}",
            "SignInText.thisDevice: badly placed argument {device: a placeholder is a name in braces, such as {amount}",
            "SignInText.thisDevice: missing argument {device}",
            "SignInText.welcome: missing: no entry",
        ])
        XCTAssertTrue(POCheck.problems(read, expected: expected).filter { $0.key != "SignInText.welcome" }.allSatisfy { $0.line > 0 },
                      "each problem in the file names its line")
    }
}
