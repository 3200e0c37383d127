import Foundation
import TermBankApp
import TermBankCore
import TermBankSecurity
import XCTest
@testable import TermBankCLI

/// Demo terminals wired as `termbank --demo` wires them: the SMS limits and
/// the lock on wrong second-factor codes take the terminal's origin, as the
/// passwords do, and the operator's `user list` and `user unlock` show and
/// clear what one origin did (decision 46).
final class DemoTerminalCodeLimitsTests: LiveClientTestCase {
    let mine = DemoOrigin(keyFingerprint: "SHA256:my-key", address: "203.0.113.7")
    let context = AuditContext(sessionID: nil, deviceID: "ssh-0123456789ab")

    func terminal(_ scope: LockoutScope) throws -> CommandContext {
        try clientAndContext(.unbound, device: "iphone-touchid", lockout: scope).context
    }

    func testTheDemoWiringGivesEveryCountingServiceTheTerminalsOrigin() throws {
        let demo = try terminal(.perOrigin(mine))
        XCTAssertEqual(try demo.verifyService().scope, .perOrigin(mine))
        XCTAssertEqual(try demo.authenticatorService().scope, .perOrigin(mine))
        XCTAssertEqual(try demo.authenticatorService().recovery.scope, .perOrigin(mine))
        XCTAssertEqual(try terminal(.perCustomer).verifyService().scope, .perCustomer)
    }

    func testUserListShowsADemoOriginsSecondFactorLockAndUnlockClearsIt() throws {
        let demo = try terminal(.perOrigin(mine))
        let alice = try XCTUnwrap(try demo.store().user(named: Username(trusted: "alice")))
        let secret = try setUpAuthenticator(alice, on: demo)
        let service = try demo.authenticatorService()
        clock.advance(seconds: 60)
        let right = TOTP(hmac: OpenSSLHMACSHA1()).code(secret: secret, step: TOTP.step(at: clock.now()))
        let wrong = String(format: "%06d", (Int(right)! + 1) % 1_000_000)
        for _ in 1...5 { _ = try service.checkSignIn(for: alice, code: wrong, context: context) }

        XCTAssertEqual(try row("alice"), "active; two-factor codes locked for 1 demo origin")
        let audit = try operatorCommand(AuditCommands.audit, ["--user", "alice", "--limit", "1"])
        XCTAssertTrue(audit.contains("two-factor codes locked until") && audit.contains("from key SHA256:my-key only (demo)"),
                      audit)
        XCTAssertEqual(try operatorCommand(UserCommands.unlock, ["alice"]), "Unlocked alice; failed sign-ins reset.\n")
        XCTAssertEqual(try row("alice"), "active")
        guard case .verified = try service.checkSignIn(for: alice, code: right, context: context) else {
            return XCTFail("the origin's lock is cleared")
        }
    }

    // MARK: Helpers

    struct NotActivated: Error {}

    /// An operator command's output, run in this process as `termbank` runs
    /// it, on this test's driven clock (the locks it lists end by that clock).
    func operatorCommand(_ run: (Arguments, CommandContext) throws -> ExitCode, _ arguments: [String]) throws -> String {
        let output = Output()
        let console = Console(standardOutput: { output.append($0) }, standardError: { _ in }, readLine: { nil },
                              isInteractive: false)
        let context = try CommandContext(console: console, environment: ["XDG_CONFIG_HOME": config],
                                         arguments: try Arguments(["--db", scratch.database], valued: ["db"], boolean: []),
                                         clock: clock, random: SeededRandomSource(seed: 99))
        XCTAssertEqual(try run(try Arguments(arguments, valued: ["user", "limit"], boolean: []), context), .ok)
        return output.text
    }

    final class Output: @unchecked Sendable {
        private(set) var text = ""
        func append(_ line: String) { text += line + "\n" }
    }

    /// The status of `name`'s row in `termbank user list`.
    func row(_ name: String) throws -> String {
        let list = try operatorCommand(UserCommands.list, [])
        let line = try XCTUnwrap(list.split(separator: "\n").first { $0.hasPrefix(name + " ") }, list)
        let status = try XCTUnwrap(line.range(of: "10,000.00  ")).upperBound
        return String(line[status...]).trimmingCharacters(in: .whitespaces)
    }

    /// The last code on `user`'s simulated phone, read in this process (as `termbank phone NAME --last` would).
    func phoneCode(_ user: UserRecord, _ terminal: CommandContext) throws -> String {
        let text = try XCTUnwrap(try terminal.store().lastInboxMessage(of: user.phone)).text
        return try XCTUnwrap(text.split(whereSeparator: { !$0.isNumber }).map(String.init).last { $0.count == 6 }, text)
    }

    /// Sets up `user`'s authenticator as a person would (the SMS code, the
    /// password, the first code); returns the app's secret.
    func setUpAuthenticator(_ user: UserRecord, on terminal: CommandContext) throws -> [UInt8] {
        let security = try terminal.securitySettings()
        let ticket = try security.sendConfirmationCode(for: user, change: .setUpAuthenticator, context: context)
        let enrolment = try security.beginAuthenticatorEnrolment(
            for: user, password: Secret(Self.passwords[user.username.rawValue]!),
            confirmation: .sms(ticket.id, try phoneCode(user, terminal)), context: context)
        let secret = try XCTUnwrap(Base32.decode(enrolment.groupedSecret.exposedValue))
        let first = TOTP(hmac: OpenSSLHMACSHA1()).code(secret: secret, step: TOTP.step(at: clock.now()))
        guard case .activated = try security.finishAuthenticatorEnrolment(for: user, code: first, context: context) else {
            XCTFail("the authenticator was not activated")
            throw NotActivated()
        }
        return secret
    }
}
