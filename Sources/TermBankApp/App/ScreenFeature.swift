import TermBankCore

/// One row of the screen table (docs/decisions/0080), after tig's view
/// table: all the app asks of the screen on show it asks of the screen's
/// value through this protocol. A new screen is its own file(s), its case in
/// `Screen` and its line in `Screen.feature`, and its catalog entries.
///
/// The key logic stays in the features' reducers: `reduce` hands the key on
/// to them (`AppReducer.scope` writes the value back).
protocol ScreenFeature: Equatable, Sendable {
    /// The screen's name for the records, never translated and never
    /// changed once given: the shared demo's presence rows say which screen
    /// each terminal shows by it (decision 0120). Lower case, a few words joined by "-".
    var stableName: String { get }

    /// A key for this screen, once the app's own keys (Ctrl-C, Ctrl-L, `?`,
    /// a question, the demo phone) have passed. `self` is the value on show.
    func reduce(_ state: inout AppState, _ key: Key) -> [Effect]

    /// The keys this screen answers to now, one row each (the key caps and
    /// their label), in the key bar's order: the key bar and the help overlay
    /// list them, and docs/using-the-app.md's key table is made from them.
    func bindings(_ state: AppState) -> [KeyHelp.Item]

    /// Rows only the help overlay lists: the keys past what a key bar holds.
    func moreBindings(_ state: AppState) -> [KeyHelp.Item]

    /// Whether a letter typed now is text for a focused field rather than a
    /// command (`AppState.lettersAreText` says what follows from it).
    func lettersAreText(_ state: AppState) -> Bool

    /// Whether `?` typed now is a character (a password, a reference)
    /// rather than the help.
    func questionMarkIsText(_ state: AppState) -> Bool

    /// Shown only with a session: never before signing in nor after signing out.
    var needsSession: Bool { get }

    /// A step of signing in: a Ctrl-C here ends the attempt at the bank.
    var isPartOfSigningIn: Bool { get }

    /// Shows balances the customer acts on now: refreshed at every tick, so
    /// another session's transfer shows here too (`AppReducer.showsLiveBalances`).
    var showsLiveBalances: Bool { get }

    /// The screen's body (the header, the status line, the key bar and a
    /// question are the app's).
    func draw(_ frame: inout Frame, _ state: AppState, in body: Rect, words: any AppCatalog)
}

extension ScreenFeature {
    func moreBindings(_: AppState) -> [KeyHelp.Item] { [] }
    func lettersAreText(_: AppState) -> Bool { false }
    func questionMarkIsText(_: AppState) -> Bool { false }
    var isPartOfSigningIn: Bool { false }
    var showsLiveBalances: Bool { false }

    /// Equality across the table's values, for `AddedScreen`.
    func isSame(as other: any ScreenFeature) -> Bool { (other as? Self) == self }
}

/// A screen from outside this module: the table takes any `ScreenFeature`
/// (the app tests' throwaway screen shows a new screen needs nothing else).
public struct AddedScreen: Equatable, Sendable {
    let feature: any ScreenFeature

    init(_ feature: any ScreenFeature) { self.feature = feature }

    public static func == (lhs: AddedScreen, rhs: AddedScreen) -> Bool { lhs.feature.isSame(as: rhs.feature) }
}
