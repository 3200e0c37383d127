import Foundation
import TermBankCore
import TermBankStorage
import XCTest

/// Decision 67: a guest's 24 hours were checked at the password and
/// when the session opened, so a session opened before the end paid
/// 4,000.00 to bob after it. The core's rule now runs in the booking's own
/// transaction (`GuestDay`), on a real SQLite file with a driven clock:
/// whatever approved the transfer, nothing is booked after the guest's day.
final class GuestDayTests: XCTestCase {
    var bank: TestBank!
    let origin = DemoOrigin(keyFingerprint: "SHA256:stakeholder-key", address: "203.0.113.7")

    override func setUpWithError() throws {
        bank = try TestBank()
    }

    func testAGuestPastItsDayCanNeitherTransferNorPayAndNothingIsBooked() throws {
        let guest = try GuestCustomers(bank: bank.bank, store: bank.store)
            .create(origin: origin, context: AuditContext(sessionID: nil, deviceID: "test")).user
        let bob = try bank.user("bob")
        let payee = try XCTUnwrap(try bank.store.payee(named: bob.username))
        // One second before the end a guest is a customer like any other.
        bank.clock.advance(seconds: 24 * 3600 - 1)
        XCTAssertNoThrow(try bank.bank.transfer(user: guest, from: .savings, to: .checking, amount: .dollars(1),
                                                clientID: bank.clientID("guest-day-inside"), context: .operatorCLI))
        bank.clock.advance(seconds: 1)
        let balances = try bank.store.balances(of: guest.id)
        let bobs = try bank.store.balances(of: bob.id)

        XCTAssertThrowsError(try bank.bank.transfer(user: guest, from: .savings, to: .checking, amount: .dollars(100),
                                                    clientID: bank.clientID("guest-day-transfer"), context: .operatorCLI)) {
            XCTAssertEqual($0 as? SessionError, .ended(.guestExpired))
        }
        let payment = PendingTransfer(userID: guest.id, from: .checking, payee: payee, amount: .dollars(4_000),
                                      reference: nil, clientID: bank.clientID("guest-day-payment"))
        XCTAssertThrowsError(try bank.store.inLedgerTransaction { tx in
            try payment.book(in: tx, policy: .standard, at: self.bank.clock.now(), context: .operatorCLI)
        }) {
            XCTAssertEqual($0 as? SessionError, .ended(.guestExpired))
        }
        // The biometric step-up's path books through the same rule.
        let device = try bank.device("iphone-touchid")
        let own = PendingTransfer(userID: guest.id, from: .savings, to: .checking, amount: .dollars(5),
                                  clientID: bank.clientID("guest-day-touch"))
        guard case .waiting(let prompt) = bank.authenticator.begin(.biometricsOrPasscode, on: device,
                                                                   reason: .transfer(own)),
              case .finished(.success, let approval?) = try bank.authenticator.handle(.matchingTouch, in: prompt) else {
            return XCTFail("the finger should pass")
        }
        XCTAssertThrowsError(try TransferStepUp(bank: bank.bank, policy: StepUpPolicy(smsThreshold: .dollars(100)))
            .executeWithBiometric(own, user: guest, device: device, approval: approval, context: .operatorCLI)) {
            XCTAssertEqual($0 as? SessionError, .ended(.guestExpired))
        }

        XCTAssertEqual(try bank.store.balances(of: guest.id), balances, "nothing booked from the guest")
        XCTAssertEqual(try bank.store.balances(of: bob.id), bobs, "nothing booked to bob")
        XCTAssertTrue(try bank.store.checkInvariants().isConsistent)
    }

    /// The demo's seed customers (and any other customer) have no day to run out.
    func testACustomerWhoIsNoGuestBooksAsBefore() throws {
        let alice = try bank.user("alice")
        bank.clock.advance(seconds: 48 * 3600)
        XCTAssertNoThrow(try bank.bank.transfer(user: alice, from: .savings, to: .checking, amount: .dollars(1),
                                                clientID: bank.clientID("alice-any-day"), context: .operatorCLI))
    }
}
