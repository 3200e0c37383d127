import TermBankCore

/// The presenter's view (`termbank demo watch`): who is at the shared demo,
/// how far each has come, who is stuck, and `u`'s question. Origins,
/// customers and screens' names are data from the bank's records, not words.
public enum PresenterText: Equatable, Sendable {
    case title
    /// The totals over the table; `moved` is already money in the language's format.
    case totals(connected: Int, finished: Int, moved: String)
    case columnOrigin, columnDoor, columnCustomer, columnLanguage, columnSteps, columnSince, columnStuck
    case door(Stakeholder.Door)
    /// A terminal where nobody is signed in yet.
    case noCustomer
    /// Time since the last action, short: "45 s", "3 min", "2 h".
    case since(seconds: Int64)
    /// The row's stuck column and the details' list, one reason each.
    case sameScreen(minutes: Int64)
    case refused(StakeholderRefusal)
    /// The time is already in the language's format ("14:05").
    case lockedUntil(String)
    case codesLockedUntil(String)
    case smsLimitReached
    /// The same reasons in a few words, for the table's column (the chosen row's details say them in full).
    case sameScreenShort(minutes: Int64)
    case refusedShort(StakeholderRefusal)
    case lockedShort
    case codesLockedShort
    case smsLimitShort
    case fine
    /// The details of the chosen row: where the stakeholder is, in words (`screenName`), or the
    /// stable name as the records have it when this build has no words for it.
    case onScreen(String)
    case screenName(PresenterScreenName)
    case canUnlock
    case empty
    case emptyHint
    case reading
    /// The records side of this bank cannot be read (`PresenterUnavailable`).
    case recordsUnavailable
    case unlockTitle
    case unlockQuestion(customer: String, origin: String)
    case unlockExplanation
    case unlocked(customer: String, origin: String)
    case nothingToUnlock(origin: String)
}
