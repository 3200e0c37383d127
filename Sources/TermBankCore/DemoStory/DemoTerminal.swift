/// One `termbank --demo` process at the shared demo, as its presence row
/// holds it (decision 0120): what the presenter's view reads to know who is
/// connected. Nothing in it is a secret: the origin as the per-origin
/// throttles name it (`DemoOrigin.name`: a key's public fingerprint, or an
/// address), the device's name as the audit trail has it, a screen's stable
/// name, times.
public struct DemoTerminal: Equatable, Sendable {
    /// Random hex, drawn from the core's `RandomSource` at the process's start.
    public let id: String
    /// `DemoOrigin.name`: the key the per-origin locks and SMS counts are under.
    public let origin: String
    public let door: Stakeholder.Door
    /// The device's name as the audit trail names it ("ssh-…", a demo phone); nil before one is picked.
    public let device: String?
    public var language: Language
    /// The customer signed in, being signed in (a password typed for that
    /// name), or last signed in here: the story follows it after a sign-out.
    public var customer: UserID?
    /// From when the customer's story counts at this terminal: a guest's
    /// whole life (the epoch), a shared customer's from this terminal's first
    /// sign-in as it. nil without a customer, or while only typed at.
    public var customerSince: Timestamp?
    /// The screen's stable name (`Screen.stableName`) and since when it shows.
    public var screen: String
    public var screenSince: Timestamp
    public let startedAt: Timestamp
    /// The last key pressed, as the terminal last wrote it (throttled).
    public var lastAction: Timestamp
    /// The heartbeat: a terminal not seen for `DemoPresencePolicy.connectedWithinSeconds` is gone.
    public var seenAt: Timestamp
    /// Set by every exit the process sees; a killed one only stops being seen.
    public var endedAt: Timestamp?

    public init(id: String, origin: String, door: Stakeholder.Door, device: String?, language: Language,
                customer: UserID? = nil, customerSince: Timestamp? = nil, screen: String, screenSince: Timestamp,
                startedAt: Timestamp, lastAction: Timestamp, seenAt: Timestamp, endedAt: Timestamp? = nil) {
        self.id = id
        self.origin = origin
        self.door = door
        self.device = device
        self.language = language
        self.customer = customer
        self.customerSince = customerSince
        self.screen = screen
        self.screenSince = screenSince
        self.startedAt = startedAt
        self.lastAction = lastAction
        self.seenAt = seenAt
        self.endedAt = endedAt
    }

    /// A new terminal's row: started, seen and acting now, on its first screen.
    public static func starting(id: String, origin: DemoOrigin, door: Stakeholder.Door, device: String?,
                                language: Language, screen: String, at time: Timestamp) -> DemoTerminal {
        DemoTerminal(id: id, origin: origin.name, door: door, device: device, language: language, screen: screen,
                     screenSince: time, startedAt: time, lastAction: time, seenAt: time)
    }
}

/// What a terminal writes to its row; each change is a heartbeat too.
public enum DemoTerminalChange: Equatable, Sendable {
    /// Another screen shows (the row's `screenSince` is the change's time).
    case screen(String)
    /// The customer followed here, and from when its story counts.
    case customer(UserID?, storySince: Timestamp?)
    case language(Language)
    /// A key was pressed then (the terminal throttles these, so it may write one a few seconds late).
    case action(Timestamp)
    case heartbeat
    /// The process is leaving.
    case ended
}

/// How presence is kept and read (decision 0120).
public enum DemoPresencePolicy {
    /// A terminal writes a heartbeat this often while nothing else is written.
    public static let heartbeatSeconds: Int64 = 30
    /// Seen within this long and not ended: connected. Three missed
    /// heartbeats: a killed process stops counting within 90 seconds.
    public static let connectedWithinSeconds: Int64 = 90
    /// A key press is written at most this often: the presenter's "last
    /// action" is that exact, and the other terminals' change stamps do not
    /// move with every key.
    public static let actionEverySeconds: Int64 = 5
    /// `demo prune` deletes the rows of terminals gone (ended, or not seen)
    /// for longer than a guest lives.
    public static let keptForSeconds: Int64 = 24 * 3600
}

/// The presence rows (demo mode writes them; a real deployment writes none).
public protocol DemoTerminalStore: AnyObject, Sendable {
    /// The row of a terminal starting; an id already there is replaced.
    func startDemoTerminal(_ terminal: DemoTerminal) throws
    /// One change to the terminal's row, which is seen at `time` too; false
    /// when the row is gone (a `demo reset` wiped it).
    @discardableResult
    func recordDemoTerminal(_ id: String, _ change: DemoTerminalChange, at time: Timestamp) throws -> Bool
    /// Terminals not ended and seen at or after `seenSince`, the longest connected first.
    func connectedDemoTerminals(seenSince: Timestamp) throws -> [DemoTerminal]
    /// The row of one terminal, connected or not.
    func demoTerminal(_ id: String) throws -> DemoTerminal?
    /// Deletes the rows of terminals ended, or last seen, before `time`; how many.
    func pruneDemoTerminals(goneBefore time: Timestamp) throws -> Int
}

extension DemoTerminalStore {
    /// `demo prune`'s part: the rows of terminals gone (ended, or not seen)
    /// for longer than `DemoPresencePolicy.keptForSeconds`; how many.
    public func pruneGoneDemoTerminals(at now: Timestamp) throws -> Int {
        try pruneDemoTerminals(goneBefore: now.adding(seconds: -DemoPresencePolicy.keptForSeconds))
    }
}
