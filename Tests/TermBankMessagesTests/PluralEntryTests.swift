import TermBankCore
@testable import TermBankMessages
import XCTest

/// A message whose words agree with a count is a gettext plural entry: the
/// English singular and plural, and one form per plural category of the
/// language, each worded by the catalog for a count of that category, with
/// the header's `Plural-Forms` (gettext's expression for the same CLDR rule).
final class PluralEntryTests: XCTestCase {
    private func entry(_ language: Language, _ key: String) throws -> POFile.Entry {
        try XCTUnwrap(MessageExport.po(language, declarations: Repository.declarations).entries.first { $0.context == key })
    }

    func testACountedMessageHasEachFormOfItsLanguage() throws {
        let ukrainian = try entry(.ukrainian, "SecondFactorText.attemptsLeft")
        XCTAssertEqual(ukrainian.id, "{count} attempt left")
        XCTAssertEqual(ukrainian.idPlural, "{count} attempts left")
        XCTAssertEqual(ukrainian.plurals, ["залишилась {count} спроба", "залишилось {count} спроби", "залишилось {count} спроб"])
        XCTAssertEqual(try entry(.portugueseBrazil, "SecondFactorText.attemptsLeft").plurals.count, 2)
        let po = MessageExport.po(.ukrainian, declarations: Repository.declarations)
        XCTAssertEqual(po.field("Plural-Forms"),
                       "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);")
    }

    /// gettext's expression and the core's rule pick the same form for every count.
    func testGettextsFormsAreTheCoresCategories() {
        for language in Language.allCases {
            let forms = MessageExport.PluralForms(language.pluralRule)
            for (index, count) in forms.counts.enumerated() {
                XCTAssertEqual(Self.gettextForm(language, count), index, "\(language.code) \(count)")
            }
            for count in 0...125 {
                let sample = forms.counts[Self.gettextForm(language, Int64(count))]
                XCTAssertEqual(language.pluralRule.category(count), language.pluralRule.category(Int(sample)), "\(language.code) \(count)")
            }
        }
    }

    /// The header's expressions, evaluated as gettext does.
    private static func gettextForm(_ language: Language, _ n: Int64) -> Int {
        switch language {
        case .english, .italian: return n != 1 ? 1 : 0
        case .portugueseBrazil: return n > 1 ? 1 : 0
        case .ukrainian:
            return n % 10 == 1 && n % 100 != 11 ? 0 : n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 10 || n % 100 >= 20) ? 1 : 2
        }
    }

    /// A message whose words do not change with its number is one text.
    func testANumberThatChoosesNoFormIsOneText() throws {
        XCTAssertFalse(try entry(.ukrainian, "ChromeText.idleWarning").isPlural)
    }

    func testAPluralEntryMissingAFormOrItsCountIsReported() throws {
        let expected = MessageExport.po(.ukrainian, declarations: Repository.declarations)
        var file = expected
        let index = try XCTUnwrap(file.entries.firstIndex { $0.context == "SecondFactorText.attemptsLeft" })
        file.entries[index].plurals = ["залишилась одна спроба", "", "залишилось спроб"]
        let other = try XCTUnwrap(file.entries.firstIndex { $0.context == "SessionText.recoveryCodesLeft" })
        file.entries[other].plurals.removeLast()
        let read = try POFile(parsing: file.text)
        XCTAssertEqual(POCheck.problems(read, expected: expected).map { $0.key + ": " + $0.what }, [
            "SecondFactorText.attemptsLeft: missing: plural form msgstr[1] not translated",
            "SecondFactorText.attemptsLeft: msgstr[2]: missing argument {count}",
            "SessionText.recoveryCodesLeft: 2 plural forms; the language has 3 (Plural-Forms)",
        ])
    }

    /// The import leaves plural forms to the catalog's plural(...) call.
    func testChangedPluralFormsAreLeftByHand() throws {
        let current = MessageExport.po(.ukrainian, declarations: Repository.declarations)
        var file = current
        let index = try XCTUnwrap(file.entries.firstIndex { $0.context == "SecondFactorText.attemptsLeft" })
        file.entries[index].plurals[2] = "ще {count} спроб"
        let result = CatalogImport.apply(file, current: current, sources: [:])
        XCTAssertEqual(result.byHand, ["SecondFactorText.attemptsLeft: plural forms: the catalog chooses them with plural(...)"])
        XCTAssertEqual(result.files, [:])
    }
}
