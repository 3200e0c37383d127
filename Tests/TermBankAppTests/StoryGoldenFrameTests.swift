import Foundation
@testable import TermBankApp
import TermBankCore
import XCTest

/// The guided story's checklist on demo screens (decision 55), at 120x30, 80x24
/// and 60x20 in the four languages, under Golden/story/<code>/. Recorded
/// with TERMBANK_RECORD_GOLDEN=1 like the other goldens; read the diff.
final class StoryGoldenFrameTests: XCTestCase {
    static let sizes = [Size(columns: 120, rows: 30), Size(columns: 80, rows: 24), Size(columns: 60, rows: 20)]

    static func folder(_ language: Language) -> URL {
        GoldenFrameTests.directory.appendingPathComponent("story").appendingPathComponent(language.code)
    }

    /// The frames: each screen at each size.
    static func screens(_ language: Language) -> [(name: String, state: AppState)] {
        func demo(_ screen: Screen, _ progress: StoryProgress?, signedIn: Bool = false) -> AppState {
            var state = Fixture.demoState()
            state.languageSelection = LanguageSelection(language, source: .option)
            if signedIn {
                _ = AppReducer.reduce(&state, .signIn(.sessionOpened(.success(Fixture.session(DemoModeTests.guest)))))
                _ = AppReducer.reduce(&state, .banking(.accountLoaded(.success(Fixture.account(DemoModeTests.guest)))))
            }
            state.screen = screen
            state.demo?.story = progress
            return state
        }
        var faceID = demo(.welcome(WelcomeScreen()), nil)
        faceID.deviceName = "iphone-faceid"
        faceID.demo?.biometry = .faceID
        return [
            ("welcome", demo(.welcome(WelcomeScreen()), nil)),
            ("welcome-face-id", faceID),
            ("guest-card", demo(.guestCard(GuestCard(credentials: DemoModeTests.credentials)), nil)),
            ("statement-step-3", demo(.statement(StatementScreen()), StoryChecklistTests.progress(), signedIn: true)),
            ("welcome-back-trusted", demo(.welcome(WelcomeScreen()),
                                          StoryChecklistTests.progress([true, true, true, false], again: .trustedDevice))),
            ("statement-all-done", demo(.statement(StatementScreen()), StoryChecklistTests.progress([true, true, true, true]),
                                        signedIn: true)),
        ]
    }

    func assertGoldens(_ language: Language, file: StaticString = #filePath, line: UInt = #line) throws {
        for (name, state) in Self.screens(language) {
            for size in Self.sizes {
                try assertGolden("\(name)-\(size.columns)x\(size.rows)", state, size: size, in: Self.folder(language),
                                 file: file, line: line)
            }
        }
    }

    func testInEnglish() throws { try assertGoldens(.english) }
    func testInBrazilianPortuguese() throws { try assertGoldens(.portugueseBrazil) }
    func testInItalian() throws { try assertGoldens(.italian) }
    func testInUkrainian() throws { try assertGoldens(.ukrainian) }
}
