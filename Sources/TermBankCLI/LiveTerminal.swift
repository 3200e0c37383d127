import TermBankSystem
import TermBankCore

/// What the live client's phases share for one terminal: the bank, the
/// store, the phone this terminal acts for, and the one lock that makes each
/// call from the app whole (a phase calls another only while holding it).
final class LiveTerminal: @unchecked Sendable {
    private let lock = Lock()
    let bank: Bank
    let store: any BankBackend
    private(set) var device: Device?
    /// The phones the picker offered (over a password SSH login): no other can be chosen.
    private let pickable: Set<String>
    /// Whose lock-outs the phone shows (at the shared demo, this origin's; `BiometricAuthenticator`).
    let lockout: LockoutScope
    /// This terminal as a waiter on codes: leaving gives up its own wait,
    /// never another terminal's (`VerifyService.release`). Made at the first
    /// code, under the lock: randomness is libsodium, which no start loads
    /// before the first frame (decision 44).
    private(set) lazy var holder: VerificationHolder = .terminal(using: bank.random)

    init(bank: Bank, store: any BankBackend, device: Device?, pickable: Set<String>, lockout: LockoutScope = .perCustomer) {
        self.bank = bank
        self.store = store
        self.device = device
        self.pickable = pickable
        self.lockout = lockout
    }

    func locked<T>(_ body: () throws -> T) rethrows -> T {
        try lock.withLock(body)
    }

    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    /// The device as the database has it now (its biometry may have changed),
    /// with the lock-outs this terminal counts in.
    func freshDevice() throws -> Device {
        guard let device, let fresh = try store.device(id: device.id, scope: lockout) else {
            throw Problem(description: "No simulated device is selected.")
        }
        return fresh
    }

    func selectDevice(_ name: String) throws {
        try locked {
            // Only a phone the picker offered: never an SSH key's own phone.
            guard pickable.contains(name), let chosen = try store.device(named: name) else {
                throw Problem(description: "No device named \(name).")
            }
            device = chosen
        }
    }

    func audit(_ kind: AuditEventKind, _ user: UserRecord?, _ detail: String, context: AuditContext) {
        try? store.append(AuditEvent(at: bank.clock.now(), kind: kind, username: user?.username, userID: user?.id,
                                     context: context, detail: detail))
    }
}
