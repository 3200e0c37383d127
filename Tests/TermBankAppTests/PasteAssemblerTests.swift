@testable import TermBankApp
import TermBankCore
@testable import TermBankTerminal
import XCTest

/// The key reader's side of bracketed paste: what ncurses decodes between
/// `ESC[200~` and `ESC[201~` (the painter defines both as key codes) becomes
/// one `Key.paste`, however the bytes were split across reads, and a paste
/// can neither grow without bound nor, left open, swallow the keys after it.
/// The real bytes through the real ncurses: `BracketedPasteEndToEndTests`.
final class PasteAssemblerTests: XCTestCase {
    typealias Input = PasteAssembler.Input

    func text(_ string: String) -> [Input] {
        string.unicodeScalars.map { .key(Key(typed: $0)) }
    }

    func feed(_ assembler: inout PasteAssembler, _ inputs: [Input]) -> [Key] {
        inputs.flatMap { assembler.take($0) }
    }

    func testAPasteIsOneKeyWithItsEscLineBreakAndLettersAsText() {
        var paste = PasteAssembler()
        let keys = feed(&paste, [.start] + text("25\u{1B}0\rq") + [.end])
        XCTAssertEqual(keys, [.paste("25\u{1B}0\nq")])
        XCTAssertFalse(paste.isOpen)
    }

    func testKeysBeforeAndAfterAPasteAreKeys() {
        var paste = PasteAssembler()
        let keys = feed(&paste, text("a") + [.start] + text("b\r") + [.end] + text("\r") + [.key(.escape)])
        XCTAssertEqual(keys, [.character("a"), .paste("b\n"), .enter, .escape])
    }

    /// The reader hands over what each read gave; a paste split over many
    /// reads (and many waits of the run loop) is still one, given at its end.
    func testAPasteSplitAcrossReadsIsDeliveredOnceAtItsEnd() {
        var paste = PasteAssembler()
        XCTAssertEqual(feed(&paste, [.start] + text("12")), [])
        XCTAssertTrue(paste.isOpen)
        XCTAssertEqual(feed(&paste, text("\u{1B}")), [])
        XCTAssertEqual(feed(&paste, text("34")), [])
        XCTAssertEqual(feed(&paste, [.end] + text("q")), [.paste("12\u{1B}34"), .character("q")])
    }

    /// A terminal that never sends the end (a connection cut mid-paste): the
    /// first silence the reader reports ends the paste, and keys are keys again.
    func testAnUnterminatedPasteEndsAtTheFirstSilenceAndTheNextEscIsTheEscKey() {
        var paste = PasteAssembler()
        XCTAssertEqual(feed(&paste, [.start] + text("7")), [])
        XCTAssertEqual(paste.take(.silence), [.paste("7")])
        XCTAssertEqual(paste.take(.key(.escape)), [.escape])
        XCTAssertEqual(paste.take(.end), [], "its late end is nothing")
        XCTAssertEqual(paste.take(.silence), [], "silence with no paste open is nothing")
    }

    /// Megabytes pasted: the paste keeps `FieldLimit.paste` and drops the
    /// rest of itself; none of it comes out as keys, and what follows its end does.
    func testAnOversizedPasteKeepsTheLimitAndDropsTheRestUntilItsEnd() {
        var paste = PasteAssembler()
        var keys = paste.take(.start)
        for _ in 0..<200_000 { keys += paste.take(.key(.character("q"))) }
        keys += feed(&paste, text("\u{1B}\r"))
        XCTAssertEqual(keys, [], "nothing of it acts while it arrives")
        let ended = feed(&paste, [.end] + text("t"))
        XCTAssertEqual(ended, [.paste(String(repeating: "q", count: FieldLimit.paste.scalars)), .character("t")])
    }

    func testTheByteCapHoldsForWideScalars() {
        var paste = PasteAssembler(limit: InputLimit(scalars: 10, bytes: 9))
        let keys = feed(&paste, [.start] + text("🦊🦊🦊") + [.end])
        XCTAssertEqual(keys, [.paste("🦊🦊")], "a third fox would pass nine bytes")
    }

    /// Inside a paste an Esc is text, and so is a sequence ncurses decoded
    /// from one (an arrow); a second start is the pasted text's own. Only the
    /// first end ends it.
    func testEscapesAndSequencesNestedInsideAPasteNeverComeOutAsKeys() {
        var paste = PasteAssembler()
        let keys = feed(&paste, [.start] + text("a") + [.key(.up), .key(.function(2)), .start, .key(.escape)]
                        + text("b\u{3}\u{7F}") + [.key(.delete)] + [.end])
        XCTAssertEqual(keys, [.paste("a\u{1B}b\u{3}\u{7F}")])

        // What the app makes of it: the field gets "ab"; Ctrl-C in the text does not ask to quit.
        var state = Fixture.state()
        for key in keys { _ = AppReducer.reduce(&state, .key(key)) }
        XCTAssertNil(state.modal)
        guard case .login(let form) = state.screen else { return XCTFail("left the login form") }
        XCTAssertEqual(form.username, "ab")
    }

    func testAResizeDuringAPasteIsAResizeAndThePasteGoesOn() {
        var paste = PasteAssembler()
        let size = Size(columns: 100, rows: 30)
        XCTAssertEqual(feed(&paste, [.start] + text("1") + [.key(.resize(size))]), [.resize(size)])
        XCTAssertEqual(feed(&paste, text("2") + [.end]), [.paste("12")])
    }

    func testAnEmptyPasteIsNothing() {
        var paste = PasteAssembler()
        XCTAssertEqual(feed(&paste, [.start, .end]), [])
        XCTAssertEqual(feed(&paste, [.start] + [.key(.up)] + [.end]), [])
    }
}
