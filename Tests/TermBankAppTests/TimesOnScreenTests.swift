@testable import TermBankApp
import TermBankCore
import XCTest

/// A customer reads times in their language, with the bank's time zone
/// named: never the ISO 8601 form an operator's script reads
/// ("2026-11-30T22:44:04Z"), which the English receipt showed until session
/// 6 (`DateConventionsTests` has the forms themselves).
final class TimesOnScreenTests: XCTestCase {
    /// "DDDD-DD-DDTDD:DD" anywhere in the text.
    static func containsISOTime(_ text: String) -> Bool {
        let pattern = Array("0000-00-00T00:00")
        let characters = Array(text)
        guard characters.count >= pattern.count else { return false }
        for start in 0...(characters.count - pattern.count) {
            let matches = pattern.indices.allSatisfy { index in
                let wanted = pattern[index], found = characters[start + index]
                return wanted == "0" ? found.isASCII && found.isNumber : found == wanted
            }
            if matches { return true }
        }
        return false
    }

    func testTheCheckFindsTheReceiptsOldLine() {
        XCTAssertTrue(Self.containsISOTime("│  Booked      2026-11-30T00:54:50Z   │"))
        XCTAssertFalse(Self.containsISOTime("│  Booked      November 30, 2026, 00:54:50 UTC   │"))
        XCTAssertFalse(Self.containsISOTime("DATE (UTC)   2025-12-03   11-30 00:53"))
    }

    /// Every screen and modal of the catalog tests and of the language golden
    /// frames (the receipts, the payment receipt, the trusted devices, the
    /// demo phone's messages, the notices with times), in every language.
    func testNoScreenInAnyLanguageShowsAnISOTime() {
        for language in Language.allCases {
            let screens = CatalogScreens.all.map { ($0.name, LanguageGoldenScreens.speaking(language, $0.state), $0.size) }
                + LanguageGoldenScreens.all(language)
            for (name, state, size) in screens {
                let text = AppView.render(state, size: size).text.joined(separator: "\n")
                XCTAssertFalse(Self.containsISOTime(text), "\(language.code) \(name):\n\(text)")
            }
        }
    }

    /// The receipts write the date and name UTC in every language.
    func testEveryReceiptWritesItsDateOutAndNamesUTC() throws {
        let months = ["en": "November 30, 2026", "pt-BR": "30 de novembro de 2026", "it": "30 novembre 2026",
                      "uk": "30 листопада 2026 р."]
        for language in Language.allCases {
            for (name, state, size) in LanguageGoldenScreens.all(language) where name == "receipt" || name == "paid" {
                let text = AppView.render(state, size: size).text.joined(separator: "\n")
                let date = try XCTUnwrap(months[language.code])
                XCTAssertTrue(text.contains(date), "\(language.code) \(name):\n\(text)")
                XCTAssertTrue(text.contains(" UTC "), "\(language.code) \(name):\n\(text)")
            }
        }
    }
}
