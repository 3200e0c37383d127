import Foundation
@testable import TermBankApp
import TermBankCore
import TermBankSecurity
import TermBankStorage
import XCTest
@testable import TermBankCLI

/// What the review says Enter will ask for is what Enter starts: the live
/// client's `stepUpApproval` (asked when the review is shown, sends nothing)
/// and `beginTransferApproval` answer from the same core rule
/// (`StepUpQuery`), on a real SQLite file, for every factor and lock.
final class LiveStepUpApprovalTests: LiveClientTestCase {
    let underThreshold = StepUpPolicy(smsThreshold: Money(units: 100))

    func transfer(_ user: UserRecord, _ units: Int64, id: String) -> PendingTransfer {
        PendingTransfer(userID: user.id, from: .checking, to: .savings, amount: Money(units: units),
                        clientID: TransferClientID(trusted: id))
    }

    func payment(to payee: Payee, _ units: Int64, from user: UserRecord, id: String) -> PendingTransfer {
        PendingTransfer(userID: user.id, from: .checking, payee: payee, amount: Money(units: units), reference: nil,
                        clientID: TransferClientID(trusted: id))
    }

    func lastMessage(on name: String) throws -> String {
        try Termbank.run(["phone", name, "--last"], database: scratch.database).stdout
    }

    /// Another connection to the bank's file, as `termbank` in another process.
    func changeDevice(_ name: String, _ change: (inout DeviceCounters) -> Void) throws {
        let store = try SQLiteBankStore(path: scratch.database)
        let device = try XCTUnwrap(store.device(named: name))
        try store.modifyDevice(device.id) { change(&$0) }
    }

    /// carol sets up her authenticator app in Security, as on the screen: the
    /// SMS code for that change, then the app's first code.
    func enrolAuthenticator(_ live: LiveBankingClient) throws -> [UInt8] {
        _ = try live.settings.sendConfirmationCode(.setUpAuthenticator, nil)
        guard case .started(let setup) = try live.settings.beginEnrolment(Secret("quiet-harbor-7"),
                                                                         Secret(try code(on: "carol"))) else {
            throw TestFailure("enrolment refused")
        }
        let secret = try XCTUnwrap(Base32.decode(setup.groupedSecret.exposedValue))
        let first = TOTP(hmac: OpenSSLHMACSHA1()).code(secret: secret, step: TOTP.step(at: clock.now()))
        guard case .activated = try live.settings.finishEnrolment(first) else { throw TestFailure("not activated") }
        return secret
    }

    func testUnderTheThresholdTheReviewPromisesTheFingerprintAndEnterOpensTouchID() throws {
        let live = try client(.localTerminal(uid: 1000), device: "iphone-touchid", stepUp: underThreshold)
        let alice = try signIn("alice", live).user
        let small = transfer(alice, 5, id: "review-touch-01")
        XCTAssertEqual(try live.signedIn.stepUpApproval(small), .biometric(.touchID))
        guard case .biometric(let prompt) = try live.signedIn.beginTransferApproval(small) else {
            return XCTFail("Enter opens the Touch ID sheet")
        }
        XCTAssertEqual(prompt.mode, .biometric)
        XCTAssertTrue(StepUpStart.biometric(prompt).isWhat(.biometric(.touchID)))
    }

    func testTheReviewNamesThePhoneTheSMSCodeGoesToAndSendsNothingItself() throws {
        let live = try client(.localTerminal(uid: 1000), device: "old-phone")
        let alice = try signIn("alice", live).user
        let review = transfer(alice, 250, id: "review-sms-0001")
        let before = try lastMessage(on: "alice")
        XCTAssertEqual(try live.signedIn.stepUpApproval(review), .smsCode(to: alice.phone, firstPayee: false))
        XCTAssertEqual(try lastMessage(on: "alice"), before, "asking how sends no code")
        guard case .code(let ticket) = try live.signedIn.beginTransferApproval(review) else {
            return XCTFail("Enter sends the SMS code")
        }
        XCTAssertEqual(ticket.phone, alice.phone, "to the number the review named")
        XCTAssertNotEqual(try lastMessage(on: "alice"), before)
    }

    func testWithAnAuthenticatorTheReviewNamesTheAppAndEnterAsksForItsCode() throws {
        let live = try client(.localTerminal(uid: 1000), device: "old-phone")
        let carol = try signIn("carol", live).user
        _ = try enrolAuthenticator(live)
        let review = transfer(carol, 250, id: "review-totp-001")
        XCTAssertEqual(try live.signedIn.stepUpApproval(review), .authenticator(firstPayee: false))
        XCTAssertEqual(try live.signedIn.beginTransferApproval(review), .authenticator)
    }

    func testAFirstPayeeUnderTheThresholdIsNamedAsTheReasonForTheCode() throws {
        let live = try client(.localTerminal(uid: 1000), device: "iphone-touchid", stepUp: underThreshold)
        let alice = try signIn("alice", live).user
        let bob = try live.signedIn.lookUpPayee("bob")
        let first = payment(to: bob, 5, from: alice, id: "review-pay-0001")
        XCTAssertEqual(try live.signedIn.stepUpApproval(first), .smsCode(to: alice.phone, firstPayee: true))
        guard case .code(let ticket) = try live.signedIn.beginTransferApproval(first) else {
            return XCTFail("a first payee needs the code")
        }
        guard case .executed = try live.signedIn.approveTransfer(.smsCode(ticket, code: try code(on: "alice")), first) else {
            return XCTFail("the code pays bob")
        }
        let second = payment(to: bob, 5, from: alice, id: "review-pay-0002")
        XCTAssertEqual(try live.signedIn.stepUpApproval(second), .biometric(.touchID), "bob is a trusted payee now")
        guard case .biometric = try live.signedIn.beginTransferApproval(second) else { return XCTFail("a touch") }
    }

    func testALockedFaceIDFallsBackToThePasscodeOnTheReviewAndOnTheSheet() throws {
        let live = try client(.localTerminal(uid: 1000), device: "iphone-faceid", stepUp: underThreshold)
        let alice = try signIn("alice", live).user
        try changeDevice("iphone-faceid") { $0.biometryLockedOut = true }
        let small = transfer(alice, 5, id: "review-lock-001")
        XCTAssertEqual(try live.signedIn.stepUpApproval(small), .devicePasscode(.faceID))
        guard case .biometric(let prompt) = try live.signedIn.beginTransferApproval(small) else {
            return XCTFail("the sheet opens")
        }
        XCTAssertEqual(prompt.mode, .passcode, "on the passcode pad, as the review said")
        XCTAssertTrue(StepUpStart.biometric(prompt).isWhat(.devicePasscode(.faceID)))
    }

    func testALockedAuthenticatorIsNamedOnTheReviewAndEnterSendsNoSMSInstead() throws {
        let live = try client(.localTerminal(uid: 1000), device: "old-phone")
        let carol = try signIn("carol", live).user
        _ = try enrolAuthenticator(live)
        let review = transfer(carol, 250, id: "review-totp-lock")
        for _ in 0..<5 { _ = try live.signedIn.approveTransfer(.authenticator(code: "000000"), review) }
        let before = try lastMessage(on: "carol")
        guard case .authenticator(.locked(let until)) = CoreMessage(try refusal { try live.signedIn.stepUpApproval(review) })
        else { return XCTFail("the review says the app's codes are locked") }
        XCTAssertEqual(CoreMessage(try refusal { try live.signedIn.beginTransferApproval(review) }),
                       .authenticator(.locked(until: until)), "Enter meets the same refusal")
        XCTAssertEqual(try lastMessage(on: "carol"), before, "no SMS code stands in for a locked authenticator")
    }

    func testAPaymentOverWhatIsLeftTodayIsRefusedOnTheReviewAsAtEnter() throws {
        let live = try client(.localTerminal(uid: 1000), device: "old-phone")
        let alice = try signIn("alice", live).user
        let bob = try live.signedIn.lookUpPayee("bob")
        let big = payment(to: bob, 10_001, from: alice, id: "review-limit-01")
        let expected = LedgerError.dailyLimitExceeded(limit: Money(units: 10_000), left: Money(units: 10_000))
        XCTAssertEqual(try refusal { try live.signedIn.stepUpApproval(big) } as? LedgerError, expected)
        XCTAssertEqual(try refusal { try live.signedIn.beginTransferApproval(big) } as? LedgerError, expected)
    }

    /// The review's answer is only what the bank said then: a sensor locked
    /// afterwards changes what Enter starts, and the bank's decision at Enter wins.
    func testEnterFollowsTheBankNowWhenAFactorWasLockedAfterTheReview() throws {
        let live = try client(.localTerminal(uid: 1000), device: "iphone-touchid", stepUp: underThreshold)
        let alice = try signIn("alice", live).user
        let small = transfer(alice, 5, id: "review-stale-01")
        let reviewed = try live.signedIn.stepUpApproval(small)
        XCTAssertEqual(reviewed, .biometric(.touchID))
        try changeDevice("iphone-touchid") { $0.biometryLockedOut = true }
        let start = try live.signedIn.beginTransferApproval(small)
        guard case .biometric(let prompt) = start else { return XCTFail("the sheet opens") }
        XCTAssertEqual(prompt.mode, .passcode)
        XCTAssertFalse(start.isWhat(reviewed), "the app is told this is not what the review said")
    }

    func refusal<T>(_ body: () throws -> T) throws -> Error {
        do {
            _ = try body()
        } catch {
            return error
        }
        throw TestFailure("not refused")
    }
}
