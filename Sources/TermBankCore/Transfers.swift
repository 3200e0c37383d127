/// Why money moved.
public enum TransferKind: String, Sendable, CaseIterable {
    /// A customer moving money between their own accounts.
    case transfer
    /// The bank funding a new account.
    case opening
    /// An operator deposit from the bank's funding account.
    case deposit
    /// A new transfer that undoes an earlier one (never an edit).
    case reversal
    /// A customer paying another customer (into the payee's checking account).
    case payment
}

/// An id made by the client before it asks to book, so that a retry of the
/// same request (after a timeout, a crash, a double Enter) books at most once.
public struct TransferClientID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public struct Invalid: Error, Equatable, Sendable, CustomStringConvertible {
        public var description: String { EnglishCoreCatalog().text(self) }
    }

    public init(validating text: String) throws(Invalid) {
        guard (8...64).contains(text.unicodeScalars.count),
              text.unicodeScalars.allSatisfy({ scalar in
                  switch scalar {
                  case "a"..."z", "A"..."Z", "0"..."9", "-", "_": return true
                  default: return false
                  }
              })
        else { throw Invalid() }
        rawValue = text
    }

    public init(trusted rawValue: String) { self.rawValue = rawValue }

    /// 128 random bits: collisions are not a practical concern.
    public static func random(using random: RandomSource) -> TransferClientID {
        TransferClientID(trusted: "tx-" + random.hexIdentifier(bytes: 16))
    }

    public var description: String { rawValue }
}

/// The bank's own reference for a booked transfer, shown on receipts: "TB-000042".
public struct TransferReference: Hashable, Sendable, Comparable, CustomStringConvertible {
    public let rawValue: Int64

    public init(_ rawValue: Int64) { self.rawValue = rawValue }

    /// Accepts "TB-000042", "tb-42" or "42".
    public init?(parsing text: String) {
        var digits = Substring(text.trimmingSpaces.uppercased())
        if digits.hasPrefix("TB-") { digits = digits.dropFirst(3) }
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let value = Int64(digits), value > 0 else { return nil }
        rawValue = value
    }

    public var description: String {
        let digits = String(rawValue)
        return "TB-" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    public static func < (lhs: TransferReference, rhs: TransferReference) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What a caller asks the ledger to book.
public struct TransferRequest: Equatable, Sendable {
    public let clientID: TransferClientID
    public let kind: TransferKind
    public let from: LedgerAccount
    public let to: LedgerAccount
    public let amount: Money
    /// For reversals: the transfer being undone.
    public let reverses: TransferReference?
    /// The customer's words on it, shown to both sides (payments; any kind may carry one).
    public let paymentReference: PaymentReference?

    public init(clientID: TransferClientID, kind: TransferKind, from: LedgerAccount, to: LedgerAccount,
                amount: Money, reverses: TransferReference? = nil, paymentReference: PaymentReference? = nil) {
        self.clientID = clientID
        self.kind = kind
        self.from = from
        self.to = to
        self.amount = amount
        self.reverses = reverses
        self.paymentReference = paymentReference
    }
}

/// What the ledger booked. `replayed` is true when the client id had already
/// been booked and this is the first booking's receipt, returned again.
public struct TransferReceipt: Equatable, Sendable {
    public let reference: TransferReference
    public let request: TransferRequest
    public let bookedAt: Timestamp
    public let fromBalanceAfter: Money
    public let toBalanceAfter: Money
    public let replayed: Bool

    public init(reference: TransferReference, request: TransferRequest, bookedAt: Timestamp,
                fromBalanceAfter: Money, toBalanceAfter: Money, replayed: Bool) {
        self.reference = reference
        self.request = request
        self.bookedAt = bookedAt
        self.fromBalanceAfter = fromBalanceAfter
        self.toBalanceAfter = toBalanceAfter
        self.replayed = replayed
    }
}

/// One posting on a customer's statement, with the balance right after it.
public struct StatementLine: Equatable, Sendable {
    /// Where the posting stands in the ledger: the statement pages by it.
    public let posting: PostingID
    public let reference: TransferReference
    public let kind: TransferKind
    public let bookedAt: Timestamp
    public let account: AccountKind
    /// Signed: positive money in, negative money out.
    public let amount: Money
    public let balanceAfter: Money
    /// The account on the other side of the transfer.
    public let counterparty: LedgerAccount
    /// The other customer's username when the other side is another customer
    /// (a payment, or its reversal); nil for one's own accounts and the bank.
    public let counterpartyName: Username?
    public let reverses: TransferReference?
    /// The words the payer gave the transfer, if any.
    public let paymentReference: PaymentReference?

    public init(posting: PostingID, reference: TransferReference, kind: TransferKind, bookedAt: Timestamp,
                account: AccountKind, amount: Money, balanceAfter: Money, counterparty: LedgerAccount,
                reverses: TransferReference?, counterpartyName: Username? = nil, paymentReference: PaymentReference? = nil) {
        self.posting = posting
        self.reference = reference
        self.kind = kind
        self.bookedAt = bookedAt
        self.account = account
        self.amount = amount
        self.balanceAfter = balanceAfter
        self.counterparty = counterparty
        self.counterpartyName = counterpartyName
        self.reverses = reverses
        self.paymentReference = paymentReference
    }

    /// "Transfer to Savings", "Opening balance", "Reversal of TB-000012".
    public var label: String { EnglishCoreCatalog().label(self) }

    /// Which description the line has, without its words.
    public var lineDescription: LineDescription {
        switch kind {
        case .opening: return .opening
        case .deposit: return .deposit
        case .reversal: return .reversal
        case .payment: return amount.minorUnits < 0 ? .paymentTo : .paymentFrom
        case .transfer:
            let other: AccountKind = if case .customer(_, let kind) = counterparty { kind } else { account.other }
            switch (amount.minorUnits < 0, other) {
            case (true, .checking): return .transferToChecking
            case (true, .savings): return .transferToSavings
            case (false, .checking): return .transferFromChecking
            case (false, .savings): return .transferFromSavings
            }
        }
    }
}

/// Why the ledger refused to book.
public enum LedgerError: Error, Equatable, Sendable, CustomStringConvertible {
    case sameAccount
    case nonPositiveAmount
    case aboveLimit(Money)
    case insufficientFunds(AccountKind)
    case unknownUser(Username)
    case unknownAccount
    /// The client id was already used for a different request.
    case clientIDReused(TransferClientID)
    case transferNotFound(TransferReference)
    case alreadyReversed(TransferReference, by: TransferReference)
    case notReversible(TransferReference)
    case balanceOverflow
    /// A payment to oneself: move money between one's own accounts instead.
    case selfPayment
    /// No customer has the username typed as a payee (or it no longer names the same customer).
    case unknownPayee
    /// The payment would take today's payments past the daily limit; `left` may still be paid today.
    case dailyLimitExceeded(limit: Money, left: Money)
    /// A payment's reversal needs the money back from the payee, who no longer has it.
    case reversalNotCovered(TransferReference)
    /// Too many usernames that named no one in this session.
    case tooManyPayeeLookups

    public var description: String { EnglishCoreCatalog().text(self) }
}

/// The outcome of checking the ledger's invariants.
public struct LedgerCheck: Equatable, Sendable {
    /// Sum of all customer balances.
    public let customerTotal: Money
    /// Sum of every account, the funding account included: always zero.
    public let ledgerTotal: Money
    public let transferCount: Int
    /// Human-readable descriptions of every violated invariant; empty when all hold.
    public let problems: [String]

    public init(customerTotal: Money, ledgerTotal: Money, transferCount: Int, problems: [String]) {
        self.customerTotal = customerTotal
        self.ledgerTotal = ledgerTotal
        self.transferCount = transferCount
        self.problems = problems
    }

    public var isConsistent: Bool { problems.isEmpty }
}
