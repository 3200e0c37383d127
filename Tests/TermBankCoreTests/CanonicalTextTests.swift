import TermBankCore
import XCTest

/// When the core asks for NFC, and what it does with the answer, with no
/// library: the normaliser here only records that it was asked. (What NFC
/// itself does, on utf8proc, is in TermBankUnicodeTests.)
final class CanonicalTextTests: XCTestCase {
    /// Records each request; answers with `answer`, or nil as a host without the library does.
    final class RecordingNormalizer: UnicodeNormalizer, @unchecked Sendable {
        var asked: [(text: String, form: NormalizationForm)] = []
        let answer: (String, NormalizationForm) -> String?
        init(answer: @escaping (String, NormalizationForm) -> String?) { self.answer = answer }
        func normalized(_ text: String, form: NormalizationForm) -> String? {
            asked.append((text, form))
            return answer(text, form)
        }
    }

    /// Swift's `==` on strings is canonical equivalence ("é" == "e\u{301}"), so comparisons here are of scalars.
    func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    func testASCIIAndTextWithoutCombiningMarksNeverAskTheLibrary() {
        let normalizer = RecordingNormalizer { _, _ in "changed" }
        for text in ["wonderland-42", "São João, perché, Müller", "Привіт, Київ, й", "한국어", "日本語", "╭─ Pay ─╮", "👩‍💻", ""] {
            XCTAssertEqual(scalars(CanonicalText.composed(text, by: normalizer)), scalars(text), text)
        }
        XCTAssertEqual(normalizer.asked.count, 0, "asked for: \(normalizer.asked.map(\.text))")
    }

    func testALetterWithACombiningAccentAsksForNFCAndTakesTheAnswer() {
        let normalizer = RecordingNormalizer { _, _ in "\u{E9}" }
        XCTAssertEqual(scalars(CanonicalText.composed("e\u{301}", by: normalizer)), [0xE9])
        XCTAssertEqual(normalizer.asked.map { scalars($0.text) }, [[0x65, 0x301]])
        XCTAssertEqual(normalizer.asked.map(\.form), [.nfc])
    }

    func testWithoutTheLibraryTextStaysAsItCame() {
        let missing = RecordingNormalizer { _, _ in nil }
        XCTAssertEqual(scalars(CanonicalText.composed("Jose\u{301}", by: missing)), scalars("Jose\u{301}"))
        XCTAssertEqual(missing.asked.count, 1)
        XCTAssertEqual(scalars(CanonicalText.composed("\u{438}\u{306}", by: nil)), [0x438, 0x306])
    }

    /// NFC_Quick_Check is No or Maybe only for these: marks, Hangul vowel and
    /// final jamo, and characters NFC replaces (the Angstrom sign is Å).
    func testTheScalarsThatMayChangeUnderNFC() {
        let may: [Unicode.Scalar] = ["\u{301}", "\u{306}", "\u{308}", "\u{303}", "\u{1161}", "\u{11A8}", "\u{212B}", "\u{2126}",
                                     "\u{F900}", "\u{93C}"]
        let never: [Unicode.Scalar] = ["a", "\u{E9}", "\u{E3}", "\u{FC}", "\u{439}", "\u{438}", "\u{AC00}", "\u{2500}", "\u{FFFD}",
                                       "\u{1F600}", "\u{2D9}"]
        for scalar in may { XCTAssertTrue(CanonicalText.mayChange(scalar), "U+\(String(scalar.value, radix: 16))") }
        for scalar in never { XCTAssertFalse(CanonicalText.mayChange(scalar), "U+\(String(scalar.value, radix: 16))") }
    }

    func testAnASCIIPasswordHasOneFormAndNeverAsksTheLibrary() {
        let normalizer = RecordingNormalizer { _, _ in "changed" }
        let forms = PasswordForms.candidates(Secret("wonderland-42"), by: normalizer)
        XCTAssertEqual(forms.map(\.exposedValue), ["wonderland-42"])
        XCTAssertEqual(PasswordForms.canonical(Secret("wonderland-42"), by: normalizer).exposedValue, "wonderland-42")
        XCTAssertEqual(normalizer.asked.count, 0)
    }

    /// Forms are told apart by their bytes: with `==` the composed and the
    /// decomposed spelling would be one form, and a hash made from the other
    /// would never be checked.
    func testAnAccentedPasswordIsCheckedInEachDistinctSpellingCanonicalFirst() {
        let normalizer = RecordingNormalizer { text, form in
            switch form {
            case .nfkc, .nfc: return "caf\u{E9}-au-lait"
            case .nfd: return "cafe\u{301}-au-lait"
            }
        }
        let typed = Secret("cafe\u{301}-au-lait")
        let forms = PasswordForms.candidates(typed, by: normalizer)
        XCTAssertEqual(forms.map { scalars($0.exposedValue) }, [scalars("caf\u{E9}-au-lait"), scalars("cafe\u{301}-au-lait")])
        XCTAssertEqual(scalars(PasswordForms.canonical(typed, by: normalizer).exposedValue), scalars("caf\u{E9}-au-lait"))
    }

    func testWithoutTheLibraryAPasswordIsHashedAndCheckedAsTyped() {
        let missing = RecordingNormalizer { _, _ in nil }
        let typed = Secret("cafe\u{301}-au-lait")
        XCTAssertEqual(PasswordForms.candidates(typed, by: missing).map { scalars($0.exposedValue) }, [scalars(typed.exposedValue)])
        XCTAssertEqual(scalars(PasswordForms.canonical(typed, by: missing).exposedValue), scalars(typed.exposedValue))
        XCTAssertEqual(PasswordForms.candidates(typed, by: nil).count, 1)
    }
}
