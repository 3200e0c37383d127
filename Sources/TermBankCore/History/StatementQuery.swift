/// One posting's place in the ledger: postings are numbered in the order
/// they were booked, so a statement pages by this number (keyset
/// pagination) instead of by an offset that grows with the history.
public struct PostingID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int64
    public init(_ rawValue: Int64) { self.rawValue = rawValue }
    public static func < (lhs: PostingID, rhs: PostingID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { String(rawValue) }
}

/// Which postings a statement shows: one account or both, and optionally
/// only those a search finds. Dates bound the operator's export.
public struct StatementFilter: Hashable, Sendable {
    /// nil: both accounts.
    public var account: AccountKind?
    public var search: StatementSearch?
    /// Booked at or after this instant.
    public var from: Timestamp?
    /// Booked before this instant.
    public var until: Timestamp?

    public init(account: AccountKind? = nil, search: StatementSearch? = nil, from: Timestamp? = nil,
                until: Timestamp? = nil) {
        self.account = account
        self.search = search
        self.from = from
        self.until = until
    }

    public static let all = StatementFilter()
}

/// What a statement line's description says, without its words: the store
/// cannot search words it does not hold (the reader's catalog makes them),
/// so the app finds which descriptions contain the typed text in the
/// reader's language and the store matches these.
public enum LineDescription: Hashable, Sendable, CaseIterable {
    case opening
    case deposit
    case reversal
    case transferFromChecking, transferFromSavings, transferToChecking, transferToSavings
    case paymentFrom, paymentTo

    /// A line of this description, for wording it (amount sign and other side are all that matter).
    public var sample: StatementLine {
        let kind: TransferKind
        var amount = Money(minorUnits: 1)
        var other = LedgerAccount.bankFunding
        switch self {
        case .opening: kind = .opening
        case .deposit: kind = .deposit
        case .reversal: kind = .reversal
        case .transferFromChecking: kind = .transfer; other = .customer(UserID(0), .checking)
        case .transferFromSavings: kind = .transfer; other = .customer(UserID(0), .savings)
        case .transferToChecking: kind = .transfer; other = .customer(UserID(0), .checking); amount = Money(minorUnits: -1)
        case .transferToSavings: kind = .transfer; other = .customer(UserID(0), .savings); amount = Money(minorUnits: -1)
        case .paymentFrom: kind = .payment; other = .customer(UserID(0), .checking)
        case .paymentTo: kind = .payment; other = .customer(UserID(0), .checking); amount = Money(minorUnits: -1)
        }
        // No name: a payment's words without the payee's ("Payment to "); names are matched as names.
        return StatementLine(posting: PostingID(0), reference: TransferReference(0), kind: kind,
                             bookedAt: Timestamp(millisecondsSinceEpoch: 0), account: .checking, amount: amount,
                             balanceAfter: .zero, counterparty: other, reverses: nil,
                             counterpartyName: kind == .payment ? Username(trusted: "") : nil)
    }
}

/// A search on the statement: the text as typed, matched in the store
/// against what it holds as text (the payer's reference, the other
/// customer's username), the transfer it names ("TB-000042": it and its
/// reversal), and the descriptions whose words contain it.
public struct StatementSearch: Hashable, Sendable {
    /// Trimmed, at most `maximumLength` characters, never empty.
    public let text: String
    public let reference: TransferReference?
    public let descriptions: Set<LineDescription>

    public static let maximumLength = 35

    /// nil for text that is empty once trimmed. `describe` words a
    /// description in the reader's language.
    public init?(_ typed: String, describe: (StatementLine) -> String) {
        let trimmed = String(TerminalText.sanitized(typed).trimmingSpaces.prefix(StatementSearch.maximumLength))
        guard !trimmed.isEmpty else { return nil }
        text = trimmed
        reference = TransferReference(parsing: trimmed)
        let needle = trimmed.lowercased()
        descriptions = Set(LineDescription.allCases.filter { describe($0.sample).lowercased().containsText(needle) })
    }

    public init(text: String, reference: TransferReference?, descriptions: Set<LineDescription>) {
        self.text = text
        self.reference = reference
        self.descriptions = descriptions
    }
}

/// Where a page of the statement starts: keyset positions, so reading page
/// 1,000 costs what reading page 1 costs.
public enum StatementCursor: Hashable, Sendable {
    /// The newest postings.
    case newest
    /// The oldest postings.
    case oldest
    /// Postings older than this one.
    case below(PostingID)
    /// Postings newer than this one.
    case above(PostingID)
}
