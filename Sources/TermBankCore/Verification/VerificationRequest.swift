/// A Verify request id: 128 random bits in hex, like Vonage's request_id.
public struct VerificationID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(trusted rawValue: String) { self.rawValue = rawValue }

    public init?(parsing text: String) {
        guard text.count == 32, text.allSatisfy({ $0.isHexDigit && ($0.isNumber || $0.isLowercase) }) else { return nil }
        rawValue = text
    }

    public var description: String { rawValue }
}

/// Vonage Verify's request statuses.
public enum VerificationStatus: String, Sendable, CaseIterable {
    case inProgress = "IN PROGRESS"
    case success = "SUCCESS"
    case failed = "FAILED"
    case expired = "EXPIRED"
    case cancelled = "CANCELLED"
}

/// What a code is for. A transfer approval is bound to exactly one transfer
/// (PSD2 dynamic linking): the text names it and the stored hash covers it.
public enum VerificationPurpose: Equatable, Sendable {
    case signIn
    case transfer(PendingTransfer)
    /// Confirms a change to how the account signs in (turning a factor off, a new phone number).
    case confirmation(SecurityChange)

    /// The canonical text the code hash is bound to.
    var binding: String {
        switch self {
        case .signIn: return "signin/v1"
        case .transfer(let transfer): return transfer.binding
        case .confirmation(let change): return change.binding
        }
    }

    /// Where the code goes: the customer's phone, except the code that
    /// proves a new number, which goes to that number.
    func destination(for user: UserRecord) -> PhoneNumber {
        if case .confirmation(.proveNewPhone(let phone)) = self { return phone }
        return user.phone
    }

    var kind: String {
        switch self {
        case .signIn: return "signin"
        case .transfer: return "transfer"
        case .confirmation: return "confirm"
        }
    }
}

/// A transfer the customer has reviewed and is about to approve: what they
/// approve is exactly what will be booked, down to its client id.
public struct PendingTransfer: Equatable, Sendable {
    public let userID: UserID
    public let from: AccountKind
    public let to: AccountKind
    public let amount: Money
    public let clientID: TransferClientID

    public init(userID: UserID, from: AccountKind, to: AccountKind, amount: Money, clientID: TransferClientID) {
        self.userID = userID
        self.from = from
        self.to = to
        self.amount = amount
        self.clientID = clientID
    }

    var binding: String {
        "transfer/v1|user=\(userID.rawValue)|from=\(from.rawValue)|to=\(to.rawValue)|amount=\(amount.minorUnits)|id=\(clientID.rawValue)"
    }

    public var request: TransferRequest {
        TransferRequest(clientID: clientID, kind: .transfer, from: .customer(userID, from), to: .customer(userID, to),
                        amount: amount)
    }

    /// The core's own limit, checked on every booking path (the UI's amount
    /// parser checks it too, but a client may send any amount): before a code
    /// is sent and again before one is checked, so an over-limit transfer
    /// neither costs a send nor uses up a code.
    public func checkLimit(_ limit: Money = AmountParser.defaultLimit) throws(LedgerError) {
        guard amount > .zero else { throw LedgerError.nonPositiveAmount }
        guard amount <= limit else { throw LedgerError.aboveLimit(limit) }
    }

    /// "$250.00 from Checking to Savings"
    public var summary: String { EnglishCoreCatalog().summary(self) }
}

/// One verification as stored: never the code, only its salted hash.
public struct VerificationRequest: Equatable, Sendable {
    public let id: VerificationID
    public let userID: UserID
    public let phone: PhoneNumber
    public let purposeKind: String
    /// Hash of the purpose's binding, so a stored request can be matched to a transfer.
    public let bindingDigest: String
    public var codeSalt: String
    public var codeHash: String
    public let codeLength: Int
    public var status: VerificationStatus
    public let createdAt: Timestamp
    public let expiresAt: Timestamp
    public var wrongChecks: Int
    /// Delivery events so far: 1 = first SMS, 2 = voice call, 3 = SMS with a fresh code.
    public var events: Int
    public var lastEventAt: Timestamp
    public var finishedAt: Timestamp?

    public init(id: VerificationID, userID: UserID, phone: PhoneNumber, purposeKind: String, bindingDigest: String,
                codeSalt: String, codeHash: String, codeLength: Int, status: VerificationStatus, createdAt: Timestamp,
                expiresAt: Timestamp, wrongChecks: Int, events: Int, lastEventAt: Timestamp, finishedAt: Timestamp?) {
        self.id = id
        self.userID = userID
        self.phone = phone
        self.purposeKind = purposeKind
        self.bindingDigest = bindingDigest
        self.codeSalt = codeSalt
        self.codeHash = codeHash
        self.codeLength = codeLength
        self.status = status
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.wrongChecks = wrongChecks
        self.events = events
        self.lastEventAt = lastEventAt
        self.finishedAt = finishedAt
    }
}
