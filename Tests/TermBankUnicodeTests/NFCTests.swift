import TermBankCore
import TermBankUnicode
import XCTest

/// NFC on utf8proc, as TermBank uses it: every text that enters is composed,
/// so the two spellings of an accented letter are one text. Comparisons are of
/// scalars: Swift's `==` on strings would call the two spellings equal anyway.
final class NFCTests: XCTestCase {
    let utf8proc = UTF8ProcNormalizer()

    override func setUp() { CanonicalText.install(utf8proc) }

    func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    func testTheLibraryOpensAndSaysWhichVersionItIs() {
        XCTAssertTrue(UTF8ProcNormalizer.libraryVersion.hasPrefix("utf8proc 2."), UTF8ProcNormalizer.libraryVersion)
        XCTAssertNotNil(utf8proc.normalized("e\u{301}", form: .nfc), "utf8proc could not be opened")
    }

    /// é, й (Ukrainian: и + U+0306 BREVE), ã, ü, alone and in words.
    func testDecomposedAndComposedSpellingsAreOneTextOnceComposed() {
        let pairs = [("e\u{301}", "\u{E9}"), ("\u{438}\u{306}", "\u{439}"), ("a\u{303}", "\u{E3}"), ("u\u{308}", "\u{FC}"),
                     ("Jose\u{301} Sa\u{303}o Joa\u{303}o", "Jos\u{E9} S\u{E3}o Jo\u{E3}o"),
                     ("\u{418}\u{306}\u{43E}\u{441}\u{438}\u{43F}", "\u{419}\u{43E}\u{441}\u{438}\u{43F}"),   // Йосип
                     ("Mu\u{308}ller", "M\u{FC}ller"), ("perche\u{301}", "perch\u{E9}")]
        for (decomposed, composed) in pairs {
            XCTAssertEqual(scalars(CanonicalText.composed(decomposed)), scalars(composed), composed)
            XCTAssertEqual(scalars(CanonicalText.composed(composed)), scalars(composed), "NFC keeps \(composed)")
            XCTAssertEqual(CanonicalText.composed(decomposed).unicodeScalars.count, composed.unicodeScalars.count)
        }
    }

    /// Marks below and above, typed in either order, are one letter (ậ).
    func testMarksTypedInEitherOrderComposeToOneLetter() {
        XCTAssertEqual(scalars(CanonicalText.composed("a\u{323}\u{302}")), [0x1EAD])
        XCTAssertEqual(scalars(CanonicalText.composed("a\u{302}\u{323}")), [0x1EAD])
    }

    func testHangulJamoJoinIntoTheirSyllableAndOtherScriptsPassThrough() {
        XCTAssertEqual(scalars(CanonicalText.composed("\u{1112}\u{1161}\u{11AB}")), [0xD55C], "ᄒ ᅡ ᆫ is 한")
        for text in ["한국어", "日本語", "Ελληνικά", "العربية", "עברית", "हिन्दी", "ไทย", "Київ", "👩‍💻🇧🇷"] {
            XCTAssertEqual(scalars(CanonicalText.composed(text)), scalars(text), text)
        }
    }

    /// A mark with nothing before it has nothing to join: it is kept (and
    /// drawn "?"), never dropped onto the next letter, and never a crash.
    func testCombiningMarksWithNothingToJoinAreKeptWithoutACrash() {
        XCTAssertEqual(scalars(CanonicalText.composed("\u{301}abc")), [0x301, 0x61, 0x62, 0x63])
        XCTAssertEqual(scalars(CanonicalText.composed("\u{301}")), [0x301])
        XCTAssertEqual(scalars(CanonicalText.composed("\u{301}e\u{301}")), [0x301, 0xE9])
        XCTAssertEqual(scalars(CanonicalText.composed(" \u{306}")), [0x20, 0x306])
        let marks = String(repeating: "\u{301}", count: 100_000)
        XCTAssertEqual(CanonicalText.composed("x" + marks).unicodeScalars.count, 100_001)
        XCTAssertEqual(scalars(CanonicalText.composed("\u{FFFD}\u{301}")), [0xFFFD, 0x301])
    }

    /// The sanitiser composes what it lets through, and still neutralises escapes.
    func testTextFromTheDatabaseReachesTheTerminalComposedAndStillSanitised() {
        XCTAssertEqual(scalars(TerminalText.sanitized("Jose\u{301}\u{1B}[2J")), scalars("Jos\u{E9}\u{FFFD}[2J"))
        XCTAssertEqual(scalars(TerminalText.sanitized("e\u{202E}\u{301}")), scalars("e\u{FFFD}\u{301}"),
                       "an override between a letter and its mark is replaced, and the mark does not jump over it")
    }

    /// NFKC: one canonical form to hash, compatibility spellings included.
    func testAPasswordIsHashedInItsNFKCForm() {
        XCTAssertEqual(scalars(PasswordForms.canonical(Secret("cafe\u{301}-au-lait")).exposedValue), scalars("caf\u{E9}-au-lait"))
        XCTAssertEqual(PasswordForms.canonical(Secret("\u{FF50}\u{FF41}\u{FF53}\u{FF53}\u{FF57}\u{FF4F}\u{FF52}\u{FF44}")).exposedValue,
                       "password", "full-width letters are the password they spell")
        XCTAssertEqual(PasswordForms.candidates(Secret("cafe\u{301}-au-lait")).map { scalars($0.exposedValue) },
                       [scalars("caf\u{E9}-au-lait"), scalars("cafe\u{301}-au-lait")], "NFKC, then as typed (= NFD); NFC = NFKC")
        XCTAssertEqual(PasswordForms.candidates(Secret("\u{FB01}le-\u{E9}t\u{E9}")).map { scalars($0.exposedValue) },
                       [scalars("file-\u{E9}t\u{E9}"), scalars("\u{FB01}le-\u{E9}t\u{E9}"), scalars("\u{FB01}le-e\u{301}te\u{301}")])
    }
}
