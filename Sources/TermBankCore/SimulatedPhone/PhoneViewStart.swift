/// Where a terminal's view of a customer's simulated phone starts (demo
/// mode): it shows the messages to the customer's number after the returned
/// inbox id.
///
/// A terminal binds the phone as a password is accepted there, and starts
/// after the newest message, so it shows no code it had no part in; but while
/// a code of this customer's still runs on that number, from that code's
/// first message. Verify keeps one request per number: this terminal's
/// sign-in will wait on that same code and no second SMS goes out, so the
/// SMS already on the phone is the one it needs. The phone in every demo
/// terminal is the customer's one phone, and it shows what reached it.
public enum PhoneViewStart {
    public static func id(for user: UserRecord, inbox: PhoneInboxStore, verifications: VerificationStore,
                          at now: Timestamp) throws -> Int64 {
        let running = try verifications.inVerificationTransaction { tx in try tx.activeVerification(for: user.phone) }
        return try id(for: user, inbox: inbox, running: running, at: now)
    }

    /// `running`: the number's request in progress, if any (whoever's).
    public static func id(for user: UserRecord, inbox: PhoneInboxStore, running: VerificationRequest?,
                          at now: Timestamp) throws -> Int64 {
        // Another customer's request (a number being proved for a phone
        // change) is not this customer's to see, and an expired one is over.
        if let running, running.userID == user.id, running.phone == user.phone, running.status == .inProgress,
           now < running.expiresAt {
            // Its SMS was delivered at or after the request was made, by the
            // same clock; every message to the number since is the phone's too.
            return try inbox.lastInboxMessage(of: user.phone, before: running.createdAt)?.id ?? 0
        }
        return try inbox.lastInboxMessage(of: user.phone)?.id ?? 0
    }
}
