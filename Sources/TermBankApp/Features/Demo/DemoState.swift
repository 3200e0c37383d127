import TermBankCore

/// Demo mode (`termbank --demo`, which scripts/ssh-demo sets): the simulated
/// phone drawn in the terminal and guest customers. `AppState.demo` is nil
/// otherwise, and every demo screen, key and effect starts from it, so a real
/// deployment can neither reach nor show any of it.
public struct DemoState: Equatable, Sendable {
    public var phone = PhonePanel()
    /// Below `PhonePanel.besideWidth` columns the phone slides over the app on
    /// Ctrl-P (or F2) and back.
    public var phoneOpen = false
    /// The guided story's marks as the bank recorded them (`StoryProgress`),
    /// read each second; nil until a customer is followed.
    public var story: StoryProgress?
    /// The simulated phone's sensor, for step 1's words ("Face ID: Enter").
    public var biometry: BiometryType = .touchID
    /// The session is being recorded (`termbank relay` says so): the welcome screen tells the stakeholder.
    public var recorded = false

    public init() {}
}

/// The customer's phone, simulated: the messages and calls for the number
/// being verified or signed in, in this terminal session only.
public struct PhonePanel: Equatable, Sendable {
    /// At least this many columns: the phone is drawn beside the app.
    public static let besideWidth = 120
    /// Its width beside the app (the app keeps the rest, at least 80).
    public static let width = 40
    /// How long a new message's notice shows.
    static let noticeSeconds: Int64 = 20

    /// nil: no customer is being signed in, so the phone has nothing to show.
    public var inbox: PhoneInbox?
    /// The newest message already seen, so a newer one is announced.
    var newestSeen: Int64 = 0
    /// Until when "New message" shows.
    public var noticeUntil: Timestamp?
    /// The phone's "Passwords" note: the guest this terminal made, its
    /// username and password (decision 59). Only in this terminal's memory:
    /// the bank keeps no password, and the note goes with the session.
    public var passwordNote: PhonePasswordNote?

    public init(inbox: PhoneInbox? = nil, noticeUntil: Timestamp? = nil, passwordNote: PhonePasswordNote? = nil) {
        self.inbox = inbox
        self.noticeUntil = noticeUntil
        self.passwordNote = passwordNote
    }

    /// The note shows while nobody is being signed in here (the password is
    /// what the next sign-in needs) and on that guest's own phone; not on
    /// another customer's.
    var shownNote: PhonePasswordNote? {
        guard let passwordNote, inbox.map({ $0.owner == passwordNote.username }) ?? true else { return nil }
        return passwordNote
    }
}

/// A guest's sign-in as the phone's "Passwords" note keeps it.
public struct PhonePasswordNote: Equatable, Sendable {
    public let username: Username
    public let password: Secret

    public init(username: Username, password: Secret) {
        self.username = username
        self.password = password
    }
}

/// What the simulated phone holds for one customer.
public struct PhoneInbox: Equatable, Sendable {
    public let owner: Username
    /// Masked, as the app's "We sent a code to …" shows it, so the two can be matched.
    public let number: String
    /// Newest first.
    public let messages: [PhoneEntry]
    /// The phone's authenticator app, once it scanned this customer's QR
    /// code (decision 58): the code of the moment, never the secret.
    public let authenticator: PhoneAuthenticatorCode?

    public init(owner: Username, number: String, messages: [PhoneEntry], authenticator: PhoneAuthenticatorCode? = nil) {
        self.owner = owner
        self.number = number
        self.messages = messages
        self.authenticator = authenticator
    }
}

public struct PhoneEntry: Equatable, Sendable {
    public enum Channel: Equatable, Sendable { case sms, voice }
    public let id: Int64
    public let channel: Channel
    /// Sanitised for the terminal when it was read (it came from the database).
    public let text: String
    public let at: Timestamp

    public init(id: Int64, channel: Channel, text: String, at: Timestamp) {
        self.id = id
        self.channel = channel
        self.text = TerminalText.sanitized(text)
        self.at = at
    }
}

/// Demo mode's first screen: a customer of one's own, or sign in.
public struct WelcomeScreen: Equatable, Sendable, HasFormStatus {
    public var status = FormStatus()
    public init(busy: Bool = false, error: AppMessage? = nil) {
        self.status = FormStatus(busy: busy, error: error)
    }
}

/// A new guest's username and password; after the card, the phone's "Passwords" note keeps them.
public struct GuestCard: Equatable, Sendable {
    public let credentials: GuestCredentials
    public init(credentials: GuestCredentials) { self.credentials = credentials }
}

/// `ssh … phone`: a window that is only the phone. Shows the customer the
/// client chose (the one last signed in with this SSH key), or asks.
public struct PhoneWindowScreen: Equatable, Sendable {
    /// Customers this connection may watch, when it had to ask; empty once watching.
    public var choices: [String]
    public var selected = 0
    public var error: AppMessage?
    public init(choices: [String] = [], selected: Int = 0, error: AppMessage? = nil) {
        self.choices = choices
        self.selected = selected
        self.error = error
    }
}
