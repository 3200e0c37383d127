import TermBankCore
import XCTest

/// A demo guest's sitekey phrase is in the language of the screen that made
/// the guest: data, drawn once from the core's per-language lists.
final class GuestPhrasesTests: XCTestCase {
    /// One draw picks the same place in every list, so a seeded test gets the
    /// same guest whatever the language, and no language has fewer choices.
    func testEveryLanguageHasAsManyDifferentPhrasesAsEnglish() {
        let english = GuestPhrases.list(.english)
        for language in Language.allCases {
            let phrases = GuestPhrases.list(language)
            XCTAssertEqual(phrases.count, english.count, language.code)
            XCTAssertEqual(Set(phrases).count, phrases.count, "\(language.code): no phrase twice")
        }
    }

    /// Each phrase is one the bank would accept from a customer: a valid
    /// sitekey phrase, already trimmed, with no control character, no quote
    /// that would clash with the quotes the screen draws around it, and no
    /// character outside the language's letters, digits and plain punctuation.
    func testEveryPhraseIsASanitisedSitekeyPhrase() throws {
        for language in Language.allCases {
            for phrase in GuestPhrases.list(language) {
                XCTAssertEqual(try Sitekey(image: "fox", phrase: phrase).phrase, phrase, "\(language.code): \(phrase)")
                XCTAssertLessThanOrEqual(phrase.count, 32, "\(language.code): one line beside the picture at 60 columns: \(phrase)")
                for scalar in phrase.unicodeScalars {
                    let plain = scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || " ,.'—".unicodeScalars.contains(scalar)
                    XCTAssertTrue(plain, "\(language.code): \(phrase) has U+\(String(scalar.value, radix: 16, uppercase: true))")
                }
            }
        }
    }

    /// Not English words under another flag: no Portuguese or Italian phrase
    /// is an English one, and the Ukrainian ones are written in Cyrillic only
    /// (a Latin "i" or "o" in a Cyrillic word looks right and reads wrong).
    func testThePhrasesAreInTheirLanguage() {
        let english = Set(GuestPhrases.list(.english))
        for language in [Language.portugueseBrazil, .italian, .ukrainian] {
            XCTAssertTrue(english.isDisjoint(with: GuestPhrases.list(language)), language.code)
        }
        for phrase in GuestPhrases.list(.ukrainian) {
            let letters = phrase.unicodeScalars.filter { $0.properties.isAlphabetic }
            XCTAssertTrue(letters.allSatisfy { (0x0400...0x04FF).contains($0.value) }, phrase)
        }
        let accented = GuestPhrases.list(.portugueseBrazil) + GuestPhrases.list(.italian)
        XCTAssertTrue(accented.contains { $0.unicodeScalars.contains { !$0.isASCII } }, "accents are kept, not stripped")
    }

    /// The same draws give the same picture and the phrase at the same place.
    func testAGuestsSitekeyIsDrawnInTheLanguageAsked() {
        for language in Language.allCases {
            let english = GuestNames.sitekey(SeededRandomSource(seed: 11))
            let sitekey = GuestNames.sitekey(SeededRandomSource(seed: 11), language: language)
            XCTAssertEqual(sitekey.image, english.image)
            XCTAssertTrue(GuestPhrases.list(language).contains(sitekey.phrase), "\(language.code): \(sitekey.phrase)")
            XCTAssertEqual(GuestPhrases.list(language).firstIndex(of: sitekey.phrase),
                           GuestPhrases.list(.english).firstIndex(of: english.phrase))
        }
    }
}
