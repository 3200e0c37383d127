@testable import TermBankApp
import TermBankCore
import XCTest

/// Two keys on one bar never say the same thing: in demo mode on a terminal
/// under 120 columns Security's bar had "Ctrl-P Phone" (the simulated phone)
/// beside "p Phone" (change the number), in every language.
final class KeyBarLabelsTests: XCTestCase {
    func testNoTwoKeysOnABarShareALabelInAnyLanguageWithOrWithoutTheDemoPhone() {
        for language in Language.allCases {
            let words = language.appCatalog
            for (name, listed, _) in CatalogScreens.all {
                for demo in [false, true] {
                    var state = listed
                    if demo && state.demo == nil { state.demo = DemoState() }
                    state.size = Size(columns: 80, rows: 24)
                    let labels = KeyHelp.items(for: state).map { words.text($0.label) }
                    let repeated = Dictionary(grouping: labels, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
                    XCTAssertEqual(repeated, [], "\(language.code) \(name)\(demo ? " (demo)" : ""): \(labels)")
                }
            }
        }
    }
}
