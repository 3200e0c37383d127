@testable import TermBankMessages
import XCTest

/// The PO format as PO editors write it back: long texts cut into several
/// strings, translator comments, flags, previous texts and obsolete entries.
final class POFileTests: XCTestCase {
    func testWhatIsWrittenReadsBackTheSame() throws {
        let file = POFile(header: [("Language", "uk"), ("Content-Type", "text/plain; charset=UTF-8")], entries: [
            POFile.Entry(context: "A.b", id: "Say \"hi\"\\n\nthen\tgo", text: "Скажіть «привіт»", extractedComments: ["Where"],
                         references: ["Sources/A.swift:3"], flags: ["python-brace-format"]),
            POFile.Entry(context: "A.c", id: "{amount} left", text: "залишилось {amount}"),
            { () -> POFile.Entry in
                var plural = POFile.Entry(context: "A.d", id: "{count} attempt", text: "{count} спроба")
                plural.idPlural = "{count} attempts"
                plural.plurals = ["{count} спроба", "{count} спроби", "{count} спроб"]
                return plural
            }(),
        ])
        var read = try POFile(parsing: file.text)
        for index in read.entries.indices { read.entries[index].line = 0 }
        XCTAssertEqual(read, file)
    }

    func testAFileAsAnEditorSavesItIsRead() throws {
        let read = try POFile(parsing: """
            msgid ""
            msgstr ""
            "Language: pt_BR\\n"
            "Plural-Forms: nplurals=2; plural=(n > 1);\\n"

            # Revisado por Ana
            #. Shown: the statement
            #, fuzzy, python-brace-format
            #| msgid "Old English"
            msgctxt "BankingText.available"
            msgid ""
            "available "
            "{amount}"
            msgstr "disponível {amount}"

            #~ msgctxt "Gone.message"
            #~ msgid "Gone"
            #~ msgstr "Foi"
            """)
        XCTAssertEqual(read.field("Language"), "pt_BR")
        XCTAssertEqual(read.entries.count, 1)
        XCTAssertEqual(read.entries[0].context, "BankingText.available")
        XCTAssertEqual(read.entries[0].id, "available {amount}")
        XCTAssertEqual(read.entries[0].text, "disponível {amount}")
        XCTAssertEqual(read.entries[0].flags, ["fuzzy", "python-brace-format"])
        XCTAssertEqual(read.entries[0].translatorComments, ["Revisado por Ana"])
        XCTAssertEqual(read.entries[0].line, 11)
    }

    func testAStringOutsideQuotesIsASyntaxError() {
        XCTAssertThrowsError(try POFile(parsing: "msgctxt \"A\"\nmsgid Hello\nmsgstr \"\"\n")) { error in
            XCTAssertEqual(error as? POFile.SyntaxError, POFile.SyntaxError(line: 2, problem: "a string must stand in double quotes"))
        }
    }
}
