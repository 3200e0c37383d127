import TermBankCore
import XCTest

/// What every `StoryStore` backend promises (the demo's guided story, decision
/// 55), against the protocols only: the customer's session starts with their
/// detail, the ends, money moved in a session (not outside one), the
/// authenticators set up, each from `since` on, and nobody else's.
struct StoryStoreContract {
    let make: MakeContractBackend

    func theFactsAreTheCustomersOwnFromSinceOn() throws {
        let backend = try make()
        let bob = try backend.user("bob"), alice = try backend.user("alice")
        let start = backend.clock.now()
        func session(_ user: UserRecord, _ id: String, factors: [SignInFactor], trusted: Int64? = nil) throws -> Session {
            let now = backend.clock.now()
            let session = Session(id: SessionID(trusted: id), userID: user.id, deviceID: nil, startedAt: now,
                                  lastActivityAt: now, endedAt: nil, endReason: nil, trustedDeviceID: nil)
            try backend.sessions.insertSession(session)
            try backend.store.append(AuditEvent(at: now, kind: .sessionStarted, username: user.username, userID: user.id,
                                                context: AuditContext(sessionID: session.id.short, deviceID: nil),
                                                detail: SessionStartDetail(factors: factors, usedRecoveryCode: false,
                                                                           trustedDevice: trusted.map(TrustedDeviceID.init)).text))
            return session
        }
        let first = try session(bob, String(repeating: "a", count: 32), factors: [.password, .smsCode])
        _ = try session(alice, String(repeating: "b", count: 32), factors: [.password, .smsCode])
        backend.clock.advance(seconds: 10)
        _ = try backend.store.book(TransferRequest(clientID: TransferClientID(trusted: "story-contract-1"), kind: .transfer,
                                                   from: .customer(bob.id, .checking), to: .customer(bob.id, .savings),
                                                   amount: Money(minorUnits: 100)),
                                   at: backend.clock.now(), context: AuditContext(sessionID: first.id.short, deviceID: nil))
        _ = try backend.store.book(TransferRequest(clientID: TransferClientID(trusted: "story-contract-2"), kind: .transfer,
                                                   from: .customer(bob.id, .checking), to: .customer(bob.id, .savings),
                                                   amount: Money(minorUnits: 100)),
                                   at: backend.clock.now(), context: .operatorCLI)
        backend.clock.advance(seconds: 10)
        try backend.sessions.modifySession(first.id) { row in
            row?.endedAt = backend.clock.now()
            row?.endReason = .signedOut
        }
        backend.clock.advance(seconds: 10)
        let middle = backend.clock.now()
        _ = try session(bob, String(repeating: "c", count: 32), factors: [.password, .biometric], trusted: 4)
        try backend.store.append(AuditEvent(at: backend.clock.now(), kind: .authenticatorActivated, username: bob.username,
                                            userID: bob.id, context: .operatorCLI))

        let facts = try backend.story.storyFacts(of: bob.id, since: start)
        XCTAssertEqual(facts.sessionStarts.map(\.detail?.factors), [[.password, .smsCode], [.password, .biometric]])
        XCTAssertEqual(facts.sessionStarts.last?.detail?.trustedDevice, TrustedDeviceID(4))
        XCTAssertEqual(facts.sessionEnds, [start.adding(seconds: 20)])
        XCTAssertEqual(facts.moneyMoved, 1, "the operator's transfer has no session")
        XCTAssertEqual(facts.authenticatorsSetUp, 1)
        XCTAssertEqual(StoryProgress(bob, facts: facts).done, [true, true, true, true])

        let later = try backend.story.storyFacts(of: bob.id, since: middle)
        XCTAssertEqual(later.sessionStarts.count, 1)
        XCTAssertEqual(later.sessionEnds, [])
        XCTAssertEqual(later.moneyMoved, 0)
        XCTAssertEqual(try backend.story.storyFacts(of: UserID(999_999), since: start), StoryFacts(), "no such customer")
    }
}
