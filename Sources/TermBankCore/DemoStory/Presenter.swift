/// The presenter's desk: reads `PresenterSnapshot` from the bank's records
/// and lifts a stakeholder's lock, audited. Demo banks only: on any other
/// bank both throw `PresenterUnavailable` (decision 0120).
public struct Presenter: Sendable {
    let bank: Bank
    let store: any BankBackend

    public init(bank: Bank, store: any BankBackend) {
        self.bank = bank
        self.store = store
    }

    /// Everyone connected now, their steps and what holds them up, and the
    /// totals. One read of the bank (`PresenterStore.presenterRecords`, one
    /// transaction); what the records mean is `PresenterRules`'.
    public func snapshot() throws -> PresenterSnapshot {
        try requireTheDemoBank()
        let now = bank.clock.now()
        let records = try store.presenterRecords(
            at: now, connectedSince: now.adding(seconds: -DemoPresencePolicy.connectedWithinSeconds),
            sendWindowStart: now.adding(seconds: -3600), events: PresenterRules.watchedEvents,
            eventLimit: PresenterRules.eventsRead)
        let stakeholders = records.terminals.map { PresenterRules.stakeholder($0, at: now) }
        let finished = records.stories.filter { StoryProgress($0.customer, facts: $0.facts).done.allSatisfy { $0 } }.count
        return PresenterSnapshot(at: now, stakeholders: stakeholders, connected: stakeholders.count, finished: finished,
                                 moneyMoved: records.moneyMoved)
    }

    /// Lifts the password and code locks at the stakeholder's origin for its
    /// customer (what `termbank user unlock` does, for that origin only: the
    /// origin's hourly SMS count too), and audits it with `context` as the
    /// actor. false: there was nothing to lift (no such terminal, no
    /// customer there, or no lock at that origin).
    public func unlock(stakeholder id: String, context: AuditContext) throws -> Bool {
        try requireTheDemoBank()
        guard let terminal = try store.demoTerminal(id), let customer = terminal.customer else { return false }
        // The origin is a public key's fingerprint or an address, as the other demo rows name it: no secret.
        return try store.liftOriginLocks(of: customer, origin: terminal.origin, at: bank.clock.now(), context: context,
                                         detail: "the presenter lifted the password and code locks and the SMS count "
                                             + "from \(terminal.origin) only (demo)")
    }

    /// Rows of who is where exist only at the shared demo, and lifting a lock is a demo convenience.
    private func requireTheDemoBank() throws {
        guard try store.bankKind() == .demo else { throw PresenterUnavailable() }
    }
}

/// The presenter's desk works only on the demo bank (`termbank demo reset`'s).
public struct PresenterUnavailable: Error, Equatable, Sendable {
    public init() {}
}

extension AuditContext {
    /// The presenter's view (`termbank demo watch`) as the audit trail names its actor.
    public static let presenter = AuditContext(sessionID: nil, deviceID: "presenter")
}
