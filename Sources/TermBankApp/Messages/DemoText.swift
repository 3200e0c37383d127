import TermBankCore

/// Demo mode's texts: the welcome screen, the guest's card, the guided path,
/// the simulated phone. The phone's messages are the bank's texts as sent,
/// in the customer's language: data here, not words of the app.
public enum DemoText: Equatable, Sendable {
    /// A step of the guided story in full ("1. Sign in (Touch ID: Enter…)"), numbered.
    case storyStep(StoryStep)
    /// The same in a few words, for the one-line checklist.
    case storyShort(StoryStep)
    /// The one-line checklist's lead: "Story".
    case storyLine
    case storyAllDone
    case storyLead
    /// The welcome, when this terminal's SSH key made a guest that is still live (or after a sign-out here).
    case welcomeBack(String)
    /// On the new guest's card, by the sitekey picture.
    case rememberSitekey
    case welcomeTitle
    case newCustomer
    case newCustomerDetail
    case signIn
    case sharedCustomers
    case sharedCustomersMore
    /// Under the shared customers: their settings are one customer's, so everyone's (decision 46).
    case sharedSettings
    /// On the welcome screen while the session is recorded (`DemoState.recorded`, docs/decisions/0116).
    case sessionRecorded
    case makingCustomer
    case cardTitle
    case noteThePassword
    case usernameLabel
    case passwordLabel
    case phoneSimulated(masked: String)
    case smsOnRemovedIn(hours: Int64)
    case pressEnterToSignIn
    case phoneTitle
    case phoneOnTheRight
    case ctrlPShowsThePhone
    case noCustomerYet
    case newMessage
    case noMessagesYet
    /// When a message arrived: "06:58:12 UTC".
    case received(Timestamp)
    case channel(sms: Bool)
    case newTag
    /// The phone's authenticator app (decision 58), over its code.
    case authenticatorApp
    /// Beside the code: how long it still holds.
    case secondsLeft(Int64)
    /// Under the code while the set-up waits for it.
    case scannedTheQRCode
    /// The phone's note with the guest's username and password (decision 59).
    case passwordsNote
    case whosePhone
    case chooseTheCustomer
}

/// A step of the guided story, worded by what the bank recorded (`StoryProgress`).
public enum StoryStep: Equatable, Sendable {
    /// 1: the sensor of the simulated phone, named as the phone names it (never "fingerprint" on a Face ID phone).
    case signIn(BiometryType)
    /// 2.
    case moveMoney
    /// 3 before it is done, worded by the customer's SMS setting now.
    case signInAgain(smsOn: Bool)
    /// 3 done: how it really went.
    case signedInAgain(StoryProgress.SignedInAgain)
    /// 4.
    case authenticator
}

extension StoryStep {
    /// Its place in the story, 1 to 4.
    public var number: Int {
        switch self {
        case .signIn: return 1
        case .moveMoney: return 2
        case .signInAgain, .signedInAgain: return 3
        case .authenticator: return 4
        }
    }
}

extension DemoText {
    /// Every wording of the guided story, for the catalog and fitting tests.
    public static var everyStoryText: [DemoText] {
        let steps: [StoryStep] = BiometryType.allCases.map(StoryStep.signIn) + [
            .moveMoney, .signInAgain(smsOn: true), .signInAgain(smsOn: false), .signedInAgain(.withACode),
            .signedInAgain(.trustedDevice), .signedInAgain(.passwordOnly), .authenticator,
        ]
        return steps.map(DemoText.storyStep) + steps.map(DemoText.storyShort) + [.storyLine, .storyAllDone]
    }
}
