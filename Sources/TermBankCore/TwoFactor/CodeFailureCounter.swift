/// A run of wrong second-factor codes (authenticator or recovery) and the
/// lock it caused.
public struct CodeFailures: Equatable, Sendable {
    public var failures: Int
    public var lockedUntil: Timestamp?

    public init(failures: Int = 0, lockedUntil: Timestamp? = nil) {
        self.failures = failures
        self.lockedUntil = lockedUntil
    }
}

/// Where a customer's wrong authenticator and recovery codes count
/// (decision 46): on the authenticator's row, the customer's one run (every
/// real bank, and every session without demo mode), or at the shared demo in
/// the run of the origin that typed them, so one stakeholder's five wrong
/// codes lock alice's second factor only for that stakeholder.
struct CodeFailureCounter {
    /// nil: the customer's own run, on the authenticator's row.
    let origin: String?

    /// Per origin only in demo mode on the demo bank, as the store says in
    /// this transaction: a real bank's lock is one per customer whatever
    /// the wiring asked for.
    init(_ scope: LockoutScope, _ tx: SecondFactorTransaction) throws {
        guard case .perOrigin = scope else {
            origin = nil
            return
        }
        origin = scope.countingOrigin(on: try tx.bankKind())
    }

    func read(_ record: AuthenticatorRecord, _ tx: SecondFactorTransaction) throws -> CodeFailures {
        guard let origin else { return CodeFailures(failures: record.failures, lockedUntil: record.lockedUntil) }
        return try tx.codeFailures(of: record.userID, origin: origin)
    }

    /// Into the record (which the caller saves), or the origin's own row.
    func write(_ run: CodeFailures, into record: inout AuthenticatorRecord, _ tx: SecondFactorTransaction) throws {
        guard let origin else {
            record.failures = run.failures
            record.lockedUntil = run.lockedUntil
            return
        }
        try tx.saveCodeFailures(run, of: record.userID, origin: origin)
    }

    /// How the audit trail names whose run it is: the operator sees who locked a shared customer.
    var from: String { origin.map { " from \($0)" } ?? "" }

    /// The audit line of a lock.
    func lockDetail(_ until: Timestamp) -> String {
        "two-factor codes locked until \(until)" + (origin.map { " from \($0) only (demo)" } ?? "")
    }
}
