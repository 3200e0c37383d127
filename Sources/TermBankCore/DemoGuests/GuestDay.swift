/// A demo guest moves money only within its day (decisions 47 and 67).
///
/// The day was checked at the password and when the session opened, so a
/// session opened an hour before the end could still pay out after it. The
/// rule is the core's and runs in the booking's own transaction, on every
/// path that moves a customer's money (a transfer between their accounts,
/// a payment, whatever approved it), as the payment rules do (decision 26):
/// no session, however long it stays open, books after the guest's time.
public enum GuestDay {
    /// Throws `SessionError.ended(.guestExpired)` when `user` is a guest
    /// whose day is over at `now`; a customer who is no guest passes.
    public static func check(_ user: UserID, in tx: LedgerTransaction, at now: Timestamp) throws {
        if let ends = try tx.guestExpiry(of: user), now >= ends { throw SessionError.ended(.guestExpired) }
    }
}
