import TermBankCore

/// Every text field's size, in one place: the reducers stop a field at its
/// limit, and the views say "full" when it is reached. Counted in Unicode
/// scalars and bytes (see `InputLimit`), so a paste of combining marks cannot
/// grow a field that looks like one character.
public enum FieldLimit {
    public static let username = InputLimit(scalars: 32)
    public static let password = InputLimit(scalars: PasswordPolicy.maximumLength)
    /// A simulated phone's passcode: 4 to 16 characters.
    public static let passcode = InputLimit(scalars: 16)
    public static let phone = InputLimit(scalars: 20)
    /// Recovery codes look like "7k2mq-xd4ta": letters, digits, dashes and spaces.
    public static let recoveryCode = InputLimit(scalars: 24)
    public static let amount = InputLimit(scalars: 20)
    /// A payment's reference: the core allows 35 characters; a few more so a
    /// paste with extra spaces can still be trimmed to fit.
    public static let paymentReference = InputLimit(scalars: 40)
    public static let search = InputLimit(scalars: StatementSearch.maximumLength)
    /// An SMS code: 4 or 6 digits.
    public static let smsCode = InputLimit(scalars: 6)
    /// The most a paste delivers: the terminal reader keeps this much of
    /// one paste and drops the rest of it (never turning it into keys). Eight
    /// times the longest field (a password), so a paste that loses its line
    /// breaks, spaces or dashes on the way into a field still fills it; the
    /// line limit of standard input, so a paste costs what a line does.
    public static let paste = InputLimit.line
}
