import TermBankCore

/// The keys on show, with their labels: for the help bar and the help
/// overlay alike, so they cannot disagree with each other. A screen's own
/// are its bindings (`ScreenFeature`); a question's and the demo phone's
/// are here.
public enum KeyHelp {
    public struct Item: Equatable, Sendable {
        /// The key caps, as on the keyboard: not words to translate.
        public let keys: String
        public let label: KeyLabel
        public init(_ keys: String, _ label: KeyLabel) {
            self.keys = keys
            self.label = label
        }
    }

    public static let global = [Item("Ctrl-L", .redraw), Item("Esc", .backOrCancel), Item("Ctrl-C", .quit),
                                Item("?", .help)]

    public static func items(for state: AppState) -> [Item] {
        guard let demo = state.demo, state.size.columns < PhonePanel.besideWidth else { return appItems(for: state) }
        if case .phoneWindow = state.screen { return appItems(for: state) }
        // Demo mode on a smaller terminal: the phone slides over the app and back.
        if demo.phoneOpen { return [Item("Ctrl-P/Esc", .backToTheApp)] }
        return [Item("Ctrl-P", .phone)] + appItems(for: state)
    }

    /// Keys the help overlay lists after the key bar's: those a screen has
    /// more of than a key bar holds.
    public static func helpOnly(for state: AppState) -> [Item] {
        guard state.modal == nil else { return [] }
        return state.screen.feature.moreBindings(state)
    }

    static func appItems(for state: AppState) -> [Item] {
        // A question's letters are the language's own (`AnswerKeys`): "т/Enter Так", "s/Enter Sim".
        let answers = state.shownLanguage.appCatalog.answers
        switch state.modal {
        case .confirmQuit?:
            return [Item("\(answers.yes)/Enter", .yes), Item("\(answers.no)/Esc", .no)]
        case .confirmSMSOnLogout?:
            // Esc is not an answer here: it closes the question (ReducerTests.testEscapeAtTheLogoutQuestion…).
            return [Item("\(answers.yes)/Enter", .yes), Item(String(answers.no), .no), Item("Esc", .cancel)]
        case .turningSMSOnForLogout?, .readingSMSSwitchForLogout?: return []
        case .trustDevice?:
            return [Item(String(answers.yes), .trustFor(days: AppText.trustDays)), Item("\(answers.no)/Esc", .no)]
        case nil: break
        }
        return state.screen.feature.bindings(state)
    }
}
