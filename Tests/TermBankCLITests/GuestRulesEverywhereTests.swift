import Foundation
import TermBankApp
import TermBankCore
import XCTest
@testable import TermBankCLI

/// A guest's rules hold at every way in (decision 47), each wired as
/// `termbank` wires it on a demo bank the real binary reset: the operator's
/// `termbank signin`, and the app with and without `--demo`.
final class GuestRulesEverywhereTests: LiveClientTestCase {
    let mine = DemoOrigin(keyFingerprint: "SHA256:my-key", address: "203.0.113.7")

    func refusal(_ reply: SignInReply) -> AppMessage? {
        if case .refused(let message) = reply { return message }
        return nil
    }

    func testTheAppWithoutDemoModeRefusesAGuestEvenFromTheKeyThatMadeIt() throws {
        let guest = try GuestRules.makeGuest(on: scratch.database, config: config, origin: mine)
        let plain = try client(.unbound, device: "iphone-touchid")
        // Told what any name is told: nothing says it is a guest.
        XCTAssertEqual(refusal(try plain.client.signingIn.signIn(guest.user.username.rawValue, guest.password)),
                       .core(.signIn(.incorrect(attemptsLeft: 4))))
        XCTAssertEqual(refusal(try plain.client.signingIn.signIn("guest-nobody-here", guest.password)),
                       .core(.signIn(.incorrect(attemptsLeft: 4))))
        // alice, a customer like any real bank's, signs in as before.
        guard case .accepted = try plain.client.signingIn.signIn("alice", Secret("wonderland-42")) else {
            return XCTFail("alice was refused without demo mode")
        }
    }

    func testTheDemoTerminalRefusesAnExpiredGuestFromItsOwnKey() throws {
        let expired = try GuestRules.makeGuest(on: scratch.database, config: config, origin: mine, hoursAgo: 25)
        let (live, _) = try clientAndContext(.unbound, device: "iphone-touchid", lockout: .perOrigin(mine),
                                             guests: .demo(mine))
        XCTAssertEqual(refusal(try live.client.signingIn.signIn(expired.user.username.rawValue, expired.password)),
                       .core(.guest(.expired(expired.user.username))))
    }

    /// The operator's command checks a password as the core does, outside
    /// demo mode: a guest, expired or not, is refused in the words any name
    /// gets; the audit trail says why.
    func testTheSigninCommandRefusesAGuestAsAnyOtherName() throws {
        let live = try GuestRules.makeGuest(on: scratch.database, config: config, origin: mine)
        let expired = try GuestRules.makeGuest(on: scratch.database, config: config, origin: mine, hoursAgo: 25)
        let name = live.user.username.rawValue
        let refused = try Termbank.run(["signin", name], database: scratch.database, stdin: live.password.exposedValue + "\n")
        XCTAssertEqual(refused.status, 1, refused.stderr)
        let nobody = try Termbank.run(["signin", "guest-nobody-here"], database: scratch.database,
                                      stdin: live.password.exposedValue + "\n")
        XCTAssertEqual(refused.stderr, nobody.stderr)
        XCTAssertEqual(refused.stderr, "termbank: Username or password is incorrect.\n")
        let old = try Termbank.run(["signin", expired.user.username.rawValue], database: scratch.database,
                                   stdin: expired.password.exposedValue + "\n")
        XCTAssertEqual(old.status, 1, old.stderr)
        XCTAssertEqual(old.stderr, nobody.stderr)
        let audit = try Termbank.run(["audit", "--user", name], database: scratch.database).stdout
        XCTAssertTrue(audit.contains("signin.guest_refused") && audit.contains("demo guest at a terminal without --demo"), audit)
        XCTAssertFalse(audit.contains(live.password.exposedValue), audit)
    }
}

/// Guests made as the demo makes them, on a bank file, at a time of the test's choosing.
enum GuestRules {
    static func makeGuest(on database: String, config: String, origin: DemoOrigin, hoursAgo: Int64 = 0,
                          seed: UInt64 = UInt64.random(in: 1...UInt64.max)) throws -> GuestCredentials {
        let console = Console(standardOutput: { _ in }, standardError: { _ in }, readLine: { nil }, isInteractive: false)
        let then = DrivenClock(SystemClock().now().adding(seconds: -hoursAgo * 3600))
        let context = try CommandContext(console: console, environment: ["XDG_CONFIG_HOME": config],
                                         arguments: try Arguments(["--db", database], valued: ["db"], boolean: []),
                                         clock: then, random: SeededRandomSource(seed: seed))
        return try GuestCustomers(bank: try context.bank(), store: try context.store())
            .create(origin: origin, context: AuditContext(sessionID: nil, deviceID: "test"))
    }
}
