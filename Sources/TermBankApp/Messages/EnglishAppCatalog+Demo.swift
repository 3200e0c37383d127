import TermBankCore

/// Demo mode's words in English.
extension EnglishAppCatalog {
    public func text(_ text: DemoText) -> String {
        switch text {
        case .storyStep(let step): return "\(step.number). " + full(step)
        case .storyShort(let step): return short(step)
        case .storyLine: return "Story"
        case .storyAllDone: return "all four steps done"
        case .welcomeBack(let name): return "Welcome back, \(name)."
        case .rememberSitekey: return "Your sitekey: remember it."
        case .storyLead: return "Try:"
        case .welcomeTitle: return "Welcome to the TermBank demo"
        case .newCustomer: return "Start as a new demo customer"
        case .newCustomerDetail: return "Your own customer and phone, for 24 hours."
        case .signIn: return "Sign in"
        case .sharedCustomers: return "alice, bob and carol are shared with everyone"
        case .sharedCustomersMore: return "at the demo, or a demo customer you made."
        case .sharedSettings: return "A change to their settings is everyone's."
        case .sessionRecorded: return "This session is recorded."
        case .makingCustomer: return "Making your demo customer…"
        case .cardTitle: return "Your demo customer"
        case .noteThePassword: return "The phone keeps a copy under Passwords."
        case .usernameLabel: return "Username"
        case .passwordLabel: return "Password"
        case .phoneSimulated(let masked): return "Phone \(masked), simulated on this screen."
        case .smsOnRemovedIn(let hours): return "SMS verification is on. Removed in \(hours) hours."
        case .pressEnterToSignIn: return "Press Enter to sign in (the username is filled in)."
        case .phoneTitle: return "Customer's phone (simulated)"
        case .phoneOnTheRight: return "The customer's phone is on the right."
        case .ctrlPShowsThePhone: return "Ctrl-P shows the customer's phone."
        case .noCustomerYet:
            return "No customer is signing in on this screen. The codes for the customer you sign in as arrive here."
        case .newMessage: return "● New message"
        case .noMessagesYet: return "No messages yet."
        case .received(let time): return core.dates.timeWithSeconds(time)
        case .channel(let sms): return sms ? "SMS" : "Voice call"
        case .newTag: return "new"
        case .authenticatorApp: return "Authenticator app · TermBank"
        case .secondsLeft(let seconds): return "\(seconds) s left"
        case .scannedTheQRCode: return "Scanned from the QR code on the screen: type this code there."
        case .passwordsNote: return "Passwords · your demo customer"
        case .whosePhone: return "Whose phone is this?"
        case .chooseTheCustomer: return "Choose the customer you are signing in as."
        }
    }

    /// A step in full, as the welcome and login screens list it.
    private func full(_ step: StoryStep) -> String {
        switch step {
        case .signIn(.none): return "Sign in (the code arrives on the phone)"
        case .signIn(let sensor): return "Sign in (\(sensor.displayName): Enter, then the code from the phone)"
        case .moveMoney: return "Move money (the code arrives on the phone)"
        case .signInAgain(smsOn: true): return "Log out (l), sign in again with a code"
        case .signInAgain(smsOn: false): return "Log out (l), answer y to turn SMS on, sign in again"
        case .signedInAgain(.withACode): return "Signed in again, with a code"
        case .signedInAgain(.trustedDevice): return "Signed in again: this device is trusted, no code asked"
        case .signedInAgain(.passwordOnly): return "Signed in again with the password only (SMS off)"
        case .authenticator: return "Try the authenticator app (a)"
        }
    }

    /// A step in a few words, for the one-line checklist.
    private func short(_ step: StoryStep) -> String {
        switch step {
        case .signIn: return "sign in with a code"
        case .moveMoney: return "move money (t)"
        case .signInAgain(smsOn: true): return "log out (l), sign in again"
        case .signInAgain(smsOn: false): return "log out (l), y turns SMS on"
        case .signedInAgain: return "signed in again"
        case .authenticator: return "authenticator app (a)"
        }
    }
}
