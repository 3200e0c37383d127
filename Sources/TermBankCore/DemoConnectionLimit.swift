/// How many connections the shared demo keeps open at once for one SSH key
/// and for one client address (decision 65): each connection is a
/// process on the demo host, so one stakeholder, or one script, cannot fill
/// it. A key is one person (the app, the phone window, a second terminal
/// and one to spare); an address may be a meeting room behind one router.
/// Who holds how many is counted where the processes are (the CLI's
/// `ConnectionSlots`); the numbers and the refusal are the rule's.
public struct DemoConnectionLimit: Equatable, Sendable {
    public let perKey: Int
    public let perAddress: Int

    public init(perKey: Int = 4, perAddress: Int = 20) {
        self.perKey = perKey
        self.perAddress = perAddress
    }

    public static let standard = DemoConnectionLimit()

    /// The one refused: which limit it met, and the number.
    public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        case perKey(limit: Int)
        case perAddress(limit: Int)
        /// The browser door's cap on open tabs in all (`termbank web --sessions`): said in the refused tab.
        case allSessions(limit: Int)
        /// The browser door's cap on one browser's open tabs (`termbank web --per-browser`): said in the refused tab.
        case perBrowser(limit: Int)

        public var description: String { EnglishCoreCatalog().text(self) }
    }
}
