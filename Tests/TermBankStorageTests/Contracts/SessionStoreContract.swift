import TermBankCore
import XCTest

/// What every `SessionStore` backend promises, against the protocol only.
struct SessionStoreContract {
    let make: MakeContractBackend

    private func session(_ backend: ContractBackend, _ id: String, user: UserRecord) throws -> Session {
        Session(id: SessionID(trusted: id), userID: user.id, deviceID: try backend.device("iphone-touchid").id,
                startedAt: backend.clock.now(), lastActivityAt: backend.clock.now(), endedAt: nil, endReason: nil)
    }

    func aSessionReadsBackAsItWasInserted() throws {
        let backend = try make()
        let session = try session(backend, "contract-session-1", user: try backend.user("alice"))
        try backend.sessions.insertSession(session)
        XCTAssertEqual(try backend.sessions.session(session.id), session)
        XCTAssertNil(try backend.sessions.session(SessionID(trusted: "contract-no-such-session")))
    }

    func aChangeIsKeptAndAThrowingChangeKeepsNothing() throws {
        let backend = try make()
        var session = try session(backend, "contract-session-2", user: try backend.user("bob"))
        try backend.sessions.insertSession(session)
        backend.clock.advance(seconds: 90)
        let now = backend.clock.now()
        try backend.sessions.modifySession(session.id) { $0?.lastActivityAt = now }
        session.lastActivityAt = now
        XCTAssertEqual(try backend.sessions.session(session.id), session)

        XCTAssertThrowsError(try backend.sessions.modifySession(session.id) { stored in
            stored?.endedAt = now
            stored?.endReason = .signedOut
            throw RolledBack()
        })
        XCTAssertEqual(try backend.sessions.session(session.id)?.isActive, true)

        try backend.sessions.modifySession(session.id) { stored in
            stored?.endedAt = now
            stored?.endReason = .idle
        }
        XCTAssertEqual(try backend.sessions.session(session.id)?.endReason, .idle)
    }

    /// Decision 55: what the guided checklist marks step 3 from. bob signs in
    /// with an SMS code, then on a trusted device (no code), then with the
    /// authenticator (a code, not an SMS one); carol's code is not bob's.
    func recentSignInsSayWhichUsedAnSMSCodeAndWhichATrustedDevice() throws {
        let backend = try make()
        let bob = try backend.user("bob"), carol = try backend.user("carol")
        XCTAssertEqual(try backend.sessions.recentSignIns(of: bob.id, limit: 5), [])

        func signInCode(_ id: String, for user: UserRecord) throws {
            let now = backend.clock.now()
            let code = VerificationRequest(
                id: VerificationID(trusted: id), userID: user.id, phone: user.phone, purposeKind: "signin",
                bindingDigest: "binding-digest", codeSalt: "salt", codeHash: "hash", codeLength: 6, status: .success,
                createdAt: now.adding(seconds: -20), expiresAt: now.adding(seconds: 280), wrongChecks: 0, events: 1,
                lastEventAt: now.adding(seconds: -20), finishedAt: now)
            try backend.verifications.inVerificationTransaction { try $0.save(code) }
        }
        func open(_ id: String, for user: UserRecord, trusted: TrustedDeviceID? = nil) throws -> Session {
            let session = Session(id: SessionID(trusted: id), userID: user.id, deviceID: try backend.device("iphone-faceid").id,
                                  startedAt: backend.clock.now(), lastActivityAt: backend.clock.now(), endedAt: nil,
                                  endReason: nil, trustedDeviceID: trusted)
            try backend.sessions.insertSession(session)
            backend.clock.advance(seconds: 60)
            return session
        }

        try signInCode("00000000000000000000000000000a01", for: bob)
        let first = try open("contract-signin-1", for: bob)
        let phone = try backend.device("iphone-faceid")   // read outside the transaction, which holds the connection
        let trust = try backend.secondFactors.inSecondFactorTransaction {
            try $0.insertTrustedDevice(user: bob.id, device: phone.id, tokenDigest: "digest-story",
                                       createdAt: backend.clock.now(), expiresAt: backend.clock.now().adding(seconds: 30 * 86_400))
        }
        let second = try open("contract-signin-2", for: bob, trusted: trust.id)
        try signInCode("00000000000000000000000000000c01", for: carol)
        let third = try open("contract-signin-3", for: bob)

        XCTAssertEqual(try backend.sessions.recentSignIns(of: bob.id, limit: 5), [
            SignInRecord(sessionID: third.id, startedAt: third.startedAt, usedSMSCode: false, trustedDevice: nil),
            SignInRecord(sessionID: second.id, startedAt: second.startedAt, usedSMSCode: false, trustedDevice: trust.id),
            SignInRecord(sessionID: first.id, startedAt: first.startedAt, usedSMSCode: true, trustedDevice: nil),
        ], "newest first; the first sign-in's code is not the later ones'; carol's code is not bob's")
        XCTAssertEqual(try backend.sessions.recentSignIns(of: bob.id, limit: 1).map(\.sessionID), [third.id])
        XCTAssertEqual(try backend.sessions.recentSignIns(of: carol.id, limit: 5), [])
    }

    func anUnknownSessionIsNilInsideAChange() throws {
        let backend = try make()
        let seen = try backend.sessions.modifySession(SessionID(trusted: "contract-missing")) { $0 }
        XCTAssertNil(seen)
    }
}
