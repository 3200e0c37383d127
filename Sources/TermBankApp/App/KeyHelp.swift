import TermBankCore

/// The keys each screen answers to, with their labels: one table for the
/// help bar and the help overlay, so they cannot disagree with each other.
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
        if case .security(let screen) = state.screen, screen.form == nil, screen.overview?.trustedDevices.isEmpty == false {
            // The statement's other scrolling keys, in the trusted devices.
            return [Item("PgUp/PgDn", .pageUpOrDown), Item("Home/End", .firstOrLastDevice)]
        }
        guard case .statement = state.screen, state.statement.searchDraft == nil else { return [] }
        return [Item("PgUp/PgDn", .pageUpOrDown), Item("Home/End", .newestOrFirst), Item("1/2/0", .account)]
            + (state.statement.search != nil ? [Item("/", .search), Item("p", .pay)] : [])
            + [Item("s", .smsVerification)]
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
        switch state.screen {
        case .pickDevice:
            return [Item("↑/↓", .choose), Item("Enter", .useThisPhone), Item("Ctrl-C", .quit)]
        case .welcome:
            return [Item("g", .newDemoCustomer), Item("Enter", .signIn), Item("L", .language), Item("?", .help),
                    Item("Ctrl-C", .quit)]
        case .guestCard:
            return [Item("Enter", .signIn)]
        case .phoneWindow(let screen):
            return (screen.choices.isEmpty ? [] : [Item("↑/↓", .choose), Item("Enter", .showThisPhone)]) + [Item("q", .quit)]
        case .login(let form):
            // L changes the language from the username field (in the password it is a letter).
            // The screen's own keys before the global ones, which the help overlay lists too.
            return [Item("Tab", .nextField), Item("Enter", .signIn)] + (form.focus == .username ? [Item("L", .language)] : [])
                + [Item("?", .help), Item("Ctrl-C", .quit)]
        case .sitekeyFirst(let form):
            return [Item("Tab", form.focus == .password ? .notMyImage : .password),
                    Item("Enter", form.focus == .password ? .signIn : .thisIsNotMyImage), Item("Esc", .back)]
        case .sitekey:
            return [Item("Enter", .signIn), Item("n", .notMyImage), Item("Esc", .back)]
        case .biometric(let screen):
            if screen.prompt.mode == .passcode {
                return [Item("0-9", .passcode), Item("Enter", .ok), Item("Esc", .cancel)]
            }
            var items = [Item("Enter", .matching(face: screen.prompt.biometry == .faceID)), Item("x", .nonMatching)]
            if screen.prompt.offersPasscode { items.append(Item("p", .enterPasscode)) }
            return items + [Item("Esc", .cancel)]
        case .pin(let entry):
            return [Item("0-9", .code), Item("Bksp", .erase), Item("r", .resend), Item("c", .callMe)]
                + (entry.acceptsRecoveryCode ? [Item("u", .recoveryCode)] : []) + [Item("Esc", .cancel)]
        case .authenticator(let entry):
            if entry.purpose != .signIn { return [Item("0-9", .code), Item("Bksp", .erase), Item("Esc", .backToReview)] }
            return [Item("0-9", .code), Item("Bksp", .erase), Item("u", .useARecoveryCode), Item("Esc", .cancel)]
        case .recoveryCode:
            return [Item("Enter", .useThisCode), Item("Bksp", .erase), Item("Esc", .back)]
        case .newRecoveryCodes(let screen):
            if case .shown = screen.stage { return [Item("Enter", .iHaveSavedThem)] }
            return [Item("Enter", .makeNewCodes), Item("Esc", .later)]
        case .statement:
            if state.statement.searchDraft != nil { return [Item("Enter", .search), Item("Esc", .cancel)] }
            // The bar keeps to 80 columns; the rest of the statement's keys are in the help overlay (`helpOnly`).
            // With a search applied its longer "Esc" label takes Pay's room (Pay is then in the help overlay).
            return [Item("t", .transfer)] + (state.statement.search == nil ? [Item("p", .pay)] : []) + [Item("↑↓", .scroll),
                    state.statement.search != nil ? Item("Esc", .clearSearch) : Item("/", .search),
                    Item("a", .security), Item("l", .logOut), Item("?", .help)]
        case .security(let screen):
            if let form = screen.form {
                return (form.needsCode ? [Item("Tab", .nextField)] : []) + [Item("Enter", .ok), Item("Esc", .cancel)]
            }
            var items = [Item("e", .authenticator), Item("s", .sms), Item("p", .changePhone)]
            if screen.overview?.authenticatorActive == true {
                items += [Item("f", .factor), Item("n", .newCodes), Item("d", .appOff)]
            }
            if case .off? = screen.overview?.biometricSignIn { items.append(Item("b", .biometricOn)) }
            if screen.overview?.trustedDevices.isEmpty == false { items += [Item("↑/↓", .device), Item("r", .revoke)] }
            return items + [Item("L", .language), Item("Esc", .back)]
        case .enrolment(let screen):
            if case .done = screen.stage { return [Item("Enter", .done)] }
            return [Item("0-9", .codeFromTheApp), Item("Bksp", .erase), Item("Esc", .cancel)]
        case .transfer(let form):
            if case .review = form.stage { return [Item("Enter", .confirm), Item("Esc", .edit)] }
            return [Item("←/→", .direction), Item("0-9.,", .amount), Item("Enter", .review), Item("Esc", .back)]
        case .receipt, .paid:
            return [Item("Enter", .backToStatement)]
        case .pay(let form):
            switch form.stage {
            case .payee:
                return (form.allowance?.recentPayees.isEmpty == false ? [Item("↑/↓", .recentPayee)] : [])
                    + [Item("Enter", .lookUp), Item("Esc", .back)]
            case .details:
                return [Item("Tab", .nextField), Item("←/→", .account), Item("Enter", .review), Item("Esc", .back)]
            case .review:
                return [Item("Enter", .confirm), Item("Esc", .edit)]
            }
        case .signedOut:
            return [Item("Enter", .signIn), Item("q", .quit)]
        }
    }
}
