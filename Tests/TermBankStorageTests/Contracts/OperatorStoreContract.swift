import TermBankCore
import XCTest

/// What every `OperatorStore` backend promises, against the protocol only:
/// a change stamp that moves with every commit and never with a read, the
/// audit trail page by page, and who last signed in on a device.
struct OperatorStoreContract {
    let make: MakeContractBackend

    func theChangeStampMovesWithACommitAndNotWithAReadOrARest() throws {
        let backend = try make()
        let alice = try backend.user("alice")
        let before = try backend.operatorStore.changeStamp()
        _ = try backend.store.statement(of: alice.id, limit: 10)
        _ = try backend.store.balances(of: alice.id)
        backend.operatorStore.releaseMemory()
        XCTAssertEqual(try backend.operatorStore.changeStamp(), before, "reads and rest change nothing")
        XCTAssertEqual(try backend.store.balances(of: alice.id)[.checking], Money(minorUnits: 500_000),
                       "a store at rest still reads")
        _ = try backend.bank.transfer(user: alice, from: .checking, to: .savings, amount: Money(minorUnits: 100),
                                      clientID: TransferClientID(trusted: "contract-stamp-1"), context: .operatorCLI)
        XCTAssertNotEqual(try backend.operatorStore.changeStamp(), before)
    }

    func theAuditTrailIsReadOldestFirstPageByPage() throws {
        let backend = try make()
        let all = try backend.operatorStore.auditRows(after: 0, limit: 10_000)
        XCTAssertFalse(all.isEmpty, "the demo reset is audited")
        XCTAssertEqual(all.map(\.id), all.map(\.id).sorted())
        let firstPage = try backend.operatorStore.auditRows(after: 0, limit: 2)
        XCTAssertEqual(firstPage, Array(all.prefix(2)))
        let next = try backend.operatorStore.auditRows(after: firstPage[1].id, limit: 1)
        XCTAssertEqual(next, [all[2]])
        XCTAssertEqual(try backend.operatorStore.auditRows(after: all.last!.id, limit: 10), [])
    }

    func theLastSignInOnADeviceIsItsNewestSession() throws {
        let backend = try make()
        let phone = try backend.device("iphone-touchid")
        XCTAssertNil(try backend.operatorStore.lastSignedIn(onDevice: phone.id))
        for name in ["bob", "carol"] {
            let user = try backend.user(name)
            try backend.sessions.insertSession(Session(id: SessionID(trusted: "contract-last-\(name)"), userID: user.id,
                                                       deviceID: phone.id, startedAt: backend.clock.now(),
                                                       lastActivityAt: backend.clock.now(), endedAt: nil, endReason: nil))
            backend.clock.advance(seconds: 30)
        }
        let last = try XCTUnwrap(try backend.operatorStore.lastSignedIn(onDevice: phone.id))
        XCTAssertEqual(last.user, try backend.user("carol"))
        XCTAssertEqual(last.at, backend.clock.now().adding(seconds: -30))
        XCTAssertNil(try backend.operatorStore.lastSignedIn(onDevice: try backend.device("old-phone").id))
    }

    /// `ssh … phone` follows a sign-in from its password (decision 60): the
    /// newest accepted password on the device, whether or not its second
    /// factor has come yet; a wrong password, or another device's, moves nothing.
    func theLastPasswordAcceptedOnADeviceIsFoundBeforeAnySession() throws {
        let backend = try make()
        let device = "ssh-contract-key"
        XCTAssertNil(try backend.operatorStore.lastPasswordAccepted(onDevice: device))
        let here = AuditContext(sessionID: nil, deviceID: device)
        guard case .signedIn = try backend.bank.signIn.signIn(username: "bob", password: Secret("builder-2026"),
                                                              context: here) else { throw ContractFailure("bob refused") }
        let bobAt = backend.clock.now()
        backend.clock.advance(seconds: 30)
        _ = try backend.bank.signIn.signIn(username: "carol", password: Secret("wrong-password-1"), context: here)
        _ = try backend.bank.signIn.signIn(username: "alice", password: Secret("wonderland-42"),
                                           context: AuditContext(sessionID: nil, deviceID: "ssh-another-key"))
        let last = try XCTUnwrap(try backend.operatorStore.lastPasswordAccepted(onDevice: device))
        XCTAssertEqual(last.user, try backend.user("bob"))
        XCTAssertEqual(last.at, bobAt)
        XCTAssertEqual(try backend.operatorStore.lastPasswordAccepted(onDevice: "ssh-another-key")?.user,
                       try backend.user("alice"))
    }
}
