import TermBankSystem
import TermBankApp
import TermBankCore

/// `ssh -t -p 2222 termbank-demo@HOST phone` (demo mode): a second window
/// that is only the simulated phone. It follows the customer whose password
/// was accepted most recently from the same SSH key (from that moment, so
/// the sign-in code shows), or the guest that key made most recently,
/// whichever is newer; without either it asks, offering only the seed's
/// customers (their passwords are public) and this key's own guests, until
/// the key has someone to follow. Its
/// authenticator app shows the followed customer's code (decision 58).
final class PhoneWindow: @unchecked Sendable {
    private let lock = Lock()
    let bank: Bank
    let store: any BankBackend
    let key: SSHIdentity.Key?
    let guests: GuestCustomers
    let authenticator: AuthenticatorService
    /// Demo mode at this connection's origin: the only access the phone's authenticator app scans with.
    let access: GuestAccess
    /// Whom the window followed when the bank was last read.
    private var following: (stamp: ChangeStamp, user: UserRecord?)?
    /// The authenticator app as last scanned, read again only when the bank changed.
    private var scanned: (stamp: ChangeStamp, user: UserID, app: PhoneAuthenticatorApp?)?
    /// Messages from before the window opened show if they are this recent (a code lives 10 minutes at most).
    static let lookBackSeconds: Int64 = 10 * 60
    private let since: Timestamp
    /// Chosen in the picker; otherwise the owner follows the key's latest sign-in.
    private var chosen: UserID?

    init(bank: Bank, store: any BankBackend, key: SSHIdentity.Key?, authenticator: AuthenticatorService,
         access: GuestAccess) {
        self.bank = bank
        self.store = store
        self.key = key
        self.authenticator = authenticator
        self.access = access
        guests = GuestCustomers(bank: bank, store: store)
        since = bank.clock.now().adding(seconds: -Self.lookBackSeconds)
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// The customer this key used last (its password accepted, or made as a guest); nil: ask.
    func followed() throws -> UserRecord? {
        guard let key else { return nil }
        // From the password on, not from the completed sign-in: the sign-in
        // code is sent between the two, and it is what the window is for.
        var best = try store.lastPasswordAccepted(onDevice: key.deviceName)
        if let guest = try guests.guests(boundTo: key.fingerprint).first, best.map({ guest.createdAt > $0.at }) ?? true,
           let user = try store.user(id: guest.userID) {
            best = (user, guest.createdAt)
        }
        guard let best else { return nil }
        // A guest since expired, or one made by another key, is not followed.
        if let guest = try store.guest(best.user.id),
           guest.keyFingerprint != key.fingerprint || bank.clock.now() >= guest.expiresAt { return nil }
        return best.user
    }

    /// Who the picker offers: the seed's customers and this key's live guests.
    func choices() throws -> [String] {
        let seed = try DemoBank.customers.compactMap { customer in
            try store.user(named: Username(trusted: customer.username)).map { $0.username.rawValue }
        }
        let own = try key.map { try guests.guests(boundTo: $0.fingerprint).map(\.username.rawValue) } ?? []
        return own + seed
    }

    func watch(_ name: String) throws {
        try locked {
            // The state's choice is not trusted: it must be one this connection may see.
            guard try choices().contains(name), let user = try store.user(named: Username(trusted: name)) else {
                throw Refusal(description: "That phone is not one this connection may show.")
            }
            chosen = user.id
        }
    }

    func inbox() throws -> PhoneInbox? {
        try locked {
            let stamp = try store.changeStamp()
            let user: UserRecord?
            if let chosen {
                user = try store.user(id: chosen)
            } else if let following, following.stamp == stamp {
                user = following.user
            } else {
                // Who to follow changes only with a commit (a password accepted, a guest made).
                user = try followed()
                following = (stamp, user)
            }
            guard let user else { return nil }
            // The newest, by time in the query: a number a long demo has sent
            // thousands of messages to still shows its latest code.
            let messages = try store.newestInbox(of: user.phone, after: 0, since: since, limit: DemoSession.shown)
            if scanned?.stamp != stamp || scanned?.user != user.id {
                scanned = (stamp, user.id, try authenticator.scanOntoDemoPhone(of: user.id, access: access))
            }
            return DemoSession.withCode(PhoneInbox(owner: user.username, number: user.phone.masked,
                                                   messages: DemoSession.entries(messages)),
                                        scanned?.app, at: bank.clock.now())
        }
    }

    func install(into client: inout BankingClient) {
        var demo = DemoClient()
        demo.phoneInbox = { [self] in try inbox() }
        demo.watchPhone = { [self] name in try watch(name) }
        client.demo = demo
    }
}

private struct Refusal: Error, CustomStringConvertible {
    let description: String
}
