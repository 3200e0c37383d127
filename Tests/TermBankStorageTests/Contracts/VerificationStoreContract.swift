import TermBankCore
import XCTest

/// What every `VerificationStore` backend promises, against the protocol
/// only: one transaction per call, whose rows are kept when the body returns
/// and all gone when it throws, a booking inside it included. A body uses
/// only its transaction: the store's own methods wait for the transaction to end.
struct VerificationStoreContract {
    let make: MakeContractBackend

    private func request(_ id: String, for user: UserRecord, at time: Timestamp, status: VerificationStatus = .inProgress)
        -> VerificationRequest {
        VerificationRequest(id: VerificationID(trusted: id), userID: user.id, phone: user.phone, purposeKind: "signin",
                            bindingDigest: "binding-digest", codeSalt: "salt", codeHash: "hash", codeLength: 6,
                            status: status, createdAt: time, expiresAt: time.adding(seconds: 300), wrongChecks: 0,
                            events: 1, lastEventAt: time, finishedAt: nil)
    }

    func aSavedRequestIsReadLaterAndTheRunningOneIsFoundByPhone() throws {
        let backend = try make()
        let alice = try backend.user("alice")
        var saved = request("0123456789abcdef0123456789abcdef", for: alice, at: backend.clock.now())
        try backend.verifications.inVerificationTransaction { try $0.save(saved) }
        let bob = try backend.user("bob")
        try backend.verifications.inVerificationTransaction { transaction in
            XCTAssertEqual(try transaction.verification(saved.id), saved)
            XCTAssertEqual(try transaction.activeVerification(for: alice.phone), saved)
            XCTAssertNil(try transaction.activeVerification(for: bob.phone))
        }
        saved.status = .success
        saved.wrongChecks = 1
        saved.finishedAt = backend.clock.now()
        try backend.verifications.inVerificationTransaction { try $0.save(saved) }
        try backend.verifications.inVerificationTransaction { transaction in
            XCTAssertEqual(try transaction.verification(saved.id), saved, "saving again replaces")
            XCTAssertNil(try transaction.activeVerification(for: alice.phone), "a finished request is not running")
        }
    }

    func aThrowingBodyKeepsNothingABookingIncluded() throws {
        let backend = try make()
        let alice = try backend.user("alice")
        let saved = request("fedcba9876543210fedcba9876543210", for: alice, at: backend.clock.now())
        let transfers = try backend.store.checkInvariants().transferCount
        XCTAssertThrowsError(try backend.verifications.inVerificationTransaction { transaction in
            try transaction.save(saved)
            try transaction.recordSend(to: alice.phone, for: alice.id, request: saved.id, event: 1, at: backend.clock.now())
            try transaction.lockSMSCodes(for: alice.id, until: backend.clock.now().adding(seconds: 600))
            _ = try transaction.book(TransferRequest(clientID: TransferClientID(trusted: "contract-verify-1"), kind: .transfer,
                                                     from: .customer(alice.id, .checking), to: .customer(alice.id, .savings),
                                                     amount: Money(minorUnits: 100)),
                                     at: backend.clock.now(), context: .operatorCLI)
            throw RolledBack()
        })
        try backend.verifications.inVerificationTransaction { transaction in
            XCTAssertNil(try transaction.verification(saved.id))
            XCTAssertEqual(try transaction.sendCount(to: alice.phone, since: Timestamp(millisecondsSinceEpoch: 0)), 0)
            XCTAssertNil(try transaction.smsCodesLockedUntil(for: alice.id))
        }
        XCTAssertEqual(try backend.store.checkInvariants().transferCount, transfers)

        let receipt = try backend.verifications.inVerificationTransaction { transaction in
            try transaction.book(TransferRequest(clientID: TransferClientID(trusted: "contract-verify-2"), kind: .transfer,
                                                 from: .customer(alice.id, .checking), to: .customer(alice.id, .savings),
                                                 amount: Money(minorUnits: 100)),
                                 at: backend.clock.now(), context: .operatorCLI)
        }
        XCTAssertEqual(try backend.store.transfer(receipt.reference)?.clientID, TransferClientID(trusted: "contract-verify-2"))
    }

    func sendsCountPerPhoneAndPerCustomerWithinTheirWindow() throws {
        let backend = try make()
        let bob = try backend.user("bob")
        let start = backend.clock.now()
        let saved = request("00000000000000000000000000000001", for: bob, at: start)
        let announced = try backend.verifications.inVerificationTransaction { transaction -> Int64 in
            try transaction.save(saved)
            try transaction.recordSend(to: bob.phone, for: bob.id, request: saved.id, event: 1, at: start)
            try transaction.recordSend(to: bob.phone, for: bob.id, request: saved.id, event: 2, at: start.adding(seconds: 60))
            let other = PhoneNumber(trusted: "+15550100777")
            try transaction.recordSend(to: other, for: bob.id, request: saved.id, event: 3, at: start.adding(seconds: 120))
            return try transaction.recordAnnouncement(to: bob.phone, for: bob.id, at: start.adding(seconds: 180))
        }
        let before = start.adding(seconds: -1)
        let carol = try backend.user("carol")
        try backend.verifications.inVerificationTransaction { transaction in
            XCTAssertEqual(try transaction.sendCount(to: bob.phone, since: before), 2, "two codes; the announcement is no code")
            XCTAssertEqual(try transaction.sendCount(to: bob.phone, since: start.adding(seconds: 30)), 1)
            XCTAssertEqual(try transaction.oldestSend(to: bob.phone, since: before), start)
            XCTAssertEqual(try transaction.oldestSend(to: bob.phone, since: start.adding(seconds: 30)), start.adding(seconds: 60))
            XCTAssertEqual(try transaction.sendCount(for: bob.id, since: before), 3, "any number of the customer's")
            XCTAssertEqual(try transaction.oldestSend(for: bob.id, since: before), start)
            XCTAssertEqual(try transaction.sendCount(for: carol.id, since: before), 0)
            XCTAssertNil(try transaction.oldestSend(to: bob.phone, since: start.adding(seconds: 600)))

            try transaction.forgetSend(request: saved.id, event: 2)
            try transaction.forgetAnnouncement(announced)
            XCTAssertEqual(try transaction.sendCount(to: bob.phone, since: before), 1)
            XCTAssertEqual(try transaction.sendCount(for: bob.id, since: before), 2)
            XCTAssertEqual(try transaction.sendCount(to: bob.phone, since: start.adding(seconds: 150)), 0,
                           "an announcement alone is no code")
        }
    }

    func wrongChecksAndCodeLocksArePerCustomer() throws {
        let backend = try make()
        let carol = try backend.user("carol")
        let start = backend.clock.now()
        var first = request("00000000000000000000000000000002", for: carol, at: start.adding(seconds: 10))
        first.wrongChecks = 2
        var second = request("00000000000000000000000000000003", for: carol, at: start.adding(seconds: 20),
                             status: .failed)
        second.wrongChecks = 3
        let until = start.adding(seconds: 3_600)
        let alice = try backend.user("alice")
        try backend.verifications.inVerificationTransaction { transaction in
            try transaction.save(first)
            try transaction.save(second)
            try transaction.lockSMSCodes(for: carol.id, until: until)
        }
        try backend.verifications.inVerificationTransaction { transaction in
            XCTAssertEqual(try transaction.wrongChecks(for: carol.id, since: start), 5)
            XCTAssertEqual(try transaction.wrongChecks(for: carol.id, since: start.adding(seconds: 15)), 3)
            XCTAssertEqual(try transaction.wrongChecks(for: alice.id, since: start), 0)
            XCTAssertEqual(try transaction.smsCodesLockedUntil(for: carol.id), until)
            XCTAssertNil(try transaction.smsCodesLockedUntil(for: alice.id))
        }
    }

    /// The shared demo's hourly counts (decision 46): sends recorded for a
    /// demo origin are counted only for it, everyone's count holds only the
    /// sends without one, `listUsers` shows each origin's sends and the
    /// operator's unlock forgets them, never everyone's.
    func sendsOfADemoOriginAreCountedApartFromEveryonesAndUnlockForgetsThem() throws {
        let backend = try make()
        let bob = try backend.user("bob")
        let start = backend.clock.now()
        let saved = request("00000000000000000000000000000004", for: bob, at: start)
        let key = "key SHA256:first-stakeholder"
        let address = "address 203.0.113.7"
        try backend.verifications.inVerificationTransaction { transaction in
            XCTAssertEqual(try transaction.bankKind(), .demo)
            try transaction.save(saved)
            try transaction.recordSend(to: bob.phone, for: bob.id, request: saved.id, event: 1, at: start)
            try transaction.recordSend(to: bob.phone, for: bob.id, request: saved.id, event: 2, at: start.adding(seconds: 60),
                                       origin: key)
            try transaction.recordSend(to: bob.phone, for: bob.id, request: saved.id, event: 3, at: start.adding(seconds: 90),
                                       origin: address)
            _ = try transaction.recordAnnouncement(to: bob.phone, for: bob.id, at: start.adding(seconds: 120), origin: key)
        }
        let before = start.adding(seconds: -1)
        try backend.verifications.inVerificationTransaction { transaction in
            XCTAssertEqual(try transaction.sendCount(to: bob.phone, since: before), 1, "everyone's: the send without an origin")
            XCTAssertEqual(try transaction.sendCount(to: bob.phone, since: before, origin: key), 1, "a code; the announcement is none")
            XCTAssertEqual(try transaction.sendCount(to: bob.phone, since: before, origin: address), 1)
            XCTAssertEqual(try transaction.sendCount(for: bob.id, since: before, origin: key), 1)
            XCTAssertEqual(try transaction.oldestSend(to: bob.phone, since: before, origin: key), start.adding(seconds: 60))
            XCTAssertEqual(try transaction.oldestSend(for: bob.id, since: before, origin: address), start.adding(seconds: 90))
            XCTAssertEqual(try transaction.sendCount(to: bob.phone, since: before, origin: "key SHA256:someone-else"), 0)
        }
        let summary = try XCTUnwrap(backend.store.listUsers().first { $0.user.id == bob.id })
        XCTAssertEqual(summary.originSendTimes, [[start.adding(seconds: 90)], [start.adding(seconds: 60)]],
                       "one list of codes per origin, everyone's not among them")

        XCTAssertTrue(try backend.store.unlock(bob.username, at: backend.clock.now(), context: .operatorCLI))
        try backend.verifications.inVerificationTransaction { transaction in
            XCTAssertEqual(try transaction.sendCount(to: bob.phone, since: before, origin: key), 0)
            XCTAssertEqual(try transaction.sendCount(to: bob.phone, since: before, origin: address), 0)
            XCTAssertEqual(try transaction.sendCount(to: bob.phone, since: before), 1, "everyone's count is not the operator's to lift")
        }
        XCTAssertEqual(try XCTUnwrap(backend.store.listUsers().first { $0.user.id == bob.id }).originSendTimes, [])
    }

    /// Who waits on a request (decision 49): each holder once however often
    /// it asks, a release counts the others left, an ended request keeps no
    /// holder, and a throwing body keeps none.
    func holdersAreCountedOnceReleasedOneByOneAndGoWhenTheRequestEnds() throws {
        let backend = try make()
        let bob = try backend.user("bob")
        var saved = request("00000000000000000000000000000045", for: bob, at: backend.clock.now())
        let first = VerificationHolder(trusted: "terminal-first"), second = VerificationHolder(trusted: "terminal-second")
        try backend.verifications.inVerificationTransaction { transaction in
            try transaction.save(saved)
            try transaction.hold(saved.id, by: first)
            try transaction.hold(saved.id, by: first)
            try transaction.hold(saved.id, by: second)
        }
        XCTAssertThrowsError(try backend.verifications.inVerificationTransaction { transaction in
            try transaction.hold(saved.id, by: VerificationHolder(trusted: "terminal-rolled-back"))
            throw RolledBack()
        })
        try backend.verifications.inVerificationTransaction { transaction in
            XCTAssertEqual(try transaction.release(saved.id, by: first), 1, "the second still waits; the first counted once")
            XCTAssertEqual(try transaction.release(saved.id, by: first), 1, "releasing again changes nothing")
        }
        try backend.verifications.inVerificationTransaction { transaction in
            try transaction.hold(saved.id, by: first)
            saved.status = .success
            saved.finishedAt = backend.clock.now()
            try transaction.save(saved)
            XCTAssertEqual(try transaction.release(saved.id, by: VerificationHolder(trusted: "terminal-none")), 0,
                           "an ended request keeps no holder")
        }
    }
}

