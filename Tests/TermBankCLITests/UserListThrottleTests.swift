import Foundation
import TermBankCore
import XCTest
@testable import TermBankCLI

/// `user list` shows a user's failed sign-ins while their run can still lock
/// the account, and "active" once the 15-minute window has lapsed (the row is
/// kept for users; the next failure starts a new run).
final class UserListThrottleTests: XCTestCase {
    func testFailedSignInsShowUntilTheirWindowLapses() throws {
        let scratch = Scratch()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: scratch.database).status, 0)
        let clock = DrivenClock(SystemClock().now())
        var printed: [String] = []
        let console = Console(standardOutput: { printed.append($0) }, standardError: { _ in }, readLine: { nil },
                              isInteractive: false)
        let context = try CommandContext(console: console, environment: [:],
                                         arguments: try Arguments(["--db", scratch.database], valued: ["db"], boolean: []),
                                         clock: clock)
        let bob = Username(trusted: "bob")
        for _ in 0..<2 { _ = try context.store().reserveSignInAttempt(for: bob, policy: .standard, at: clock.now()) }
        func bobsRow() throws -> String {
            printed = []
            _ = try UserCommands.list(try Arguments([], valued: [], boolean: []), context)
            return printed.first { $0.hasPrefix("bob ") } ?? ""
        }
        let during = try bobsRow()
        XCTAssertTrue(during.hasSuffix("2 failed sign-ins"), during)
        clock.advance(seconds: 15 * 60)
        let after = try bobsRow()
        XCTAssertTrue(after.hasSuffix("active"), after)
    }
}
