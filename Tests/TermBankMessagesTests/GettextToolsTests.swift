import TermBankCore
import TermBankMessages
import TermBankSystem
import XCTest

/// GNU gettext's own reader (`msgfmt --check`, Debian's gettext package,
/// scripts/setup-deps) accepts every export: its syntax, its header, and
/// each translation's `{name}` placeholders against the English
/// (python-brace-format). And it rejects a translation that drops one, so
/// the check is real.
final class GettextToolsTests: XCTestCase {
    func testMsgfmtAcceptsEveryLanguagesExport() throws {
        let folder = try Files.makeTemporaryDirectory(prefix: "termbank-po")
        defer { Files.removeTree(folder) }
        for language in Language.allCases {
            let path = folder + "/\(language.code).po"
            try Files.write(MessageExport.po(language, declarations: Repository.declarations).text, to: path)
            let result = try msgfmt(path, folder)
            XCTAssertEqual(result.status, 0, "\(language.code): \(result.errors)")
        }
    }

    func testMsgfmtRejectsATranslationThatDropsAnArgument() throws {
        let folder = try Files.makeTemporaryDirectory(prefix: "termbank-po")
        defer { Files.removeTree(folder) }
        var file = MessageExport.po(.italian, declarations: Repository.declarations)
        let index = try XCTUnwrap(file.entries.firstIndex { $0.context == "SignInText.simulatedDevice" })
        file.entries[index].text = "Dispositivo simulato"
        try Files.write(file.text, to: folder + "/it.po")
        let result = try msgfmt(folder + "/it.po", folder)
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.errors.contains("device"), result.errors)
    }

    private func msgfmt(_ path: String, _ folder: String) throws -> (status: Int32, errors: String) {
        let ended = try ChildProcess(executable: "/bin/sh", arguments: ["-c", "msgfmt --check -o /dev/null \"$0\" 2>&1", path],
                                     output: .capture).wait()
        return (ended.exitStatus ?? -1, ended.outputText)
    }
}
