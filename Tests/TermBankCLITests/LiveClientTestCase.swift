import Foundation
@testable import TermBankApp
import TermBankCore
import TermBankStorage
import XCTest
@testable import TermBankCLI

/// The live client's tests: a demo bank reset by the real binary on a
/// mkdtemp-made SQLite file, and each terminal's client built as `termbank`
/// builds it, with a driven clock and seeded randomness.
class LiveClientTestCase: XCTestCase {
    let scratch = Scratch()
    let clock = DrivenClock(SystemClock().now())
    var seed: UInt64 = 0

    override func setUpWithError() throws {
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: scratch.database).status, 0)
    }

    var config: String { scratch.path + "/config" }

    /// A terminal's client: `binding` is how it holds `device` (nil: the phone is picked from `pickable`).
    /// `lockout` and `guests` are set before the bank opens, as the app's `--demo` sets them.
    func client(_ binding: DeviceBinding, device: String?, pickable: Set<String> = [],
                stepUp: StepUpPolicy = StepUpPolicy(), lockout: LockoutScope = .perCustomer) throws -> LiveBankingClient {
        try clientAndContext(binding, device: device, pickable: pickable, stepUp: stepUp, lockout: lockout).live
    }

    func clientAndContext(_ binding: DeviceBinding, device: String?, pickable: Set<String> = [],
                          stepUp: StepUpPolicy = StepUpPolicy(),
                          lockout: LockoutScope = .perCustomer,
                          guests: GuestAccess = .none) throws -> (live: LiveBankingClient, context: CommandContext) {
        seed += 1
        let console = Console(standardOutput: { _ in }, standardError: { _ in }, readLine: { nil }, isInteractive: false)
        let context = try CommandContext(console: console, environment: ["XDG_CONFIG_HOME": config],
                                         arguments: try Arguments(["--db", scratch.database], valued: ["db"], boolean: []),
                                         clock: clock, random: SeededRandomSource(seed: seed))
        context.lockout = lockout
        context.guests = guests
        return (LiveBankingClient(bank: try context.bank(), store: try context.store(),
                                  device: try device.map { try context.existingDevice($0) },
                                  verify: try context.verifyService(), stepUp: stepUp,
                                  security: try context.securitySettings(),
                                  trustedDevices: try context.trustedDevices(binding: binding),
                                  knownSignIns: try context.knownSignIns(binding: binding), pickable: pickable,
                                  lockout: lockout), context)
    }

    static let passwords = ["alice": "wonderland-42", "bob": "builder-2026", "carol": "quiet-harbor-7"]

    /// Password (a seed customer's, or `password`), the finger when asked, the SMS code from the phone when asked: the session.
    @discardableResult
    func signIn(_ name: String, _ live: LiveBankingClient, password: Secret? = nil) throws -> SessionInfo {
        guard case .accepted(_, _, var next, _, _) = try live.signingIn.signIn(name, password ?? Secret(Self.passwords[name]!)) else {
            throw TestFailure("password refused")
        }
        if next == .biometric {
            guard case .waiting(let prompt) = try live.signingIn.beginBiometric(.signIn),
                  case .passed(let after) = try live.signingIn.biometric(.matchingTouch, prompt) else {
                throw TestFailure("no finger")
            }
            next = after
        }
        if next == .smsCode {
            let ticket = try live.signingIn.sendSignInCode()
            guard case .passed = try live.signingIn.checkSignInCode(ticket, try code(on: name)) else {
                throw TestFailure("code refused")
            }
        }
        return try live.signingIn.openSession()
    }

    /// The last code the user's phone received.
    func code(on name: String) throws -> String {
        let last = try Termbank.run(["phone", name, "--last"], database: scratch.database).stdout
        // "code is 123456" on a sign-in, "code 123456 confirms" on a settings change.
        let words = last.split(whereSeparator: { !$0.isNumber }).map(String.init)
        return try XCTUnwrap(words.last { $0.count == 6 }, last)
    }

    func account(_ live: LiveBankingClient, _ user: UserRecord) -> Action? {
        EffectRunner.run(.banking(.loadAccount(user)), client: live.client)
    }

    /// Ends the session from another connection to the same file, as the
    /// user's other terminal or an operator would.
    func endElsewhere(_ info: SessionInfo, reason: SessionEndReason = .signedOut) throws {
        let other = try SQLiteBankStore(path: scratch.database)
        try SessionService(store: other, audit: other, clock: clock, random: SeededRandomSource(seed: 999))
            .end(info.sessionID, reason: reason, user: info.user, context: .operatorCLI)
    }
}

/// Ends a test whose precondition failed; XCTest records it as a failure.
struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
