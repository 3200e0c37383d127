import TermBankCore

/// The banking feature's texts: the statement, moving money, the receipt.
public enum BankingText: Equatable, Sendable {
    case loadingAccounts
    case accountsTitle
    case smsSwitch
    case switchState(on: Bool)
    case dateColumn(withTime: Bool)
    case accountColumn
    case descriptionColumn
    case amountColumn
    case balanceColumn
    case noTransactionsYet
    case moveMoneyTitle
    case fromLabel
    case toLabel
    case amountLabel
    case available(Money)
    case preview(Money, from: AccountKind, to: AccountKind)
    case typeAnAmount
    case enterAnAmount
    case reviewTitle
    /// How Enter on a review will approve, as the bank answered (`payee`: a payment to that customer).
    case approveWith(StepUpApproval, payee: Username?)
    /// The review's line while the bank is asked how Enter will approve.
    case askingHowToApprove
    /// On a step-up's screen that is not what the review named: the bank decided again at Enter.
    case approvalChangedSinceReview
    case sending
    case notApproved
    case receiptTitle
    case referenceLabel
    case bookedLabel
    case pressEnterToReturn
    /// A paste on the statement, which has no text field (the search has one once `/` opens it).
    case nowhereToPaste
}

extension PhoneNumber {
    /// The masked number held together by no-break spaces, so a wrapped
    /// review never leaves "+1" at the end of one line and the rest on the next.
    var maskedOnOneLine: String { String(masked.map { $0 == " " ? "\u{00A0}" : $0 }) }
}
