@testable import TermBankApp
import XCTest

/// Each screen's stable name (decision 0120): what the demo's presence rows
/// record, so the presenter's view can say where each stakeholder is. One
/// name per kind of screen, whatever its state, and the names are the
/// records' words: lower case and "-", never translated.
final class ScreenStableNameTests: XCTestCase {
    func testEveryScreenOfTheCatalogHasOneStableNameOfItsOwnKind() {
        var namesByCase: [String: Set<String>] = [:]
        for screenful in CatalogScreens.all {
            let screen = screenful.state.screen
            let name = screen.stableName
            XCTAssertFalse(name.isEmpty, screenful.name)
            XCTAssertTrue(name.allSatisfy { ("a"..."z").contains($0) || $0 == "-" }, name)
            XCTAssertLessThanOrEqual(name.count, 40, "the presence row's screen column holds 40")
            // The enum's case (its value's type): one name per case.
            let kind = String(String(describing: screen).prefix { $0 != "(" })
            namesByCase[kind, default: []].insert(name)
        }
        XCTAssertGreaterThan(namesByCase.count, 15, "the catalog lists most kinds of screen")
        for (kind, names) in namesByCase { XCTAssertEqual(names.count, 1, "\(kind): \(names)") }
        let all = namesByCase.values.flatMap { $0 }
        XCTAssertEqual(Set(all).count, all.count, "no two kinds share a name")
        // The presenter's view says where a stakeholder is in words: every name has them.
        XCTAssertEqual(Set(all).subtracting(PresenterScreenName.allCases.map(\.rawValue)), [],
                       "stable names without words in PresenterScreenName")
    }
}
