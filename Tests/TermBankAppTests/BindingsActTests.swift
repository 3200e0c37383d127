@testable import TermBankApp
import TermBankCore
import XCTest

/// The handler cannot drift from the bindings (`ScreenFeature`,
/// docs/decisions/0080): on every screen in every state the catalog shows,
/// each key a binding lists, pressed, does something: it changes the state
/// or asks for an effect.
final class BindingsActTests: XCTestCase {
    /// The keys a binding's caps stand for ("↑/↓" both arrows, "0-9" a digit).
    static func presses(_ caps: String) -> [Key] {
        switch caps {
        case "0-9": return [.character("5")]
        case "0-9.,": return [.character("5"), .character("."), .character(",")]
        default: break
        }
        let parts = caps == "↑↓" ? ["↑", "↓"] : caps == "/" ? ["/"] : caps.split(separator: "/").map(String.init)
        return parts.map { part in
            switch part {
            case "Enter": return .enter
            case "Esc": return .escape
            case "Tab": return .tab
            case "Bksp": return .backspace
            case "↑": return .up
            case "↓": return .down
            case "←": return .left
            case "→": return .right
            case "PgUp": return .pageUp
            case "PgDn": return .pageDown
            case "Home": return .home
            case "End": return .end
            case _ where part.hasPrefix("Ctrl-"): return .control(Character(part.dropFirst(5).lowercased()))
            default: return part.count == 1 ? .character(part.first!) : .unknown
            }
        }
    }

    /// Each (screen, binding) is seen acting in at least one of the screen's
    /// states, as the catalog shows it or with a "5" typed first (an empty
    /// field's Bksp and Enter act once it holds something): a busy form or a
    /// history too short to scroll may leave one state as it was, but a key
    /// that acts nowhere is a binding its handler lost.
    func testEveryKeyABindingListsActsOnItsScreenInSomeState() {
        var listed: [String] = []
        var acted: Set<String> = []
        for screenful in CatalogScreens.all {
            let state = screenful.state
            guard !state.isTooSmall, state.modal == nil, !state.showsHelp else { continue }
            let feature = state.screen.feature
            for item in feature.bindings(state) + feature.moreBindings(state) {
                let row = "\(state.screen.name): \(item.keys) \(item.label)"
                if !listed.contains(row) { listed.append(row) }
                let keys = Self.presses(item.keys)
                XCTAssertFalse(keys.contains(.unknown), "\(screenful.name): \(item.keys) is no key")
                var typed = state
                _ = AppReducer.reduce(&typed, .key(.character("5")))
                let acts = [state, typed].contains { before in
                    keys.contains { key in
                        var pressed = before
                        let effects = AppReducer.reduce(&pressed, .key(key))
                        return pressed != before || !effects.isEmpty
                    }
                }
                if acts { acted.insert(row) }
            }
        }
        XCTAssertGreaterThan(listed.count, 60)
        XCTAssertEqual(listed.filter { !acted.contains($0) }, [], "bindings whose keys act in no state the catalog shows")
    }
}
