import TermBankSystem
import TermBankApp
import TermBankCore

/// Demo mode's live side, wired in only with `--demo`: guest customers made
/// from this connection, and the simulated phone of the customer this
/// terminal is signing in. The phone is bound when a password is accepted
/// here and shows only messages sent after that (issue 10: no one sees
/// another's code), and the code still running on the customer's number,
/// which this terminal's sign-in will wait on (`PhoneViewStart`).
final class DemoSession: @unchecked Sendable {
    private let lock = Lock()
    let bank: Bank
    let store: any BankBackend
    let guests: GuestCustomers
    let origin: DemoOrigin
    /// Whose phone, and the last inbox message before its view starts.
    private var bound: (user: UserID, after: Int64)?
    private var cached: (stamp: ChangeStamp, user: UserID, inbox: PhoneInbox)?
    /// Messages the phone holds, newest first.
    static let shown = 20

    init(bank: Bank, store: any BankBackend, origin: DemoOrigin, policy: GuestPolicy = .standard) {
        self.bank = bank
        self.store = store
        self.origin = origin
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
        return DemoOrigin(keyFingerprint: key?.fingerprint, address: address.isEmpty ? "local" : String(address))
    }

    /// Adds the demo's endpoints to the app's client and binds the phone to each sign-in.
    func install(into client: inout BankingClient) {
        let signIn = client.signIn
        let signOut = client.signOut
        let notMyImage = client.notMyImage
        // The guest rules (expiry, the key that made it) are the core's
        // (`GuestAccess`, set from the same origin): here only the phone follows.
        client.signIn = { [self] username, password in
            let reply = try signIn(username, password)
            if case .accepted(let user, _, _, _, _) = reply { bind(user) } else { unbind() }
            return reply
        }
        client.signOut = { [self] reason in
            signOut(reason)
            unbind()
        }
        client.notMyImage = { [self] in
            notMyImage()
            unbind()
        }
        client.createGuest = { [self] language in
            try guests.create(origin: origin, language: language, context: AuditContext(sessionID: nil, deviceID: origin.keyFingerprint.map { "ssh \($0)" }))
        }
        client.phoneInbox = { [self] in try inbox() }
    }

    private func bind(_ user: UserRecord) {
        let after = (try? PhoneViewStart.id(for: user, inbox: store, verifications: store, at: bank.clock.now()))
            ?? (try? store.lastInboxMessage(of: user.phone))??.id ?? 0
        locked {
            bound = (user.id, after)
            cached = nil
        }
    }

    private func unbind() {
        locked {
            bound = nil
            cached = nil
        }
    }

    /// The bound customer's messages since binding, newest first; nil when none is bound.
    func inbox() throws -> PhoneInbox? {
        try locked {
            guard let bound else { return nil }
            let stamp = try store.changeStamp()
            if let cached, cached.stamp == stamp, cached.user == bound.user { return cached.inbox }
            guard let user = try store.user(id: bound.user) else { return nil }
            let inbox = PhoneInbox(owner: user.username, number: user.phone.masked,
                                   messages: try Self.entries(store.newestInbox(of: user.phone, after: bound.after,
                                                                              since: nil, limit: Self.shown)))
            cached = (stamp, bound.user, inbox)
            return inbox
        }
    }

    static func entries(_ messages: [PhoneMessage]) -> [PhoneEntry] {
        messages.suffix(shown).reversed().map { message in
            PhoneEntry(id: message.id, channel: message.channel == .voice ? .voice : .sms, text: message.text, at: message.at)
        }
    }
}
