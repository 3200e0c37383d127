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
    /// Not Vonage's: the customer asked for a code for something else to the
    /// same number (another session or device), and this one stopped working
    /// then. Kept apart from `cancelled` so the screen holding it can say why.
    case superseded = "SUPERSEDED"
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
/// approve is exactly what will be booked, down to its client id. With a
/// payee it is a payment to another customer's checking account.
public struct PendingTransfer: Equatable, Sendable {
    public let userID: UserID
    public let from: AccountKind
    /// The account credited: the customer's other account, or the payee's checking.
    public let to: AccountKind
    public let amount: Money
    public let clientID: TransferClientID
    /// Set for a payment to another customer.
    public let payee: Payee?
    public let paymentReference: PaymentReference?

    public init(userID: UserID, from: AccountKind, to: AccountKind, amount: Money, clientID: TransferClientID) {
        self.userID = userID
        self.from = from
        self.to = to
        self.amount = amount
        self.clientID = clientID
        self.payee = nil
        self.paymentReference = nil
    }

    /// A payment: always into the payee's checking account.
    public init(userID: UserID, from: AccountKind, payee: Payee, amount: Money, reference: PaymentReference?,
                clientID: TransferClientID) {
        self.userID = userID
        self.from = from
        self.to = .checking
        self.amount = amount
        self.clientID = clientID
        self.payee = payee
        self.paymentReference = reference
    }

    public var isPayment: Bool { payee != nil }

    /// What a code's hash is bound to: every field the customer approved.
    /// A payment's names the payee by id and username, and its reference
    /// (hex, so no character can forge a separator).
    var binding: String {
        guard let payee else {
            return "transfer/v1|user=\(userID.rawValue)|from=\(from.rawValue)|to=\(to.rawValue)|amount=\(amount.minorUnits)|id=\(clientID.rawValue)"
        }
        let reference = paymentReference.map { $0.text.utf8.map { byte in
            String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16) : String(byte, radix: 16)
        }.joined() } ?? ""
        return "payment/v1|user=\(userID.rawValue)|from=\(from.rawValue)|payee=\(payee.userID.rawValue)"
            + "|payee_name=\(payee.username.rawValue)|amount=\(amount.minorUnits)|ref=\(reference)|id=\(clientID.rawValue)"
    }

    public var request: TransferRequest {
        if let payee {
            return TransferRequest(clientID: clientID, kind: .payment, from: .customer(userID, from),
                                   to: .customer(payee.userID, .checking), amount: amount,
                                   paymentReference: paymentReference)
        }
        return TransferRequest(clientID: clientID, kind: .transfer, from: .customer(userID, from), to: .customer(userID, to),
                               amount: amount)
    }

    /// The core's own limit, checked on every booking path (the UI's amount
    /// parser checks it too, but a client may send any amount): before a code
    /// is sent and again before one is checked, so an over-limit transfer
    /// neither costs a send nor uses up a code.
    public func checkLimit(_ limit: Money = AmountParser.defaultLimit) throws(LedgerError) {
        guard amount > .zero else { throw LedgerError.nonPositiveAmount }
        guard amount <= limit else { throw LedgerError.aboveLimit(limit) }
        if let payee, payee.userID == userID { throw LedgerError.selfPayment }
    }

    /// "$250.00 from Checking to Savings", "$25.00 to bob from Checking"
    public var summary: String { EnglishCoreCatalog().summary(self) }

    /// For audit rows: "25.00 checking->bob" (no reference: the customer's words stay out of the trail).
    var auditSummary: String {
        "\(amount) \(from.rawValue)->" + (payee.map { "payee \($0.username)" } ?? to.rawValue)
    }
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
