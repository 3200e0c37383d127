extension SessionService {
    /// Reads something of the session's user (the statement, the balances)
    /// only while the session stands and is that user's: a session ended
    /// elsewhere (a revoked trust, an operator, a reset) reads nothing. The
    /// app's refresh every second goes through here, so live balances stop
    /// when the session does.
    public func read<T>(_ id: SessionID, for user: UserID, _ body: () throws -> T) throws -> T {
        guard try validate(id).userID == user else { throw SessionError.notFound }
        return try body()
    }
}
