@testable import TermBankApp
import TermBankCore
import XCTest

/// Every screen and modal in Ukrainian (the list in `CatalogScreens`): no
/// line reads as the English one, and every word on it is Ukrainian (brand
/// names, key caps and the customer's own data aside). That it fits 80x24
/// and 60x20 whole is `FittingTests`'s, for every language.
final class UkrainianScreenTests: XCTestCase {
    let uk = UkrainianAppCatalog()

    /// Words that stay as they are in Ukrainian: brand names, codes and units
    /// a Ukrainian bank writes in Latin letters, the CLI command a notice
    /// names, and (from the coverage test) key caps and the fixtures' data.
    static let sameInEveryLanguage: Set<String> = CatalogCoverageTests.notWords.union([
        "TermBank", "Touch", "Face", "ID", "iPhone", "SMS", "QR", "UTC", "USD", "SSH",
        "termbank", "recovery", "regenerate",
        "bank", "db",                           // the database's path (bank.db) in a store error: the operator's data
    ])

    static func sized(_ state: AppState, _ size: Size) -> AppState {
        var state = state
        state.size = size
        return state
    }

    /// A line that reads exactly as in English is a line not translated,
    /// unless all it says is brand names, key caps or the customer's data.
    func testNoLineReadsAsItDoesInEnglish() {
        for (name, state, listed) in CatalogScreens.all {
            for size in Fitting.sizes(for: listed) {
                let english = AppView.render(state, size: size).text
                let ukrainian = AppView.render(state, size: size, words: uk).text
                XCTAssertNotEqual(ukrainian, english, "\(name): nothing was translated")
                for (line, same) in zip(ukrainian, english) where line == same {
                    let words = CatalogCoverageTests.plainWords(in: [line]).filter { !Self.sameInEveryLanguage.contains($0) }
                    XCTAssertEqual(words, [], "\(name) at \(size.columns)x\(size.rows): a line left in English: \(line)")
                }
            }
        }
    }

    /// No English word anywhere on a Ukrainian frame, and no word that mixes
    /// Latin and Cyrillic letters (a Latin "C" or "i" typed into a Ukrainian
    /// word looks right and reads wrong to screen readers and search).
    func testEveryWordOnEveryScreenIsUkrainian() {
        for (name, state, listed) in CatalogScreens.all {
            for size in Fitting.sizes(for: listed) {
                let frame = AppView.render(state, size: size, words: uk).text
                let english = CatalogCoverageTests.plainWords(in: frame).filter { !Self.isSameInEveryLanguage($0) }
                XCTAssertEqual(english, [], "\(name) at \(size.columns)x\(size.rows)\n" + frame.joined(separator: "\n"))
                XCTAssertEqual(Self.mixedScriptWords(in: frame), [], "\(name) at \(size.columns)x\(size.rows)")
            }
        }
    }

    /// A brand name or key cap, or a piece of one cut by a panel drawn over it
    /// ("MS" of "SMS" beside a form over the settings).
    static func isSameInEveryLanguage(_ word: String) -> Bool {
        sameInEveryLanguage.contains { $0.contains(word) }
    }

    func testAMixedScriptWordIsCaught() {
        XCTAssertEqual(Self.mixedScriptWords(in: ["Cпробуйте: вхід у TermBank"]), ["Cпробуйте"])
        XCTAssertEqual(Self.mixedScriptWords(in: ["SMS-підтвердження, QR-код"]), [])
    }

    /// Words with both Latin and Cyrillic letters.
    static func mixedScriptWords(in lines: [String]) -> [String] {
        func isCyrillic(_ character: Character) -> Bool {
            character.unicodeScalars.allSatisfy { (0x0400...0x04FF).contains($0.value) }
        }
        return lines.flatMap { line in
            line.split { !$0.isLetter }.map(String.init).filter { word in
                word.contains { $0.isASCII } && word.contains(where: isCyrillic)
            }
        }
    }
}
