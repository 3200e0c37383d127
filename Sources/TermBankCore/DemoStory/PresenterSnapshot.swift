/// The presenter's view (`termbank demo watch`): who is at the shared demo
/// right now and how far each has come, read from the bank's own records
/// (the terminals' presence rows, sessions, guests and the audit trail).
/// Nothing in it is a secret: origins are shortened fingerprints or
/// addresses, customers are usernames.
public struct PresenterSnapshot: Equatable, Sendable {
    /// When the bank was read.
    public let at: Timestamp
    /// The terminals connected now, the longest connected first.
    public let stakeholders: [Stakeholder]
    /// Totals for the demo: terminals connected now, customers who finished
    /// the guided story, and money moved by demo customers (minor units).
    public let connected: Int
    public let finished: Int
    public let moneyMoved: Money

    public init(at: Timestamp, stakeholders: [Stakeholder], connected: Int, finished: Int, moneyMoved: Money) {
        self.at = at
        self.stakeholders = stakeholders
        self.connected = connected
        self.finished = finished
        self.moneyMoved = moneyMoved
    }
}

/// One connected demo terminal (one stakeholder's app window).
public struct Stakeholder: Equatable, Sendable, Identifiable {
    /// How the stakeholder reached the demo.
    public enum Door: String, Equatable, Sendable, CaseIterable {
        case ssh, web, local
    }

    /// The terminal's own random id (its presence row): what `u` names.
    public let id: String
    /// Short and never a secret: "key SHA256:Ab3f…", "browser 3fa9…", an address.
    public let origin: String
    public let door: Door
    /// The customer signed in or being signed in at that terminal, if any.
    public let customer: Username?
    public let language: Language
    /// The guided story's four steps, done or not (`StoryProgress.done`); all false without a customer.
    public let stepsDone: [Bool]
    /// The screen shown there, by its stable name (the screen table's).
    public let screen: String
    public let screenSince: Timestamp
    public let lastAction: Timestamp
    /// Why the presenter should look, most pressing first; empty: fine.
    public let stuck: [StuckReason]
    /// A lock `u` can lift for this stakeholder (a password or code lock-out, or the SMS limit, at its origin).
    public let unlockable: Bool

    public init(id: String, origin: String, door: Door, customer: Username?, language: Language, stepsDone: [Bool],
                screen: String, screenSince: Timestamp, lastAction: Timestamp, stuck: [StuckReason], unlockable: Bool) {
        self.id = id
        self.origin = origin
        self.door = door
        self.customer = customer
        self.language = language
        self.stepsDone = stepsDone
        self.screen = screen
        self.screenSince = screenSince
        self.lastAction = lastAction
        self.stuck = stuck
        self.unlockable = unlockable
    }
}

/// Why a stakeholder may need the presenter.
public enum StuckReason: Equatable, Sendable {
    /// On the same screen for longer than `PresenterPolicy.stuckAfterSeconds`.
    case sameScreen(since: Timestamp)
    /// The bank refused something lately (since the stakeholder's last success).
    case refused(StakeholderRefusal)
    /// Wrong passwords locked this origin out of the customer until then.
    case lockedOut(until: Timestamp)
    /// Wrong codes locked this origin out of the customer's second factor until then.
    case codesLocked(until: Timestamp)
    /// The hourly SMS limit for this origin and customer is reached.
    case smsLimitReached
}

/// What was refused, in the presenter's words (the catalog has them).
public enum StakeholderRefusal: Equatable, Sendable, CaseIterable {
    case password, code, moneyMovement, other
}

/// The presenter's view's rules.
public enum PresenterPolicy {
    /// The same screen this long means "stuck".
    public static let stuckAfterSeconds: Int64 = 120
    /// The view reads the bank at most this often (it reads only when the change stamp moved, or the clock ticked).
    public static let readIntervalSeconds: Int64 = 1
}
