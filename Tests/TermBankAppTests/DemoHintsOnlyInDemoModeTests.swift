@testable import TermBankApp
import TermBankCore
import XCTest

/// Demo conveniences exist only in demo mode. On the code screens the demo
/// says where its simulated phone is (beside the app, or Ctrl-P); a real
/// deployment says what a bank's app says, "We sent a code to
/// +1 ***-***-0101", and nothing about a phone on the screen or a command
/// that shows one. Every code screen, both modes, every language, at 80x24,
/// an odd size, and wide enough for the demo's phone beside the app.
final class DemoHintsOnlyInDemoModeTests: XCTestCase {
    static let sizes = [Size(columns: 80, rows: 24), Size(columns: 93, rows: 27), Size(columns: 120, rows: 30)]

    /// Each screen that asks for an SMS code: at sign-in, for a transfer, for a payment.
    static func codeScreens(demo: Bool) -> [(name: String, state: AppState, masked: String)] {
        func at(_ entry: PinEntry, signedIn: Bool) -> AppState {
            var state = signedIn ? Fixture.signedIn() : Fixture.state()
            state.demo = demo ? DemoState() : nil
            state.now = Fixture.start.adding(seconds: 12)
            state.screen = .pin(entry)
            return state
        }
        let transfer = Fixture.ticket(.transfer(Fixture.pending), phone: Fixture.alice.phone)
        let payment = Fixture.ticket(.transfer(Fixture.payment), phone: Fixture.alice.phone)
        return [
            ("sign-in code", at(PinEntry(ticket: Fixture.ticket(), purpose: .signIn), signedIn: false), Fixture.bob.phone.masked),
            ("transfer code", at(PinEntry(ticket: transfer, purpose: .transfer(Fixture.pending)), signedIn: true),
             Fixture.alice.phone.masked),
            ("payment code", at(PinEntry(ticket: payment, purpose: .transfer(Fixture.payment)), signedIn: true),
             Fixture.alice.phone.masked),
        ]
    }

    /// What only demo mode may show, in every language (a screen in one
    /// language must not carry another's hint either), and the command the
    /// old hint named.
    static var demoOnly: [String] {
        Language.allCases.flatMap { language -> [String] in
            let words = language.appCatalog
            return [words.text(DemoText.phoneOnTheRight), words.text(DemoText.ctrlPShowsThePhone),
                    words.text(DemoText.phoneTitle), words.text(ChromeText.newMessageOnThePhone)]
        } + ["termbank phone", "Demo", "Демо"]
    }

    func render(_ state: AppState, _ size: Size, _ language: Language) -> String {
        var state = state
        state.size = size
        return AppView.render(state, size: size, words: language.appCatalog).text.joined(separator: "\n")
    }

    func testInDemoModeEachCodeScreenSaysWhereItsPhoneIs() {
        for language in Language.allCases {
            let words = language.appCatalog
            for (name, state, masked) in Self.codeScreens(demo: true) {
                for size in Self.sizes {
                    let screen = render(state, size, language)
                    let hint = words.text(size.columns >= PhonePanel.besideWidth ? DemoText.phoneOnTheRight : .ctrlPShowsThePhone)
                    XCTAssertTrue(screen.contains(words.text(SecondFactorText.weSentACode(toMasked: masked))),
                                  "\(language) \(name) \(size):\n\(screen)")
                    XCTAssertTrue(screen.contains(hint), "\(language) \(name) \(size): no \"\(hint)\"\n\(screen)")
                }
            }
        }
    }

    /// Without demo mode the line under "We sent a code to …" is blank: no
    /// hint of any language, no command, no simulated phone.
    func testWithoutDemoModeEachCodeScreenSaysOnlyWhereTheCodeWasSent() {
        for language in Language.allCases {
            let words = language.appCatalog
            for (name, state, masked) in Self.codeScreens(demo: false) {
                for size in Self.sizes {
                    let frame = { var state = state; state.size = size; return AppView.render(state, size: size, words: words) }()
                    let screen = frame.text.joined(separator: "\n")
                    let sent = words.text(SecondFactorText.weSentACode(toMasked: masked))
                    XCTAssertTrue(screen.contains(sent), "\(language) \(name) \(size):\n\(screen)")
                    for word in Self.demoOnly {
                        XCTAssertFalse(screen.contains(word), "\(language) \(name) \(size): \"\(word)\"\n\(screen)")
                    }
                    let row = try! XCTUnwrap(frame.text.firstIndex { $0.contains(sent) })
                    XCTAssertEqual(frame.text[row + 1].filter { $0.isLetter }, "", "\(language) \(name) \(size):\n\(screen)")
                }
            }
        }
    }

    /// Every other screen and modal, in every language: no demo word outside demo mode.
    func testWithoutDemoModeNoScreenShowsAnythingOfTheDemo() {
        let screens = CatalogScreens.all.filter { !$0.name.hasPrefix("demo") }
        XCTAssertGreaterThan(screens.count, 40)
        for language in Language.allCases {
            for (name, state, size) in screens {
                XCTAssertNil(state.demo, name)
                let screen = render(state, size, language)
                for word in Self.demoOnly {
                    XCTAssertFalse(screen.contains(word), "\(language) \(name): \"\(word)\"\n\(screen)")
                }
            }
        }
    }
}
