/// What a sign-in needs of a terminal a test drives: the real binary in tmux
/// (`TmuxSession`), or the real run loop on a headless screen
/// (`HeadlessTerminal`). Each waits with the one `HangGuard`.
public protocol SignInTerminal {
    /// Types `text`, each character a key press.
    func typeText(_ text: String) throws
    func pressTab() throws
    func pressEnter() throws
    /// Waits until the screen shows every one of `texts`.
    func waitForTexts(_ texts: [String], file: StaticString, line: UInt) throws
    /// Waits until the screen no longer shows `text`.
    func waitUntilGone(_ text: String, file: StaticString, line: UInt) throws
}

/// The words a sign-in waits for. English unless a test signs in in another language.
public struct SignInWords: Sendable {
    public var sitekeyQuestion = "Is this your sitekey?"
    /// Above the password when the device knows the name: the sitekey comes first.
    public var sitekeyFirst = "If you recognise your picture and"
    /// The biometric sheet's title, and its button that passes.
    public var sheet = "Touch ID"
    public var matching = "Matching finger"
    /// What each typed character of the password shows as.
    public var passwordDot = "•"

    public init() {}

    public static let english = SignInWords()
    /// In a terminal that is not UTF-8, where the app draws in ASCII.
    public static var ascii: SignInWords {
        var words = SignInWords()
        words.passwordDot = "*"
        return words
    }
    public static var faceID: SignInWords {
        var words = SignInWords()
        words.sheet = "Face ID"
        words.matching = "Matching face"
        return words
    }
}

/// How far `signIn` goes.
public enum SignInEnd: Sendable {
    /// The password's Enter pressed, nothing awaited after it: for a sign-in the bank refuses.
    case passwordSent
    /// The biometric sheet answered and gone: the code screen, the statement or a refusal comes next.
    case sheetClosed
    /// The sitekey accepted, on a device with no biometrics: the code is asked for next.
    case sitekeyAccepted
    /// The sheet's Enter pressed, nothing awaited after it.
    case sheetAnswered
}

extension SignInTerminal {
    /// The one sign-in of the tests: username (unless `nameFilled`: the form
    /// already holds it), Tab, the password, Enter; the sitekey checked and
    /// accepted with Enter (on a `knownDevice`, the sitekey comes after the
    /// username, before the password); the matching finger (or face) on the
    /// biometric sheet. Each key waits for the screen that takes it: a key
    /// typed ahead of its screen may be read by the screen before it.
    /// `sitekeyShows`: more the sitekey screen must show before it is accepted.
    public func signIn(_ customer: Customer, knownDevice: Bool = false, nameFilled: Bool = false,
                       words: SignInWords = .english, sitekeyShows: [String] = [], until end: SignInEnd = .sheetClosed,
                       file: StaticString = #filePath, line: UInt = #line) throws {
        let phrase = customer.sitekeyPhrase.isEmpty ? [] : [customer.sitekeyPhrase]
        if !nameFilled {
            try typeText(customer.name)
            try pressTab()
        }
        if knownDevice { try waitForTexts([words.sitekeyFirst] + phrase + sitekeyShows, file: file, line: line) }
        try typeText(customer.password)
        // Enter only once the form shows every character: it submits what the form holds.
        try waitForTexts([String(repeating: words.passwordDot, count: customer.password.count)], file: file, line: line)
        try pressEnter()
        if end == .passwordSent { return }
        if !knownDevice {
            try waitForTexts([words.sitekeyQuestion] + phrase + sitekeyShows, file: file, line: line)
            try pressEnter()
        }
        if end == .sitekeyAccepted { return }
        // The sheet first: an Enter typed while the sitekey is still signing in is ignored.
        try waitForTexts([words.sheet, words.matching], file: file, line: line)
        try pressEnter()
        if end == .sheetClosed { try waitUntilGone(words.matching, file: file, line: line) }
    }
}
