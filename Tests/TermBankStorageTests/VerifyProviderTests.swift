import Foundation
import TermBankCore
import TermBankSecurity
@testable import TermBankStorage
import XCTest

/// A Verify provider played by the test: each call recorded, each answer scripted.
final class ScriptedProvider: VerificationProvider, @unchecked Sendable {
    enum Call: Equatable {
        case start(ProviderRequest)
        case check(ProviderReference, String, ProviderRequest)
        case next(ProviderReference, Int)
        case cancel(ProviderReference)
    }

    private let lock = NSLock()
    private var made: [Call] = []
    private var serial = 0
    var startFailure: ProviderFailure?
    var checkAnswer: Result<ProviderCheck, ProviderFailure> = .success(.approved)
    var nextFailure: ProviderFailure?

    let name = "scripted"
    var calls: [Call] { lock.withLock { made } }
    var checks: Int { calls.filter { if case .check = $0 { true } else { false } }.count }

    func start(_ request: ProviderRequest) throws(ProviderFailure) -> ProviderReference {
        let reference: ProviderReference = lock.withLock {
            made.append(.start(request))
            serial += 1
            return ProviderReference("req-\(serial)")
        }
        if let startFailure { throw startFailure }
        return reference
    }

    func check(_ reference: ProviderReference, code: String, request: ProviderRequest) throws(ProviderFailure)
        -> ProviderCheck {
        lock.withLock { made.append(.check(reference, code, request)) }
        return try checkAnswer.get()
    }

    func nextChannel(_ reference: ProviderReference, request: ProviderRequest, event: Int) throws(ProviderFailure) {
        lock.withLock { made.append(.next(reference, event)) }
        if let nextFailure { throw nextFailure }
    }

    func cancel(_ reference: ProviderReference, request: ProviderRequest) throws(ProviderFailure) {
        lock.withLock { made.append(.cancel(reference)) }
    }

    func status(_ reference: ProviderReference, request: ProviderRequest) throws(ProviderFailure) -> ProviderStatus {
        .pending
    }
}

/// The core's rules on top of a Verify provider (decision 0100): the
/// provider sends and checks the code, the core keeps the request, its
/// purpose, its limits and the booking.
final class VerifyProviderTests: XCTestCase {
    var bank: TestBank!
    var phone: RecordingGateway!
    var provider: ScriptedProvider!
    var verify: VerifyService!
    var bob: UserRecord!
    let context = AuditContext(sessionID: "s-1", deviceID: "iphone-touchid")

    override func setUpWithError() throws {
        bank = try TestBank()
        phone = RecordingGateway()
        provider = ScriptedProvider()
        verify = VerifyService(store: bank.store, gateway: phone, hasher: Blake2bCodeHasher(), random: bank.bank.random,
                               clock: bank.clock, codes: .provider(provider))
        bob = try bank.user("bob")
    }

    func pending(_ amount: Money, id: String = "tx-provider-0001") -> PendingTransfer {
        PendingTransfer(userID: bob.id, from: .checking, to: .savings, amount: amount, clientID: TransferClientID(trusted: id))
    }

    func sends() throws -> Int64? { try bank.store.connection.query("SELECT count(*) FROM sms_sends").first?.int(0) }

    func testTheProviderSendsTheCodeAndTheBankKeepsOnlyItsReference() throws {
        let ticket = try verify.start(for: bob, purpose: .signIn, context: context)
        XCTAssertTrue(phone.messages.isEmpty, "nothing goes to the simulated phone")
        let expected = ProviderRequest(phone: bob.phone, purpose: .signIn, language: .english, codeLength: 6,
                                       expirySeconds: 300)
        XCTAssertEqual(provider.calls, [ScriptedProvider.Call.start(expected)])
        let stored = try XCTUnwrap(verify.status(ticket.id))
        XCTAssertEqual(VerifyService.providerReference(of: stored), ProviderReference("req-1"))
        XCTAssertEqual(stored.codeHash, "", "the bank holds no code")
        XCTAssertEqual(try sends(), 1)
        let trail = try bank.store.auditTrail(username: nil, limit: 10).map(\.event.detail)
        XCTAssertTrue(trail.contains { $0.hasSuffix("via scripted request req-1") }, "the audit trail keeps the provider's id")
        guard case .verified = try verify.check(ticket.id, code: "123456", purpose: .signIn, for: bob, context: context)
        else { return XCTFail() }
        XCTAssertEqual(provider.checks, 1)
    }

    func testATransferIsLinkedToItsAmountAndPayeeAndBookedWithTheApproval() throws {
        let transfer = pending(.dollars(250))
        let ticket = try verify.start(for: bob, purpose: .transfer(transfer), context: context)
        XCTAssertEqual(provider.calls.first, .start(ProviderRequest(
            phone: bob.phone, purpose: .payment(amount: "250.00", payee: "savings"), language: .english, codeLength: 6,
            expirySeconds: 300)))
        guard case .executed = try verify.approve(ticket.id, code: "654321", transfer: transfer, for: bob, context: context)
        else { return XCTFail() }
        XCTAssertEqual(try bank.store.balances(of: bob.id), [.checking: .dollars(4_750), .savings: .dollars(10_250)])
        XCTAssertEqual(try verify.status(ticket.id)?.status, .success)
    }

    func testACodeApprovedForATransferNeverSignsIn() throws {
        let ticket = try verify.start(for: bob, purpose: .transfer(pending(.dollars(5))), context: context)
        XCTAssertEqual(try verify.check(ticket.id, code: "123456", purpose: .signIn, for: bob, context: context),
                       .wrongCode(attemptsLeft: 2))
        XCTAssertEqual(provider.checks, 0, "the provider is not even asked")
    }

    func testACodeApprovedForASignInNeverApprovesATransfer() throws {
        let ticket = try verify.start(for: bob, purpose: .signIn, context: context)
        XCTAssertEqual(try verify.approve(ticket.id, code: "123456", transfer: pending(.dollars(5)), for: bob,
                                          context: context), .rejected(.wrongCode(attemptsLeft: 2)))
        XCTAssertEqual(provider.checks, 0)
        XCTAssertEqual(try bank.store.balances(of: bob.id), [.checking: .dollars(5_000), .savings: .dollars(10_000)])
    }

    func testACodeForOneTransferNeverApprovesAnother() throws {
        let ticket = try verify.start(for: bob, purpose: .transfer(pending(.dollars(5))), context: context)
        XCTAssertEqual(try verify.approve(ticket.id, code: "123456", transfer: pending(.dollars(500)), for: bob,
                                          context: context), .rejected(.wrongCode(attemptsLeft: 2)))
        XCTAssertEqual(provider.checks, 0)
    }

    func testAnUnreachableProviderAtTheStartChangesNothing() throws {
        provider.startFailure = .unreachable(reason: "could not connect", mayHaveReached: false)
        XCTAssertThrowsError(try verify.start(for: bob, purpose: .signIn, context: context)) {
            XCTAssertEqual($0 as? VerifyError, .providerUnavailable)
            XCTAssertEqual(($0 as? VerifyError)?.description, "The bank cannot send a code just now; nothing was changed.")
        }
        XCTAssertEqual(try sends(), 0, "not counted")
        XCTAssertEqual(try bank.store.connection.query("SELECT status FROM verifications").first?.text(0), "CANCELLED")
        provider.startFailure = nil
        XCTAssertFalse(try verify.start(for: bob, purpose: .signIn, context: context).reused, "a fresh request can start")
    }

    func testAStartThatMayHaveReachedTheProviderStaysCounted() throws {
        provider.startFailure = .unreachable(reason: "timed out", mayHaveReached: true)
        XCTAssertThrowsError(try verify.start(for: bob, purpose: .signIn, context: context))
        XCTAssertEqual(try sends(), 1, "an SMS may have gone: it counts toward the hourly limit")
        XCTAssertEqual(provider.calls.count, 1, "never retried")
    }

    func testTheProvidersOwnRefusalsMapToTheCoresOutcomes() throws {
        provider.startFailure = .concurrent
        XCTAssertThrowsError(try verify.start(for: bob, purpose: .signIn, context: context)) {
            guard case .numberBusy = $0 as? VerifyError else { return XCTFail("\($0)") }
        }
        provider.startFailure = .rateLimited
        XCTAssertThrowsError(try verify.start(for: bob, purpose: .signIn, context: context)) {
            guard case .tooManySends = $0 as? VerifyError else { return XCTFail("\($0)") }
        }
        provider.startFailure = .refused(reason: "Unauthorized")
        XCTAssertThrowsError(try verify.start(for: bob, purpose: .signIn, context: context)) {
            XCTAssertEqual($0 as? VerifyError, .providerUnavailable)
        }
    }

    func testAnUnreachableProviderAtTheCheckCountsNoWrongCodeAndBooksNothing() throws {
        let transfer = pending(.dollars(250))
        let ticket = try verify.start(for: bob, purpose: .transfer(transfer), context: context)
        provider.checkAnswer = .failure(.unreachable(reason: "connection dropped", mayHaveReached: true))
        XCTAssertThrowsError(try verify.approve(ticket.id, code: "123456", transfer: transfer, for: bob, context: context)) {
            XCTAssertEqual($0 as? VerifyError, .providerUnavailable)
        }
        let stored = try XCTUnwrap(verify.status(ticket.id))
        XCTAssertEqual(stored.status, .inProgress)
        XCTAssertEqual(stored.wrongChecks, 0)
        XCTAssertEqual(try bank.store.balances(of: bob.id), [.checking: .dollars(5_000), .savings: .dollars(10_000)])
        provider.checkAnswer = .success(.approved)
        guard case .executed = try verify.approve(ticket.id, code: "123456", transfer: transfer, for: bob, context: context)
        else { return XCTFail("the same code works once the provider answers") }
    }

    func testWrongCodesCountInTheCoreAndTheThirdCancelsAtTheProvider() throws {
        let ticket = try verify.start(for: bob, purpose: .signIn, context: context)
        provider.checkAnswer = .success(.wrongCode)
        XCTAssertEqual(try verify.check(ticket.id, code: "000000", purpose: .signIn, for: bob, context: context),
                       .wrongCode(attemptsLeft: 2))
        XCTAssertEqual(try verify.check(ticket.id, code: "12", purpose: .signIn, for: bob, context: context),
                       .wrongCode(attemptsLeft: 1), "a malformed code is wrong without asking the provider")
        XCTAssertEqual(provider.checks, 1)
        XCTAssertEqual(try verify.check(ticket.id, code: "000001", purpose: .signIn, for: bob, context: context),
                       .tooManyWrongCodes)
        XCTAssertEqual(provider.calls.last, .cancel(ProviderReference("req-1")))
    }

    func testTheProvidersOwnLimitAndExpiry() throws {
        var ticket = try verify.start(for: bob, purpose: .signIn, context: context)
        provider.checkAnswer = .success(.tooManyWrongCodes)
        XCTAssertEqual(try verify.check(ticket.id, code: "000000", purpose: .signIn, for: bob, context: context),
                       .tooManyWrongCodes)
        ticket = try verify.start(for: bob, purpose: .signIn, context: context)
        provider.checkAnswer = .success(.expired)
        XCTAssertEqual(try verify.check(ticket.id, code: "000000", purpose: .signIn, for: bob, context: context), .expired)
        XCTAssertEqual(try verify.status(ticket.id)?.status, .expired)
    }

    func testTheNextChannelIsTheProvidersAndAFailureUndoesIt() throws {
        let ticket = try verify.start(for: bob, purpose: .signIn, context: context)
        bank.clock.advance(seconds: 30)
        provider.nextFailure = .unreachable(reason: "could not connect", mayHaveReached: false)
        XCTAssertThrowsError(try verify.resend(ticket, for: bob, context: context)) {
            XCTAssertEqual($0 as? VerifyError, .providerUnavailable)
        }
        XCTAssertEqual(try verify.status(ticket.id)?.events, 1)
        XCTAssertEqual(try sends(), 1)
        provider.nextFailure = nil
        let next = try verify.resend(ticket, for: bob, context: context)
        XCTAssertEqual(next.events, 2)
        XCTAssertEqual(provider.calls.last, .next(ProviderReference("req-1"), 2))
        XCTAssertEqual(try sends(), 2)
    }

    func testCancelAndReleaseCancelAtTheProvider() throws {
        let ticket = try verify.start(for: bob, purpose: .signIn, context: context)
        try verify.cancel(ticket.id, for: bob, reason: "user", context: context)
        XCTAssertEqual(provider.calls.last, .cancel(ProviderReference("req-1")))
    }

    func testTheCoresLimitsStillHold() throws {
        for _ in 0..<10 {
            let ticket = try verify.start(for: bob, purpose: .signIn, context: context)
            try verify.cancel(ticket.id, for: bob, reason: "again", context: context)
        }
        XCTAssertThrowsError(try verify.start(for: bob, purpose: .signIn, context: context)) {
            guard case .tooManySends = $0 as? VerifyError else { return XCTFail("\($0)") }
        }
        XCTAssertEqual(provider.calls.filter { if case .start = $0 { true } else { false } }.count, 10)
    }

    /// No SMS ever goes to a number nobody verified: a demo guest's codes
    /// stay on the simulated phone whatever the provider (closes SMS pumping).
    func testADemoGuestsCodesAlwaysGoToTheSimulatedPhone() throws {
        let guest = try GuestCustomers(bank: bank.bank, store: bank.store)
            .create(origin: DemoOrigin(keyFingerprint: "SHA256:guest-key", address: "198.51.100.7"), context: context).user
        let ticket = try verify.start(for: guest, purpose: .signIn, context: context)
        XCTAssertTrue(provider.calls.isEmpty, "the provider is never asked")
        XCTAssertEqual(phone.last?.to, guest.phone)
        guard case .verified = try verify.check(ticket.id, code: phone.lastCode, purpose: .signIn, for: guest,
                                                context: context) else { return XCTFail() }
        XCTAssertTrue(provider.calls.isEmpty)
    }

    /// A bank restarted without --verify cannot check a provider's code: it
    /// says so, counts nothing, and no code of the bank's own can match it.
    func testAProvidersRequestWithoutTheProviderIsUnavailableNotWrong() throws {
        let ticket = try verify.start(for: bob, purpose: .signIn, context: context)
        let simulated = VerifyService(store: bank.store, gateway: phone, hasher: Blake2bCodeHasher(),
                                      random: bank.bank.random, clock: bank.clock)
        XCTAssertThrowsError(try simulated.check(ticket.id, code: "123456", purpose: .signIn, for: bob, context: context)) {
            XCTAssertEqual($0 as? VerifyError, .providerUnavailable)
        }
        XCTAssertEqual(try verify.status(ticket.id)?.wrongChecks, 0)
        XCTAssertEqual(try verify.status(ticket.id)?.status, .inProgress)
    }
}
