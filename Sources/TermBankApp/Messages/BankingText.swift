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
    case stepUpByBiometric
    case stepUpByCode
    case sending
    case notApproved
    case receiptTitle
    case referenceLabel
    case bookedLabel
    case pressEnterToReturn
    /// A paste on the statement, which has no text field (the search has one once `/` opens it).
    case nowhereToPaste
}
