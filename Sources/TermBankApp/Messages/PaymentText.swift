import TermBankCore

/// Paying another customer: the payee, confirmation of payee, the amount and
/// reference, the review and the receipt.
public enum PaymentText: Equatable, Sendable {
    case payTitle
    case payToLabel
    case typeTheUsername
    case recentPayees
    case noRecentPayees
    /// "You can pay $9,975.00 more today (limit $10,000.00)."
    case leftToday(Money, limit: Money)
    case lookingUp
    case enterAUsername
    case confirmationOfPayee
    /// "bob is Bob B." (nil: the bank has no name on file for them).
    case payeeIs(Username, maskedName: String?)
    /// "bob (Bob B.)": the payee on the review and the receipt.
    case payee(Username, maskedName: String?)
    case checkTheName
    case referenceLabel
    case optional
    case preview(Money, to: Username, from: AccountKind)
    case reviewTitle
    case payeeLabel
    case paidTitle
    case bookedAsLabel
    case notApproved
}
