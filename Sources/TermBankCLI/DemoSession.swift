import TermBankSystem
import TermBankApp
import TermBankCore

/// Demo mode's live side, wired in only with `--demo`: guest customers made
/// from this connection, and the simulated phone of the customer this
/// terminal is signing in. The phone is bound when a password is accepted
/// here and shows only messages sent after that (no one sees
/// another's code), and the code still running on the customer's number,
/// which this terminal's sign-in will wait on (`PhoneViewStart`). Its
/// authenticator app holds what the core lets it scan (decision 58). And the
/// guided story's marks for the customer this terminal signs in as (or last
/// signed in as, or the SSH key's own guest come back), read from what the
/// bank recorded (`DemoStory`).
final class DemoSession: @unchecked Sendable {
    private let lock = Lock()
    let bank: Bank
    let store: any BankBackend
    let guests: GuestCustomers
    let origin: DemoOrigin
    /// What the phone's authenticator app scans the QR code with (decision 58).
    let authenticator: AuthenticatorService
    /// Whose phone, and the last inbox message before its view starts.
    private var bound: (user: UserID, after: Int64)?
    /// The phone as last read, and its authenticator app: read again only when the bank changed.
    private var cached: (stamp: ChangeStamp, user: UserID, inbox: PhoneInbox, app: PhoneAuthenticatorApp?)?
    /// The customer the story follows once signed in here: it stays after a
    /// sign-out (step 3 is signing in again), and from when its facts count.
    private var followed: (user: UserID, since: Timestamp)?
    private var cachedStory: (stamp: ChangeStamp, progress: StoryProgress?)?
    /// This terminal's presence row (decision 0120): told the customer followed here.
    var presence: DemoPresence?
    /// Messages the phone holds, newest first.
    static let shown = 20

    init(bank: Bank, store: any BankBackend, origin: DemoOrigin, authenticator: AuthenticatorService,
         policy: GuestPolicy = .standard) {
        self.bank = bank
        self.store = store
        self.origin = origin
        self.authenticator = authenticator
        guests = GuestCustomers(bank: bank, store: store, policy: policy)
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// The client's address from SSH_CONNECTION ("client port server port"),
    /// kept to the characters an address has; "local" when not over SSH.
    static func origin(environment: [String: String], key: SSHIdentity.Key?) -> DemoOrigin {
        let first = environment["SSH_CONNECTION"]?.split(separator: " ").first.map(String.init) ?? ""
        let address = first.filter { $0.isHexDigit || $0 == "." || $0 == ":" }.prefix(45)
        return DemoOrigin(keyFingerprint: key?.fingerprint, address: address.isEmpty ? "local" : String(address),
                          fromBrowser: key?.fromBrowser ?? false)
    }

    /// Adds the demo's endpoints to the app's client and binds the phone to each sign-in.
    func install(into client: inout BankingClient) {
        let signIn = client.signingIn.signIn
        let signOut = client.signOut
        let notMyImage = client.signingIn.notMyImage
        // The guest rules (expiry, the key that made it) are the core's
        // (`GuestAccess`, set from the same origin): here only the phone follows.
        client.signingIn.signIn = { [self] username, password in
            let reply = try signIn(username, password)
            if case .accepted(let user, _, _, _, _) = reply { bind(user) } else { unbind(typed: username) }
            return reply
        }
        client.signOut = { [self] reason in
            defer { unbind() }
            try signOut(reason)
        }
        client.signingIn.notMyImage = { [self] in
            try notMyImage()
            unbind()
            // Not this person's customer: the story does not follow it either.
            locked {
                followed = nil
                cachedStory = nil
            }
            presence?.customer(nil, storySince: nil)
        }
        var demo = DemoClient()
        demo.createGuest = { [self] language in
            let made = try guests.create(origin: origin, language: language,
                                         context: AuditContext(sessionID: nil, deviceID: origin.keyFingerprint.map { "ssh \($0)" }))
            // Made here: the story follows it from now, as this terminal's own (not one come back).
            locked {
                followed = (made.user.id, Timestamp(millisecondsSinceEpoch: 0))
                cachedStory = nil
            }
            presence?.customer(made.user.id, storySince: Timestamp(millisecondsSinceEpoch: 0))
            return made
        }
        demo.phoneInbox = { [self] in try inbox() }
        demo.storyProgress = { [self] in try story() }
        client.demo = demo
    }

    private func bind(_ user: UserRecord) {
        let after = (try? PhoneViewStart.id(for: user, inbox: store, verifications: store, at: bank.clock.now()))
            ?? (try? store.lastInboxMessage(of: user.phone))??.id ?? 0
        // A guest's story is its own from its first minute; a shared
        // customer's counts from this terminal's first sign-in as it, so
        // another stakeholder's steps tick nothing here.
        let isGuest = (try? store.guest(user.id)) != nil
        let now = bank.clock.now()
        let since = locked {
            bound = (user.id, after)
            cached = nil
            if followed?.user != user.id {
                followed = (user.id, isGuest ? Timestamp(millisecondsSinceEpoch: 0) : now)
            }
            cachedStory = nil
            return followed?.since
        }
        presence?.customer(user.id, storySince: since)
    }

    /// The story's marks: for the customer followed here, or else the newest
    /// live guest this SSH key made (welcomed back); nil for neither. Read
    /// again only when the bank changed, like the phone.
    func story() throws -> StoryProgress? {
        try locked {
            let stamp = try store.changeStamp()
            if let cachedStory, cachedStory.stamp == stamp { return cachedStory.progress }
            let story = DemoStory(store: store)
            let progress: StoryProgress?
            if let followed {
                progress = try story.progress(of: followed.user, since: followed.since)
            } else if let key = origin.keyFingerprint, let guest = try guests.guests(boundTo: key).first {
                progress = try story.progress(of: guest.userID, since: Timestamp(millisecondsSinceEpoch: 0), returning: true)
            } else {
                progress = nil
            }
            cachedStory = (stamp, progress)
            return progress
        }
    }

    private func unbind() {
        locked {
            bound = nil
            cached = nil
        }
    }

    /// A sign-in refused: the phone follows no one. The presence row names
    /// the customer typed at (a name that is no customer changes nothing),
    /// so the presenter sees whose password or lock holds this terminal up;
    /// the customer the story follows here keeps its story's start.
    private func unbind(typed username: String) {
        unbind()
        guard let presence, let user = try? store.user(named: Username(trusted: username)) else { return }
        let since = locked { followed?.user == user.id ? followed?.since : nil }
        presence.customer(user.id, storySince: since)
    }

    /// The bound customer's messages since binding, newest first, and the
    /// authenticator's code of the moment; nil when none is bound.
    func inbox() throws -> PhoneInbox? {
        try locked {
            guard let bound else { return nil }
            let stamp = try store.changeStamp()
            if let cached, cached.stamp == stamp, cached.user == bound.user {
                return Self.withCode(cached.inbox, cached.app, at: bank.clock.now())
            }
            guard let user = try store.user(id: bound.user) else { return nil }
            let inbox = PhoneInbox(owner: user.username, number: user.phone.masked,
                                   messages: try Self.entries(store.newestInbox(of: user.phone, after: bound.after,
                                                                              since: nil, limit: Self.shown)))
            // The core gives the phone a secret only in demo mode on the demo bank.
            let app = try authenticator.scanOntoDemoPhone(of: user.id, access: .demo(origin))
            cached = (stamp, bound.user, inbox, app)
            return Self.withCode(inbox, app, at: bank.clock.now())
        }
    }

    /// The inbox with the code its authenticator app shows at `now` (the code changes without the bank changing).
    static func withCode(_ inbox: PhoneInbox, _ app: PhoneAuthenticatorApp?, at now: Timestamp) -> PhoneInbox {
        PhoneInbox(owner: inbox.owner, number: inbox.number, messages: inbox.messages, authenticator: app?.code(at: now))
    }

    static func entries(_ messages: [PhoneMessage]) -> [PhoneEntry] {
        messages.suffix(shown).reversed().map { message in
            PhoneEntry(id: message.id, channel: message.channel == .voice ? .voice : .sms, text: message.text, at: message.at)
        }
    }
}
