/// What the verification service needs from storage, all inside one write
/// transaction (`BEGIN IMMEDIATE` on SQLite, `SELECT ... FOR UPDATE` on a
/// server database): the rules run in the core, the store only keeps rows.
public protocol VerificationTransaction: LedgerTransaction {
    func activeVerification(for phone: PhoneNumber) throws -> VerificationRequest?
    func verification(_ id: VerificationID) throws -> VerificationRequest?
    /// Inserts or replaces. A request no longer in progress keeps no holders.
    func save(_ request: VerificationRequest) throws
    /// Records that `holder` waits on the request: once, however often it asks.
    func hold(_ id: VerificationID, by holder: VerificationHolder) throws
    /// Gives up `holder`'s wait; returns how many others still wait on the request.
    func release(_ id: VerificationID, by holder: VerificationHolder) throws -> Int
    /// What the bank is (the shared demo counts sends per origin only on the demo bank).
    func bankKind() throws -> BankKind
    /// Codes sent to a number since a time (for the hourly limit; announcements are
    /// recorded but not counted: decision 52), counted for `origin`: nil counts the
    /// sends everyone shares (every real bank's), a demo origin (`DemoOrigin.name`) only its own.
    func sendCount(to phone: PhoneNumber, since time: Timestamp, origin: String?) throws -> Int
    /// The oldest code counted in the window (to say when the next is allowed).
    func oldestSend(to phone: PhoneNumber, since time: Timestamp, origin: String?) throws -> Timestamp?
    /// Codes sent for a customer since a time, to any number (the per-customer hourly limit).
    func sendCount(for user: UserID, since time: Timestamp, origin: String?) throws -> Int
    func oldestSend(for user: UserID, since time: Timestamp, origin: String?) throws -> Timestamp?
    /// Records a code sent, counted for `origin` (nil: everyone's count).
    func recordSend(to phone: PhoneNumber, for user: UserID, request: VerificationID, event: Int, at time: Timestamp,
                    origin: String?) throws
    func forgetSend(request: VerificationID, event: Int) throws
    /// Puts a message in the simulated phone's inbox, with this transaction.
    func receive(_ message: OutgoingMessage, at time: Timestamp) throws
    /// Records an announcement (kept for the operator, in no code limit); returns its row, to
    /// forget if it did not go out.
    func recordAnnouncement(to phone: PhoneNumber, for user: UserID, at time: Timestamp, origin: String?) throws -> Int64
    func forgetAnnouncement(_ id: Int64) throws
    /// Wrong codes typed in the customer's requests created since a time (the 4-digit cap).
    func wrongChecks(for user: UserID, since time: Timestamp) throws -> Int
    func smsCodesLockedUntil(for user: UserID) throws -> Timestamp?
    func lockSMSCodes(for user: UserID, until time: Timestamp) throws
    /// Books a transfer in this same transaction (approval and booking are one).
    func book(_ transfer: TransferRequest, at time: Timestamp, context: AuditContext) throws -> TransferReceipt
    func append(_ event: AuditEvent) throws
}

/// The counts everyone shares: what every real bank counts, and what a
/// session without demo mode counts on the demo bank.
extension VerificationTransaction {
    public func sendCount(to phone: PhoneNumber, since time: Timestamp) throws -> Int {
        try sendCount(to: phone, since: time, origin: nil)
    }

    public func oldestSend(to phone: PhoneNumber, since time: Timestamp) throws -> Timestamp? {
        try oldestSend(to: phone, since: time, origin: nil)
    }

    public func sendCount(for user: UserID, since time: Timestamp) throws -> Int {
        try sendCount(for: user, since: time, origin: nil)
    }

    public func oldestSend(for user: UserID, since time: Timestamp) throws -> Timestamp? {
        try oldestSend(for: user, since: time, origin: nil)
    }

    public func recordSend(to phone: PhoneNumber, for user: UserID, request: VerificationID, event: Int,
                           at time: Timestamp) throws {
        try recordSend(to: phone, for: user, request: request, event: event, at: time, origin: nil)
    }

    public func recordAnnouncement(to phone: PhoneNumber, for user: UserID, at time: Timestamp) throws -> Int64 {
        try recordAnnouncement(to: phone, for: user, at: time, origin: nil)
    }
}

public protocol VerificationStore: AnyObject, Sendable {
    /// Runs `body` in one write transaction: commits when it returns, rolls back when it throws.
    func inVerificationTransaction<T>(_ body: (VerificationTransaction) throws -> T) throws -> T
}

/// Derives code hashes. Live: libsodium's keyed BLAKE2b; compared in constant time.
public protocol CodeHasher: Sendable {
    /// Hex digest of `code` bound to `binding`, keyed with a per-request salt.
    func digest(code: String, binding: String, salt: String) -> String
    /// Hex digest of a binding alone (to store which transfer a request is for).
    func bindingDigest(_ binding: String) -> String
    func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool
}

/// A text message or voice call to a phone.
public struct OutgoingMessage: Equatable, Sendable {
    public enum Channel: String, Sendable {
        case sms
        case voice
    }

    public let to: PhoneNumber
    public let userID: UserID?
    public let channel: Channel
    public let text: String

    public init(to: PhoneNumber, userID: UserID?, channel: Channel, text: String) {
        self.to = to
        self.userID = userID
        self.channel = channel
        self.text = text
    }
}

/// Where codes go: the built-in simulated phone, or an operator's command.
public protocol SMSGateway: Sendable {
    /// Throws `DeliveryFailure` when the message did not go out.
    func deliver(_ message: OutgoingMessage) throws
    /// Delivers inside the transaction that records the send, when the
    /// gateway keeps its messages in the bank's own database (the simulated
    /// phone): the code, its count, its audit row and the message on the
    /// phone are then written together or not at all, so a failing disk
    /// never leaves a code recorded as sent that no phone received (decision 73).
    /// False: it cannot, and `deliver` sends the message after the commit.
    func deliver(_ message: OutgoingMessage, within tx: VerificationTransaction) throws -> Bool
}

extension SMSGateway {
    public func deliver(_ message: OutgoingMessage, within tx: VerificationTransaction) throws -> Bool { false }
}

public struct DeliveryFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public let reason: String
    public init(reason: String) { self.reason = reason }
    public var description: String { EnglishCoreCatalog().text(self) }
}
