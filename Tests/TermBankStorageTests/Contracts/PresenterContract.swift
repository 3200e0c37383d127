import TermBankCore
import XCTest

/// The presenter's desk on every backend (decision 0120), with a driven
/// clock: who is connected and in which order, each reason a stakeholder is
/// stuck, each total moving, and `u` lifting one origin's locks only.
struct PresenterContract {
    let make: MakeContractBackend

    static let sshKey = DemoOrigin(keyFingerprint: "SHA256:Ab3fQx9LmPqRsTuV", address: "203.0.113.7")
    static let browser = DemoOrigin(keyFingerprint: "SHA256:3fa9Zz0YyXxWw", address: "198.51.100.4")
    static let device = "ssh-0123456789ab"

    private func open(_ backend: ContractBackend, _ id: String, _ origin: DemoOrigin, door: Stakeholder.Door,
                       device: String? = nil) throws {
        try backend.presence.startDemoTerminal(.starting(id: id, origin: origin, door: door, device: device,
                                                         language: .english, screen: "login", at: backend.clock.now()))
    }

    private func presenter(_ backend: ContractBackend) -> Presenter { Presenter(bank: backend.bank, store: backend.all) }

    private func beat(_ backend: ContractBackend, _ ids: String...) throws {
        for id in ids { try backend.presence.recordDemoTerminal(id, .heartbeat, at: backend.clock.now()) }
    }

    private func audit(_ backend: ContractBackend, _ kind: AuditEventKind, _ user: UserRecord,
                       device: String? = PresenterContract.device) throws {
        try backend.store.append(AuditEvent(at: backend.clock.now(), kind: kind, username: user.username, userID: user.id,
                                            context: AuditContext(sessionID: nil, deviceID: device)))
    }

    func theConnectedAreListedTheLongestFirstUntilTheyEndOrStopBeingSeen() throws {
        let backend = try make()
        let bob = try backend.user("bob")
        let start = backend.clock.now()
        try open(backend, "first", Self.sshKey, door: .ssh, device: Self.device)
        backend.clock.advance(seconds: 5)
        try open(backend, "second", Self.browser, door: .web)
        try open(backend, "gone", DemoOrigin(keyFingerprint: nil, address: "192.0.2.9"), door: .ssh)
        try backend.presence.recordDemoTerminal("gone", .ended, at: backend.clock.now())
        try backend.presence.recordDemoTerminal("first", .customer(bob.id, storySince: start), at: backend.clock.now())
        try backend.presence.recordDemoTerminal("first", .language(.italian), at: backend.clock.now())

        var snapshot = try presenter(backend).snapshot()
        XCTAssertEqual(snapshot.at, backend.clock.now())
        XCTAssertEqual(snapshot.connected, 2)
        XCTAssertEqual(snapshot.stakeholders.map(\.id), ["first", "second"])
        let first = snapshot.stakeholders[0], second = snapshot.stakeholders[1]
        XCTAssertEqual(first.origin, "key SHA256:Ab3fQ…")
        XCTAssertEqual(second.origin, "browser 3fa9…")
        XCTAssertEqual([first.door, second.door], [.ssh, .web])
        XCTAssertEqual(first.customer, bob.username)
        XCTAssertNil(second.customer)
        XCTAssertEqual(first.language, .italian)
        XCTAssertEqual(first.stepsDone, [false, false, false, false])
        XCTAssertEqual(first.screen, "login")
        XCTAssertEqual(first.screenSince, start)
        XCTAssertEqual(first.stuck, [])
        XCTAssertFalse(first.unlockable)

        // The same screen past the policy's seconds; a terminal that stops beating is gone 90 s later.
        backend.clock.advance(seconds: PresenterPolicy.stuckAfterSeconds - 4)
        try beat(backend, "first", "second")
        snapshot = try presenter(backend).snapshot()
        XCTAssertEqual(snapshot.stakeholders[0].stuck, [.sameScreen(since: start)])
        XCTAssertEqual(snapshot.stakeholders[1].stuck, [], "five seconds later: not yet")
        try backend.presence.recordDemoTerminal("first", .screen("statement"), at: backend.clock.now())
        backend.clock.advance(seconds: DemoPresencePolicy.connectedWithinSeconds)
        try beat(backend, "first")
        XCTAssertEqual(try presenter(backend).snapshot().connected, 2, "seen 90 s ago: still connected")
        backend.clock.advance(seconds: 1)
        snapshot = try presenter(backend).snapshot()
        XCTAssertEqual(snapshot.stakeholders.map(\.id), ["first"])
        XCTAssertEqual(snapshot.connected, 1)
        XCTAssertEqual(snapshot.stakeholders[0].stuck, [], "a new screen")
    }

    func aRefusalSinceTheLastSuccessAtThatTerminalIsStuck() throws {
        let backend = try make()
        let bob = try backend.user("bob")
        try open(backend, "t", Self.sshKey, door: .ssh, device: Self.device)
        try backend.presence.recordDemoTerminal("t", .customer(bob.id, storySince: nil), at: backend.clock.now())
        func stuck() throws -> [StuckReason] { try presenter(backend).snapshot().stakeholders[0].stuck }

        try audit(backend, .signInFailed, bob, device: "ssh-somebody-else")
        XCTAssertEqual(try stuck(), [], "another device's refusal is another stakeholder's")
        backend.clock.advance(seconds: 1)
        try audit(backend, .signInFailed, bob)
        XCTAssertEqual(try stuck(), [.refused(.password)])
        backend.clock.advance(seconds: 1)
        try audit(backend, .signInSucceeded, bob)
        XCTAssertEqual(try stuck(), [], "a success clears it")
        try audit(backend, .verificationWrongCode, bob)
        XCTAssertEqual(try stuck(), [.refused(.code)])
        try audit(backend, .authenticatorCodeAccepted, bob)
        try audit(backend, .transferRefused, bob)
        XCTAssertEqual(try stuck(), [.refused(.moneyMovement)])
        try audit(backend, .signInRefusedGuest, bob)
        XCTAssertEqual(try stuck(), [.refused(.other)])
        try audit(backend, .transferBooked, bob)
        XCTAssertEqual(try stuck(), [])
    }

    func aLockAtThatOriginOrTheSMSLimitIsStuckAndUnlockableAndUnlockLiftsThatOriginsOnly() throws {
        let backend = try make()
        let bob = try backend.user("bob")
        try open(backend, "mine", Self.sshKey, door: .ssh, device: Self.device)
        try open(backend, "theirs", Self.browser, door: .web)
        for id in ["mine", "theirs"] {
            try backend.presence.recordDemoTerminal(id, .customer(bob.id, storySince: nil), at: backend.clock.now())
        }
        let policy = LockoutPolicy()
        var lockedUntil: Timestamp?
        for _ in 0..<policy.maximumFailures {
            if case .reserved(_, let until) = try backend.store.reserveSignInAttempt(
                for: SignInCounter(bob.username, origin: Self.sshKey.name), policy: policy, at: backend.clock.now()) {
                lockedUntil = until
            }
        }
        let until = try XCTUnwrap(lockedUntil)
        let codesUntil = backend.clock.now().adding(seconds: 600)
        for origin in [Self.sshKey.name, Self.browser.name] {
            try backend.secondFactors.inSecondFactorTransaction { tx in
                try tx.saveCodeFailures(CodeFailures(failures: 5, lockedUntil: codesUntil), of: bob.id, origin: origin)
            }
        }
        var snapshot = try presenter(backend).snapshot()
        XCTAssertEqual(snapshot.stakeholders[0].stuck, [.lockedOut(until: until), .codesLocked(until: codesUntil)])
        XCTAssertTrue(snapshot.stakeholders[0].unlockable)
        XCTAssertEqual(snapshot.stakeholders[1].stuck, [.codesLocked(until: codesUntil)], "the password lock is mine alone")

        // The browser's origin reaches its hourly SMS limit: ten codes sent at its count.
        let request = VerificationRequest(
            id: VerificationID(trusted: String(repeating: "e", count: 32)), userID: bob.id, phone: bob.phone,
            purposeKind: "signin", bindingDigest: "binding-digest", codeSalt: "salt", codeHash: "hash", codeLength: 6,
            status: .inProgress, createdAt: backend.clock.now(), expiresAt: backend.clock.now().adding(seconds: 300),
            wrongChecks: 0, events: 1, lastEventAt: backend.clock.now(), finishedAt: nil)
        try backend.verifications.inVerificationTransaction { tx in
            try tx.save(request)
            for event in 1...VerifyConfiguration.standard.maximumSendsPerHour {
                try tx.recordSend(to: bob.phone, for: bob.id, request: request.id, event: event, at: backend.clock.now(),
                                  origin: Self.browser.name)
            }
        }
        snapshot = try presenter(backend).snapshot()
        XCTAssertEqual(snapshot.stakeholders[1].stuck, [.codesLocked(until: codesUntil), .smsLimitReached])

        // u on mine: my password and code locks go; the browser's code lock and SMS count stay.
        XCTAssertTrue(try presenter(backend).unlock(stakeholder: "mine", context: .presenter))
        snapshot = try presenter(backend).snapshot()
        XCTAssertEqual(snapshot.stakeholders[0].stuck, [])
        XCTAssertFalse(snapshot.stakeholders[0].unlockable)
        XCTAssertEqual(snapshot.stakeholders[1].stuck, [.codesLocked(until: codesUntil), .smsLimitReached])
        XCTAssertFalse(try presenter(backend).unlock(stakeholder: "mine", context: .presenter), "nothing left to lift")
        XCTAssertFalse(try presenter(backend).unlock(stakeholder: "nobody", context: .presenter))
        let rows = try backend.operatorStore.auditRows(after: 0, limit: 10_000)
            .filter { $0.event == AuditEventKind.accountUnlocked.rawValue }
        XCTAssertEqual(rows.count, 1, "audited once")
        XCTAssertEqual(rows.first?.deviceID, "presenter", "the presenter is the actor")
        XCTAssertEqual(rows.first?.username, "bob")
        XCTAssertEqual(rows.first?.detail,
                       "the presenter lifted the password and code locks and the SMS count from key SHA256:Ab3fQx9LmPqRsTuV only (demo)")

        // The SMS limit is lifted too, at the browser's origin.
        XCTAssertTrue(try presenter(backend).unlock(stakeholder: "theirs", context: .presenter))
        XCTAssertEqual(try presenter(backend).snapshot().stakeholders[1].stuck, [])
    }

    func finishedCountsFourStepStoriesAndMoneyMovedCountsCustomersSessionBookings() throws {
        let backend = try make()
        let bob = try backend.user("bob"), alice = try backend.user("alice")
        let start = backend.clock.now()
        try open(backend, "t", Self.sshKey, door: .ssh, device: Self.device)
        try backend.presence.recordDemoTerminal("t", .customer(bob.id, storySince: start), at: start)
        XCTAssertEqual(try presenter(backend).snapshot().finished, 0)
        XCTAssertEqual(try presenter(backend).snapshot().moneyMoved, .zero)

        func session(_ id: String, factors: [SignInFactor]) throws -> Session {
            let now = backend.clock.now()
            let session = Session(id: SessionID(trusted: id), userID: bob.id, deviceID: nil, startedAt: now,
                                  lastActivityAt: now, endedAt: nil, endReason: nil, trustedDeviceID: nil)
            try backend.sessions.insertSession(session)
            try backend.store.append(AuditEvent(at: now, kind: .sessionStarted, username: bob.username, userID: bob.id,
                                                context: AuditContext(sessionID: session.id.short, deviceID: Self.device),
                                                detail: SessionStartDetail(factors: factors, usedRecoveryCode: false,
                                                                           trustedDevice: nil).text))
            return session
        }
        let first = try session(String(repeating: "a", count: 32), factors: [.password, .smsCode])
        backend.clock.advance(seconds: 1)
        _ = try backend.store.book(TransferRequest(clientID: TransferClientID(trusted: "presenter-1"), kind: .transfer,
                                                   from: .customer(bob.id, .checking), to: .customer(alice.id, .checking),
                                                   amount: Money(minorUnits: 2_500)),
                                   at: backend.clock.now(), context: AuditContext(sessionID: first.id.short, deviceID: nil))
        _ = try backend.store.book(TransferRequest(clientID: TransferClientID(trusted: "presenter-2"), kind: .transfer,
                                                   from: .customer(alice.id, .checking), to: .customer(bob.id, .checking),
                                                   amount: Money(minorUnits: 700)),
                                   at: backend.clock.now(), context: .operatorCLI)
        var snapshot = try presenter(backend).snapshot()
        XCTAssertEqual(snapshot.moneyMoved, Money(minorUnits: 2_500), "the operator's booking is no customer's")
        XCTAssertEqual(snapshot.stakeholders[0].stepsDone, [true, true, false, false])
        try backend.sessions.modifySession(first.id) { row in
            row?.endedAt = backend.clock.now()
            row?.endReason = .signedOut
        }
        backend.clock.advance(seconds: 1)
        _ = try session(String(repeating: "b", count: 32), factors: [.password, .smsCode])
        XCTAssertEqual(try presenter(backend).snapshot().finished, 0, "three steps")
        try backend.store.append(AuditEvent(at: backend.clock.now(), kind: .authenticatorActivated, username: bob.username,
                                            userID: bob.id, context: .operatorCLI))
        snapshot = try presenter(backend).snapshot()
        XCTAssertEqual(snapshot.stakeholders[0].stepsDone, [true, true, true, true])
        XCTAssertEqual(snapshot.finished, 1)

        // Another terminal that bound bob only now has done none of it: its story is its own.
        try open(backend, "later", Self.browser, door: .web)
        try backend.presence.recordDemoTerminal("later", .customer(bob.id, storySince: backend.clock.now().adding(seconds: 1)),
                                                at: backend.clock.now())
        snapshot = try presenter(backend).snapshot()
        XCTAssertEqual(snapshot.stakeholders.map(\.stepsDone), [[true, true, true, true], [false, false, false, false]])
        XCTAssertEqual(snapshot.finished, 1)
        // The story stays finished after its terminal left (until `demo prune` removes the row).
        try backend.presence.recordDemoTerminal("t", .ended, at: backend.clock.now())
        snapshot = try presenter(backend).snapshot()
        XCTAssertEqual(snapshot.connected, 1)
        XCTAssertEqual(snapshot.finished, 1)
    }

    func aBankThatIsNotTheDemoHasNoPresentersDesk() throws {
        let backend = try make()
        try backend.store.reset(to: .custom, users: [], devices: [], at: backend.clock.now(), context: .operatorCLI)
        XCTAssertThrowsError(try presenter(backend).snapshot()) { XCTAssertEqual($0 as? PresenterUnavailable, PresenterUnavailable()) }
        XCTAssertThrowsError(try presenter(backend).unlock(stakeholder: "t", context: .presenter))
    }
}

final class PresenterContractTests: ContractTestCase {
    var contract: PresenterContract { PresenterContract(make: on.make) }
    func testTheConnectedAreListedTheLongestFirstUntilTheyEndOrStopBeingSeen() throws {
        try onEachBackend { try contract.theConnectedAreListedTheLongestFirstUntilTheyEndOrStopBeingSeen() }
    }
    func testARefusalSinceTheLastSuccessAtThatTerminalIsStuck() throws {
        try onEachBackend { try contract.aRefusalSinceTheLastSuccessAtThatTerminalIsStuck() }
    }
    func testALockAtThatOriginOrTheSMSLimitIsStuckAndUnlockableAndUnlockLiftsThatOriginsOnly() throws {
        try onEachBackend { try contract.aLockAtThatOriginOrTheSMSLimitIsStuckAndUnlockableAndUnlockLiftsThatOriginsOnly() }
    }
    func testFinishedCountsFourStepStoriesAndMoneyMovedCountsCustomersSessionBookings() throws {
        try onEachBackend { try contract.finishedCountsFourStepStoriesAndMoneyMovedCountsCustomersSessionBookings() }
    }
    func testABankThatIsNotTheDemoHasNoPresentersDesk() throws {
        try onEachBackend { try contract.aBankThatIsNotTheDemoHasNoPresentersDesk() }
    }
}
