@testable import TermBankApp
import TermBankCore
import XCTest

/// Every screen and modal in Ukrainian (the list in `CatalogScreens`): it
/// fits 80x24 and 60x20 with nothing cut, no line reads as the English one,
/// and every word on it is Ukrainian (brand names, key caps and the
/// customer's own data aside).
final class UkrainianScreenTests: XCTestCase {
    let uk = UkrainianAppCatalog()

    /// Words that stay as they are in Ukrainian: brand names, codes and units
    /// a Ukrainian bank writes in Latin letters, the CLI command a notice
    /// names, and (from the coverage test) key caps and the fixtures' data.
    static let sameInEveryLanguage: Set<String> = CatalogCoverageTests.notWords.union([
        "TermBank", "Touch", "Face", "ID", "iPhone", "SMS", "QR", "UTC", "USD",
        "termbank", "recovery", "regenerate",
        "bank", "db",                           // the database's path (bank.db) in a store error: the operator's data
    ])

    /// Wherever the English words fit, the Ukrainian ones do: nothing cut at
    /// an edge or by a box, no line wrapped past a panel. Where English is
    /// cut already (a layout too tight for any language, listed in
    /// `FittingTests`), Ukrainian loses no more words than English does.
    func testEveryScreenFitsAt80x24And60x20InUkrainian() {
        for (name, state, listed) in CatalogScreens.all {
            for size in Fitting.sizes(for: listed) {
                let unseen = Fitting.unseenWords(state, size: size, words: uk)
                let unseenInEnglish = Fitting.unseenWords(state, size: size, words: EnglishAppCatalog())
                let picture = "\n" + AppView.render(Self.sized(state, size), size: size, words: uk).text.joined(separator: "\n")
                if unseenInEnglish.isEmpty {
                    XCTAssertEqual(unseen, [], "\(name) at \(size.columns)x\(size.rows): cut or hidden" + picture)
                } else {
                    XCTAssertLessThanOrEqual(unseen.count, unseenInEnglish.count,
                                             "\(name) at \(size.columns)x\(size.rows): \(unseen) cut, English \(unseenInEnglish)" + picture)
                }
            }
        }
    }

    /// The key bar drops the keys that do not fit: the Ukrainian labels are
    /// short enough that it shows at least as many keys as the English, on
    /// every screen at both sizes.
    func testTheKeyBarShowsAsManyKeysAsTheEnglish() {
        for (name, state, listed) in CatalogScreens.all {
            for size in Fitting.sizes(for: listed) {
                let sized = Self.sized(state, size)
                XCTAssertGreaterThanOrEqual(Self.keysShown(sized, size: size, words: uk),
                                            Self.keysShown(sized, size: size, words: EnglishAppCatalog()),
                                            "\(name) at \(size.columns)x\(size.rows)")
            }
        }
    }

    static func sized(_ state: AppState, _ size: Size) -> AppState {
        var state = state
        state.size = size
        return state
    }

    /// How many of the screen's keys the bottom row shows (their caps, in order).
    static func keysShown(_ state: AppState, size: Size, words: any AppCatalog) -> Int {
        let bar = AppView.render(state, size: size, words: words).text.last ?? ""
        var rest = Substring(bar)
        var shown = 0
        for item in KeyHelp.items(for: state) {
            guard let range = rest.range(of: " " + item.keys + " ") else { break }
            shown += 1
            rest = rest[range.upperBound...]
        }
        return shown
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
