import Foundation
import TermBankCore
import XCTest
@testable import TermBankCLI

/// The phone window (`ssh … phone`), the phone panel and
/// `termbank phone NAME` read a number's oldest 1,000 messages, so after a
/// long demo a new code never showed. With 1,500 messages on bob's number,
/// each shows the newest.
final class PhoneWindowNewestTests: LiveClientTestCase {
    /// bob's phone receives m1 … m1500, a second apart.
    private func fifteenHundredMessages(_ context: CommandContext) throws -> UserRecord {
        let store = try context.store()
        let bob = try XCTUnwrap(try store.user(named: Username(trusted: "bob")))
        for number in 1...1_500 {
            clock.advance(seconds: 1)
            try store.receive(OutgoingMessage(to: bob.phone, userID: bob.id, channel: .sms, text: "m\(number)"),
                              at: clock.now())
        }
        return bob
    }

    func testAPhoneWindowAfterFifteenHundredMessagesShowsTheNewest() throws {
        let (_, context) = try clientAndContext(.unbound, device: nil)
        let window = PhoneWindow(bank: try context.bank(), store: try context.store(), key: nil,
                                 authenticator: try context.authenticatorService(), access: .none)
        _ = try fifteenHundredMessages(context)
        try window.watch("bob")
        let shown = try XCTUnwrap(try window.inbox()).messages.map(\.text)
        XCTAssertEqual(shown.first, "m1500", "newest first on the phone")
        XCTAssertEqual(shown, (1_481...1_500).reversed().map { "m\($0)" })
    }

    func testThePhoneWindowStillLeavesOutMessagesOlderThanItsLookBack() throws {
        let (_, context) = try clientAndContext(.unbound, device: nil)
        _ = try fifteenHundredMessages(context)
        // Opened 20 minutes after the last: nothing is recent enough.
        clock.advance(seconds: PhoneWindow.lookBackSeconds * 2)
        let window = PhoneWindow(bank: try context.bank(), store: try context.store(), key: nil,
                                 authenticator: try context.authenticatorService(), access: .none)
        try window.watch("bob")
        XCTAssertEqual(try XCTUnwrap(try window.inbox()).messages, [])
    }

    func testThePhoneCommandAfterFifteenHundredMessagesListsTheNewest() throws {
        let (_, context) = try clientAndContext(.unbound, device: nil)
        _ = try fifteenHundredMessages(context)
        let run = try Termbank.run(["phone", "bob"], database: scratch.database)
        XCTAssertEqual(run.status, 0, run.stderr)
        let lines = run.stdout.split(separator: "\n")
        XCTAssertEqual(lines.count, VerifyCommands.listed)
        XCTAssertTrue(lines.last?.hasSuffix(": m1500") ?? false, String(lines.last ?? ""))
        XCTAssertTrue(lines.first?.hasSuffix(": m501") ?? false, String(lines.first ?? ""))
    }
}
