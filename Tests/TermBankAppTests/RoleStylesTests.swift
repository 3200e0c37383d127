import TermBankApp
@testable import TermBankTerminal
import XCTest

/// The painter looks each cell's style up by `StyleRole.index` in arrays made
/// in `StyleRole.allCases` order (no dictionary to build and hash before the
/// first frame), so the two orders must be one.
final class RoleStylesTests: XCTestCase {
    func testEveryRoleIsAtItsIndexInTheTables() {
        for (offset, role) in StyleRole.allCases.enumerated() {
            XCTAssertEqual(role.index, offset, "\(role)")
        }
        let monochrome = RoleStyles.monochrome()
        XCTAssertEqual(monochrome.count, StyleRole.allCases.count)
        let look = { (role: StyleRole) in monochrome[role.index].attributes }
        // Without colours the roles that carry meaning stay apart from plain text.
        for role in [StyleRole.focus, .field, .error, .title] {
            XCTAssertNotEqual(look(role), look(.normal), "\(role)")
        }
        XCTAssertNotEqual(look(.focus), look(.field))
        XCTAssertEqual(look(.error), look(.title), "both bold")
    }
}
