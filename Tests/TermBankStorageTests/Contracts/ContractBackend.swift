import TermBankCore

/// One backend, seen only through the protocols the core owns: every store
/// contract takes its stores from here, so a new backend (PostgreSQL) runs
/// all of them unchanged by giving one factory, as `SQLiteContractBackend` does.
struct ContractBackend {
    /// A fresh demo bank (alice, bob, carol with 5,000.00 / 10,000.00; the demo devices) on its own clock.
    let bank: Bank
    let clock: DrivenClock
    let devices: DeviceStore
    let sessions: SessionStore
    let verifications: VerificationStore
    let secondFactors: SecondFactorStore
    let knownSignIns: KnownSignInStore
    let phoneInbox: PhoneInboxStore
    let guests: GuestStore
    let story: StoryStore
    let operatorStore: OperatorStore
    let presence: DemoTerminalStore
    /// Every protocol at once, for what the core takes whole (the presenter's desk).
    let all: any BankBackend
    /// Whatever must live as long as the stores (a temporary folder, a connection).
    let resources: AnyObject?

    var store: BankStore { bank.store }
}

/// Makes a fresh backend for each contract check.
typealias MakeContractBackend = () throws -> ContractBackend

/// The contracts' small vocabulary.
extension ContractBackend {
    func user(_ name: String) throws -> UserRecord {
        guard let user = try store.user(named: Username(trusted: name)) else { throw ContractFailure("no user \(name)") }
        return user
    }

    func device(_ name: String) throws -> Device {
        guard let device = try devices.device(named: name) else { throw ContractFailure("no device \(name)") }
        return device
    }
}

struct ContractFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// What a contract's body throws to see that nothing it did is kept.
struct RolledBack: Error {}
