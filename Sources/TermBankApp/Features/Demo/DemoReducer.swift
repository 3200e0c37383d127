import TermBankCore

/// Demo mode's keys and replies: the welcome screen, guest customers, the
/// simulated phone. Every path here starts from `state.demo`, which only
/// `--demo` sets.
public enum DemoFeature {
    public enum Action: Equatable, Sendable {
        /// A guest customer made (or why not).
        case guestCreated(Outcome<GuestCredentials>)
        /// The simulated phone (nil: nobody is being signed in).
        case phoneLoaded(Outcome<PhoneInbox?>)
        /// The phone window: watching that customer's phone (or why not).
        case phoneWatched(Outcome<String>)
        /// The guided story's marks (nil: no customer followed yet).
        case storyLoaded(Outcome<StoryProgress?>)
    }

    static func isPhoneKey(_ key: Key) -> Bool { key == .control("p") || key == .function(2) }

    /// The phone slid over the app (narrow terminals) takes the keys until it
    /// slides back: Ctrl-P, F2 or Esc. Nothing is typed into a screen hidden under it.
    /// Returns nil when the key is not the phone's.
    static func phoneKey(_ state: inout AppState, _ key: Key) -> [Effect]? {
        guard var demo = state.demo else { return nil }
        if case .phoneWindow = state.screen { return nil }
        let overlaid = demo.phoneOpen && state.size.columns < PhonePanel.besideWidth
        if isPhoneKey(key) {
            if state.size.columns < PhonePanel.besideWidth {
                demo.phoneOpen.toggle()
                if demo.phoneOpen { demo.phone.noticeUntil = nil }
            }
            state.demo = demo
            return []
        }
        guard overlaid else { return nil }
        if key == .escape { state.demo?.phoneOpen = false }
        return []
    }

    static func welcomeKey(_ state: inout AppState, _ screen: inout WelcomeScreen, _ key: Key) -> [Effect] {
        guard state.demo != nil, !screen.busy else { return [] }
        switch key {
        case .character("g"), .character("G"):
            screen.busy = true
            screen.error = nil
            // The phrase in the language the stakeholder reads here (English
            // where the terminal cannot show this language's letters).
            return [.demo(.createGuest(state.shownLanguage))]
        case .enter:
            // The customer the story follows (this key's guest come back, or
            // the one last signed in here) is filled in: the password is next.
            var form = LoginForm()
            if let owner = state.demo?.story?.owner {
                form.username = owner.rawValue
                form.focus = .password
            }
            state.screen = .login(form)
        case .character("l"), .character("L"):
            return LanguageSwitch.cycle(&state)
        default: break
        }
        return []
    }

    static func guestCardKey(_ state: inout AppState, _ card: GuestCard, _ key: Key) -> [Effect] {
        guard key == .enter || key == .escape else { return [] }
        // The card goes; the password stays only in the phone's note (decision 59).
        var form = LoginForm()
        form.username = card.credentials.user.username.rawValue
        form.focus = .password
        state.screen = .login(form)
        return []
    }

    static func phoneWindowKey(_ state: inout AppState, _ screen: inout PhoneWindowScreen, _ key: Key) -> [Effect] {
        if key == .character("q") || key == .character("Q") {
            state.quitting = true
            return [.quit]
        }
        guard !screen.choices.isEmpty else { return [] }
        switch key {
        case .up, .backTab: screen.selected = (screen.selected + screen.choices.count - 1) % screen.choices.count
        case .down, .tab: screen.selected = (screen.selected + 1) % screen.choices.count
        case .enter:
            screen.error = nil
            return [.demo(.watchPhone(screen.choices[screen.selected]))]
        default: break
        }
        return []
    }

    /// Every second in demo mode: read the phone (the client reads the database only when it changed).
    static func tick(_ state: inout AppState, _ now: Timestamp) -> [Effect] {
        guard let demo = state.demo else { return [] }
        if let until = demo.phone.noticeUntil, now >= until { state.demo?.phone.noticeUntil = nil }
        // The phone window's picker reads too: a password accepted, or a guest made,
        // on this key's terminal meanwhile gives the window a customer to follow.
        if case .phoneWindow = state.screen { return [.demo(.loadPhone)] }
        return [.demo(.loadPhone), .demo(.loadStory)]
    }

    static func reduce(_ state: inout AppState, _ action: Action) -> [Effect] {
        guard state.demo != nil else { return [] }
        switch action {
        case .guestCreated(let outcome):
            guard case .welcome(var screen) = state.screen else { return [] }
            switch outcome {
            case .success(let credentials):
                state.screen = .guestCard(GuestCard(credentials: credentials))
                // Leaving the card no longer loses the password: the phone keeps it in a note.
                state.demo?.phone.passwordNote = PhonePasswordNote(username: credentials.user.username,
                                                                   password: credentials.password)
            case .failure(let message):
                screen.busy = false
                screen.error = message
                state.screen = .welcome(screen)
            }
        case .phoneLoaded(.success(let inbox)):
            if case .phoneWindow(var screen) = state.screen, !screen.choices.isEmpty {
                // Still nobody to follow: the picker stays.
                guard inbox != nil else { return [] }
                screen.choices = []
                screen.error = nil
                state.screen = .phoneWindow(screen)
            }
            // A notice was about the phone it was seen on: another customer's
            // phone, or a phone with nothing on it, has no new message to tell.
            if inbox?.owner != state.demo?.phone.inbox?.owner || inbox?.messages.isEmpty ?? true {
                state.demo?.phone.noticeUntil = nil
            }
            let newest = inbox?.messages.first?.id ?? 0
            if newest > (state.demo?.phone.newestSeen ?? 0) {
                state.demo?.phone.newestSeen = newest
                state.demo?.phone.noticeUntil = state.now.adding(seconds: PhonePanel.noticeSeconds)
            }
            state.demo?.phone.inbox = inbox
        case .phoneLoaded(.failure):
            break    // the last messages stay; the next second tries again
        case .storyLoaded(.success(let progress)):
            state.demo?.story = progress
        case .storyLoaded(.failure):
            break    // the last marks stay; the next second reads again
        case .phoneWatched(let outcome):
            guard case .phoneWindow(var screen) = state.screen else { return [] }
            switch outcome {
            case .success:
                screen.choices = []
                state.screen = .phoneWindow(screen)
                return [.demo(.loadPhone)]
            case .failure(let message):
                screen.error = message
                state.screen = .phoneWindow(screen)
            }
        }
        return []
    }
}
