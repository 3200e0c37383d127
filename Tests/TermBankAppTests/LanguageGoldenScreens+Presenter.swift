@testable import TermBankApp
import TermBankCore

/// The presenter's view (`termbank demo watch`) in each language: three
/// stakeholders (one stuck, one finished, one locked, chosen), the empty
/// demo, and `u`'s question; at 80x24, and the table at 60x20 without the
/// door and language columns.
extension LanguageGoldenScreens {
    static func presenter(_ language: Language) -> [Screenful] {
        typealias P = PresenterFixture
        func at(_ screen: PresenterScreen, _ size: Size = Fixture.size) -> AppState {
            speaking(language, P.state(screen, size: size))
        }
        return [
            ("presenter", at(P.showing(selected: "t-locked")), Fixture.size),
            ("presenter-empty", at(P.showing(P.empty)), Fixture.size),
            ("presenter-unlock", at(PresenterScreen(snapshot: P.snapshot, selected: "t-locked", confirming: P.locked)),
             Fixture.size),
            ("presenter-60x20", at(P.showing(), small), small),
        ]
    }
}
