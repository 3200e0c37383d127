/// Confirmation of payee within a signed-in session. Payees are named on
/// purpose, so an unknown username says so plainly ("No customer with that
/// username"); what limits guessing is the session: a full sign-in with its
/// factors, and at most `maximumMisses` usernames that name no one per
/// session (docs/security-model.md). Every miss is audited, without the name
/// typed: an operator sees a session that probes.
public struct PayeeLookups: Sendable {
    public static let maximumMisses = 20
    public private(set) var misses = 0

    public init() {}

    public mutating func lookUp(_ typed: String, for user: UserRecord, in bank: Bank,
                                context: AuditContext) throws -> Payee {
        guard misses < PayeeLookups.maximumMisses else { throw LedgerError.tooManyPayeeLookups }
        do {
            return try bank.lookUpPayee(typed, for: user)
        } catch LedgerError.unknownPayee {
            misses += 1
            try? bank.store.append(AuditEvent(at: bank.clock.now(), kind: .payeeNotFound, username: user.username,
                                              userID: user.id, context: context,
                                              detail: "\(misses) of \(PayeeLookups.maximumMisses) this session"))
            throw LedgerError.unknownPayee
        }
    }
}
