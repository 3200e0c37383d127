/// What the bank recorded of one customer that the demo's guided story
/// counts (decision 55): its marks are read from these, never from keys pressed,
/// so a step done at another terminal of the same customer is ticked here too.
public struct StoryFacts: Equatable, Sendable {
    /// A session opened for the customer: when, and how (the audit row's detail).
    public struct SessionStart: Equatable, Sendable {
        public let at: Timestamp
        /// nil when the row's detail is not one `SessionStartDetail` wrote.
        public let detail: SessionStartDetail?

        public init(at: Timestamp, detail: SessionStartDetail?) {
            self.at = at
            self.detail = detail
        }
    }

    /// Oldest first.
    public let sessionStarts: [SessionStart]
    /// When the customer's sessions ended (signed out, idle, elsewhere), oldest first.
    public let sessionEnds: [Timestamp]
    /// Transfers and payments booked from the customer's accounts in one of
    /// their sessions (every one passed the core's step-up first); not the
    /// opening balances, nor the sweep when a guest is removed.
    public let moneyMoved: Int
    /// Authenticator apps the customer set up (the first code confirmed).
    public let authenticatorsSetUp: Int

    public init(sessionStarts: [SessionStart] = [], sessionEnds: [Timestamp] = [], moneyMoved: Int = 0,
                authenticatorsSetUp: Int = 0) {
        self.sessionStarts = sessionStarts
        self.sessionEnds = sessionEnds
        self.moneyMoved = moneyMoved
        self.authenticatorsSetUp = authenticatorsSetUp
    }
}

/// Reads the story's facts (demo mode only asks). One read, one snapshot.
public protocol StoryStore: AnyObject, Sendable {
    /// What was recorded for the customer at or after `since`.
    func storyFacts(of user: UserID, since: Timestamp) throws -> StoryFacts
}
