/// The presenter's desk: reads `PresenterSnapshot` from the bank's records
/// and lifts a stakeholder's lock, audited. Demo banks only.
public struct Presenter: Sendable {
    let bank: Bank
    let store: any BankBackend

    public init(bank: Bank, store: any BankBackend) {
        self.bank = bank
        self.store = store
    }

    /// Everyone connected now, their steps and what holds them up, and the totals.
    public func snapshot() throws -> PresenterSnapshot {
        throw PresenterUnavailable()
    }

    /// Lifts the password and code locks at the stakeholder's origin for its
    /// customer (what `termbank user unlock` does, for that origin only), and
    /// audits it. false: there was nothing to lift.
    public func unlock(stakeholder id: String, context: AuditContext) throws -> Bool {
        throw PresenterUnavailable()
    }
}

/// The records behind the presenter's view are not built yet.
public struct PresenterUnavailable: Error, Equatable, Sendable {}
