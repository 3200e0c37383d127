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

    func anUnknownSessionIsNilInsideAChange() throws {
        let backend = try make()
        let seen = try backend.sessions.modifySession(SessionID(trusted: "contract-missing")) { $0 }
        XCTAssertNil(seen)
    }
}
