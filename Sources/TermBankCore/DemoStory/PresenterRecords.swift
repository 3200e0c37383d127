/// What the presenter's view is made from, read by the store in one read
/// transaction (`PresenterStore.presenterRecords`): the connected terminals
/// with what the bank recorded of each one's customer at that origin, the
/// stories the "finished" total counts, and the money moved. Raw records;
/// what they mean (stuck, finished) is `Presenter`'s.
public struct PresenterRecords: Equatable, Sendable {
    /// One connected terminal and its customer's records.
    public struct Terminal: Equatable, Sendable {
        public let terminal: DemoTerminal
        /// The customer's row, when the terminal has one.
        public let customer: UserRecord?
        /// The customer's story since `terminal.customerSince`; nil without one.
        public let facts: StoryFacts?
        /// The customer's password lock at this origin, and its code lock (running or past).
        public let passwordLockedUntil: Timestamp?
        public let codesLockedUntil: Timestamp?
        /// Codes sent for the customer at this origin's count since the records' `sendWindowStart`.
        public let codeSends: Int
        /// The customer's refusals and successes at this terminal since it
        /// started (its device's audit rows when it has one), newest first, a few.
        public let recentEvents: [RecentEvent]

        public init(terminal: DemoTerminal, customer: UserRecord?, facts: StoryFacts?, passwordLockedUntil: Timestamp?,
                    codesLockedUntil: Timestamp?, codeSends: Int, recentEvents: [RecentEvent]) {
            self.terminal = terminal
            self.customer = customer
            self.facts = facts
            self.passwordLockedUntil = passwordLockedUntil
            self.codesLockedUntil = codesLockedUntil
            self.codeSends = codeSends
            self.recentEvents = recentEvents
        }
    }

    /// An audit row's kind and time.
    public struct RecentEvent: Equatable, Sendable {
        public let kind: AuditEventKind
        public let at: Timestamp

        public init(kind: AuditEventKind, at: Timestamp) {
            self.kind = kind
            self.at = at
        }
    }

    /// One story the "finished" total looks at: a customer and its facts since the story's start.
    public struct Story: Equatable, Sendable {
        public let customer: UserRecord
        public let facts: StoryFacts

        public init(customer: UserRecord, facts: StoryFacts) {
            self.customer = customer
            self.facts = facts
        }
    }

    public let terminals: [Terminal]
    public let stories: [Story]
    /// Transfers and payments booked in customers' sessions (`StoryFacts.moneyMoved`'s kind), summed.
    public let moneyMoved: Money

    public init(terminals: [Terminal], stories: [Story], moneyMoved: Money) {
        self.terminals = terminals
        self.stories = stories
        self.moneyMoved = moneyMoved
    }
}

/// What the presenter's desk reads and changes (demo banks only: `Presenter` asks).
public protocol PresenterStore: AnyObject, Sendable {
    /// One snapshot: the terminals not ended and seen at or after
    /// `connectedSince` (the longest connected first) with their records
    /// (`events` are of these kinds, at most `eventLimit` each); every story
    /// the finished total counts (each live guest's whole life, and each
    /// presence row's shared customer since that terminal bound it, each
    /// story once); the money moved.
    func presenterRecords(at time: Timestamp, connectedSince: Timestamp, sendWindowStart: Timestamp,
                          events: [AuditEventKind], eventLimit: Int) throws -> PresenterRecords

    /// Lifts the customer's password lock, code lock and hourly SMS count at
    /// one origin only (`DemoOrigin.name`), and audits it in the same
    /// transaction with `detail`; false when there was nothing to lift (and
    /// nothing is audited).
    func liftOriginLocks(of user: UserID, origin: String, at time: Timestamp, context: AuditContext,
                         detail: String) throws -> Bool
}
