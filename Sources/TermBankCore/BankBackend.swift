/// Where a store stands: two stamps are equal only if nothing was committed
/// in between, by any process. What the parts mean is the backend's own
/// (SQLite: its data version and this connection's change count).
public struct ChangeStamp: Equatable, Sendable {
    let parts: [Int64]

    public init(_ parts: [Int64]) { self.parts = parts }
}

/// One audit row as stored, for export: the event as its text, so rows a
/// newer TermBank wrote are exported too rather than skipped.
public struct StoredAuditRow: Equatable, Sendable {
    public let id: Int64
    public let at: Timestamp
    public let event: String
    public let username: String?
    public let userID: Int64?
    public let sessionID: String?
    public let deviceID: String?
    public let detail: String

    public init(id: Int64, at: Timestamp, event: String, username: String?, userID: Int64?, sessionID: String?,
                deviceID: String?, detail: String) {
        self.id = id
        self.at = at
        self.event = event
        self.username = username
        self.userID = userID
        self.sessionID = sessionID
        self.deviceID = deviceID
        self.detail = detail
    }
}

/// What the app's wiring and the operator's commands read of a backend
/// beyond the services' stores: whether anything changed (so a screen at rest
/// reads nothing), memory to give back at rest, the audit trail page by page
/// for export, and who last signed in on a device.
public protocol OperatorStore: AnyObject, Sendable {
    /// Cheap: reads no table.
    func changeStamp() throws -> ChangeStamp
    /// Frees what only work needs, for a session at rest.
    func releaseMemory()
    /// Audit rows with an id above `afterID`, oldest first, at most `limit`.
    func auditRows(after afterID: Int64, limit: Int) throws -> [StoredAuditRow]
    /// The customer most recently signed in on a device, and when, if any.
    func lastSignedIn(onDevice device: DeviceID) throws -> (user: UserRecord, at: Timestamp)?
    /// The customer whose password was accepted most recently on a device
    /// (named as the audit trail names it), and when, if any: the moment a
    /// sign-in starts waiting for its second factor, before any code is sent.
    func lastPasswordAccepted(onDevice name: String) throws -> (user: UserRecord, at: Timestamp)?
}

/// Every store protocol the core owns, as one backend implements them. The
/// CLI opens a backend in one place (`CommandContext.store()`) and everything
/// it wires depends on this, not on SQLite, so another backend (PostgreSQL)
/// plugs in there; each protocol's contract (Tests/TermBankStorageTests/Contracts)
/// says what it must do.
public typealias BankBackend = BankStore & DeviceStore & SessionStore & VerificationStore & SecondFactorStore
    & KnownSignInStore & PhoneInboxStore & GuestStore & StoryStore & OperatorStore & DemoTerminalStore
    & PresenterStore
