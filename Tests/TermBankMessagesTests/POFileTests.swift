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

    private func refusal(_ text: String) -> POFile.SyntaxError? {
        do {
            _ = try POFile(parsing: text)
            return nil
        } catch {
            return error
        }
    }

    /// Found by the po fuzz target on its first run: "\r\n" is one Character, so a CRLF file read as one line.
    func testACRLFFileReadsAsTheSameFile() throws {
        let text = "msgid \"\"\nmsgstr \"\"\n\"Language: uk\\n\"\n\n# note\n#, fuzzy\nmsgctxt \"A.b\"\nmsgid \"Hello\"\nmsgstr \"Привіт\"\n"
        let crlf = try POFile(parsing: text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n"))
        XCTAssertEqual(crlf, try POFile(parsing: text))
        XCTAssertEqual(crlf.entries.first?.translatorComments, ["note"])
        XCTAssertEqual(crlf.entries.first?.text, "Привіт")
    }

    /// A CR, a CRLF and a combining mark after a quote or a backslash (one Character with it) are written and read
    /// by scalar.
    func testLineEndsAndCombiningMarksInTextsReadBackAsWritten() throws {
        let file = POFile(header: [("Language", "it")], entries: [
            POFile.Entry(context: "A.\u{301}", id: "\u{301}one\r\ntwo\rthree", text: "\\\u{301}\"\u{301}x\u{301}"),
        ])
        var read = try POFile(parsing: file.text)
        read.entries[0].line = 0
        XCTAssertEqual(read, file)
        XCTAssertFalse(file.text.unicodeScalars.contains("\r"))
    }

    func testIllFormedUTF8IsRefusedNamingItsLine() {
        let bytes = Array("msgid \"\"\nmsgstr \"\"\n\nmsgid \"Hello\"\nmsgstr \"Ciao".utf8) + [0xC3, 0x28] + Array("\"\n".utf8)
        XCTAssertThrowsError(try POFile(parsing: bytes)) { error in
            XCTAssertEqual(error as? POFile.SyntaxError, POFile.SyntaxError(line: 5, problem: "not UTF-8"))
        }
        XCTAssertEqual(try POFile(parsing: Array("msgid \"a\"\nmsgstr \"à\"\n".utf8)).entries.first?.text, "à")
    }

    func testAByteOrderMarkIsNoPartOfTheFirstLine() throws {
        XCTAssertEqual(try POFile(parsing: "\u{FEFF}msgid \"\"\nmsgstr \"Language: pt_BR\\n\"\n").field("Language"), "pt_BR")
    }

    func testATranslatorCommentWithoutASpaceKeepsItsFirstLetter() throws {
        XCTAssertEqual(try POFile(parsing: "#note\nmsgid \"a\"\nmsgstr \"b\"\n").entries.first?.translatorComments, ["note"])
    }

    /// What gettext's tools refuse is refused, never read as something else (a text dropped, a form lost).
    func testWhatGettextRefusesIsRefusedWithItsLine() {
        let cases: [(String, POFile.SyntaxError)] = [
            ("msgid \"a\"\nmsgstr \"b\\q\"\n", .init(line: 2, problem: "an unknown escape \\q")),
            ("msgid \"a\"\nmsgstr \"b\" \"c\"\n", .init(line: 2, problem: "text after a string's closing quote")),
            ("msgid \"a\"\nmsgstr \"b\\\"\n", .init(line: 2, problem: "a string must stand in double quotes")),
            ("msgctxt \"k\"\nmsgstr \"b\"\n", .init(line: 2, problem: "msgstr out of place")),
            ("msgid \"a\"\nmsgid \"b\"\nmsgstr \"c\"\n", .init(line: 2, problem: "msgid out of place")),
            ("msgid \"a\"\nmsgctxt \"k\"\nmsgstr \"c\"\n", .init(line: 2, problem: "msgctxt out of place")),
            ("msgid \"a\"\nmsgid_plural \"as\"\nmsgstr \"c\"\n", .init(line: 3, problem: "msgstr out of place")),
            ("msgid \"a\"\nmsgstr[0] \"c\"\n", .init(line: 2, problem: "msgstr[0] out of place")),
            ("msgid \"a\"\nmsgid_plural \"as\"\nmsgstr[1] \"c\"\n", .init(line: 3, problem: "msgstr[1] out of place")),
            ("msgid \"a\"\nmsgid_plural \"as\"\nmsgstr[-1] \"c\"\n", .init(line: 3, problem: "unknown keyword msgstr[-1]")),
            ("msgid \"a\"\nmsgid_plural \"as\"\nmsgstr[16] \"c\"\n", .init(line: 3, problem: "unknown keyword msgstr[16]")),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(refusal(text), expected, text)
        }
        XCTAssertNil(refusal("msgid \"a\"\nmsgid_plural \"as\"\nmsgstr[0] \"c\"\nmsgstr[1] \"cs\"\n"))
    }
}
