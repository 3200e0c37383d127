import Foundation
import TermBankApp
import TermBankCore
import XCTest
@testable import TermBankCLI

/// Demo terminals wired as `termbank --demo` wires them (the bank's lockout
/// per origin and its guests' access, `DemoSession` around the client): every password a terminal
/// checks counts for its origin alone, and a guest customer cannot be locked
/// by anyone but the one who could sign in as it (decision 40).
final class DemoTerminalLockoutTests: LiveClientTestCase {
    let mine = DemoOrigin(keyFingerprint: "SHA256:my-key", address: "203.0.113.7")
    let theirs = DemoOrigin(keyFingerprint: "SHA256:their-key", address: "203.0.113.7")

    func demoTerminal(_ origin: DemoOrigin) throws -> (live: LiveBankingClient, client: BankingClient) {
        let (live, context) = try clientAndContext(.unbound, device: "iphone-touchid", lockout: .perOrigin(origin),
                                                   guests: .demo(origin))
        var client = live.client
        DemoSession(bank: try context.bank(), store: try context.store(), origin: origin,
                    authenticator: try context.authenticatorService()).install(into: &client)
        return (live, client)
    }

    func refusal(_ reply: SignInReply) -> AppMessage? {
        if case .refused(let message) = reply { return message }
        return nil
    }

    func testAnotherKeyCannotLockAGuestItsPasswordsAreRefusedBeforeTheyCount() throws {
        let owner = try demoTerminal(mine)
        let guest = try XCTUnwrap(owner.client.demo).createGuest(.english)
        let other = try demoTerminal(theirs)
        for _ in 0..<6 {
            XCTAssertEqual(refusal(try other.client.signingIn.signIn(guest.user.username.rawValue, Secret("wrong-password"))),
                           .core(.guest(.otherKey(guest.user.username))))
        }
        guard case .accepted = try owner.client.signingIn.signIn(guest.user.username.rawValue, guest.password) else {
            return XCTFail("the guest's own key was locked out by another key")
        }
        let list = try Termbank.run(["user", "list"], database: scratch.database).stdout
        let row = try XCTUnwrap(list.split(separator: "\n").first { $0.hasPrefix(guest.user.username.rawValue + " ") })
        XCTAssertTrue(row.hasSuffix("active"), String(row))
    }

    func testAGuestMadeWithoutAKeyIsLockedOnlyForTheAddressThatTypedWrong() throws {
        let owner = try demoTerminal(DemoOrigin(keyFingerprint: nil, address: "203.0.113.7"))
        let guest = try XCTUnwrap(owner.client.demo).createGuest(.english)
        let name = guest.user.username.rawValue
        let other = try demoTerminal(DemoOrigin(keyFingerprint: nil, address: "198.51.100.9"))
        for left in [4, 3, 2, 1] {
            XCTAssertEqual(refusal(try other.client.signingIn.signIn(name, Secret("wrong-password"))),
                           .core(.signIn(.incorrect(attemptsLeft: left))))
        }
        let until = clock.now().adding(seconds: 900)
        XCTAssertEqual(refusal(try other.client.signingIn.signIn(name, Secret("wrong-password"))), .core(.signIn(.locked(until: until))))
        XCTAssertEqual(refusal(try other.client.signingIn.signIn(name, guest.password)), .core(.signIn(.locked(until: until))))
        guard case .accepted = try owner.client.signingIn.signIn(name, guest.password) else {
            return XCTFail("the guest's maker was locked out by another address")
        }
    }

    /// The password that confirms a settings change counts too, for the
    /// origin that typed it: a stakeholder signed in as the shared alice who
    /// gets it wrong five times locks alice for themselves only.
    func testWrongPasswordsOnASettingsChangeLockTheSharedCustomerOnlyForTheirOrigin() throws {
        let first = try demoTerminal(mine)
        try signIn("alice", first.live)
        let change = SecurityChange.changePhone(to: PhoneNumber(trusted: "+15550188"))
        for _ in 0..<4 { _ = try? first.live.settings.sendConfirmationCode(change, Secret("wrong-password")) }
        let until = clock.now().adding(seconds: 900)
        XCTAssertThrowsError(try first.live.settings.sendConfirmationCode(change, Secret("wrong-password"))) {
            XCTAssertEqual($0 as? ConfirmationError, .password(.locked(until: until)))
        }
        let again = try demoTerminal(mine)
        XCTAssertEqual(refusal(try again.client.signingIn.signIn("alice", Secret("wonderland-42"))), .core(.signIn(.locked(until: until))))

        let second = try demoTerminal(theirs)
        guard case .accepted = try second.client.signingIn.signIn("alice", Secret("wonderland-42")) else {
            return XCTFail("another stakeholder was locked out of alice")
        }
    }

    /// The same wrong passwords without `--demo`: one lock for every terminal.
    func testWithoutDemoModeOneTerminalsWrongPasswordsLockTheCustomerForAll() throws {
        let first = try client(.unbound, device: "iphone-touchid")
        for _ in 0..<5 { _ = try first.signingIn.signIn("carol", Secret("wrong-password")) }
        let second = try client(.unbound, device: "iphone-faceid")
        XCTAssertEqual(refusal(try second.signingIn.signIn("carol", Secret("quiet-harbor-7"))),
                       .core(.signIn(.locked(until: clock.now().adding(seconds: 900)))))
    }
}
