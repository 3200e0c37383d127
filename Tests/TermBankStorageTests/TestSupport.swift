import Foundation
import TermBankCore
import TermBankSecurity
import TermBankStorage
import XCTest

/// A fresh folder under the system's temporary directory, removed afterwards.
final class TemporaryDirectory {
    let path: String

    init() {
        path = try! ScratchFolder.make("termbank-test")
    }

    func file(_ name: String) -> String { path + "/" + name }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// A demo bank on a real SQLite file, with a driven clock and seeded randomness.
struct TestBank {
    let directory: TemporaryDirectory
    let store: SQLiteBankStore
    let bank: Bank
    let clock: DrivenClock

    static let blocklist = CommonPasswordBlocklist()

    init(demo: Bool = true, directory: TemporaryDirectory = TemporaryDirectory(), file: String = "bank.sqlite",
         clock: DrivenClock = DrivenClock()) throws {
        self.directory = directory
        self.clock = clock
        store = try SQLiteBankStore(path: directory.file(file))
        bank = Bank(store: store, hasher: Argon2idHasher(), blocklist: TestBank.blocklist, clock: clock,
                    random: SeededRandomSource(seed: 42))
        if demo {
            try DemoBank.reset(bank, context: .operatorCLI)
        }
    }

    /// Another connection to the same file, as another process would have.
    func secondStore(busyTimeoutMilliseconds: Int = 5_000) throws -> SQLiteBankStore {
        try SQLiteBankStore(path: store.path, options: .init(busyTimeoutMilliseconds: busyTimeoutMilliseconds))
    }

    func user(_ name: String) throws -> UserRecord {
        try XCTUnwrap(store.user(named: Username(trusted: name)))
    }

    func clientID(_ text: String) -> TransferClientID { TransferClientID(trusted: text) }
}

extension Money {
    static func dollars(_ units: Int64, _ cents: Int64 = 0) -> Money { Money(units: units, cents: cents) }
}

/// Captures what would have gone to the phone, and can be told to fail.
final class RecordingGateway: SMSGateway, @unchecked Sendable {
    private let lock = NSLock()
    private var sent: [OutgoingMessage] = []
    private var failing = false

    func deliver(_ message: OutgoingMessage) throws {
        try lock.withLock {
            if failing { throw DeliveryFailure(reason: "the SMS command failed (exit status 1)") }
            sent.append(message)
        }
    }

    var messages: [OutgoingMessage] { lock.withLock { sent } }
    var last: OutgoingMessage? { messages.last }
    func fail(_ value: Bool) { lock.withLock { failing = value } }

    /// The digits of the code in the last message ("1, 2, 3" in a voice call reads as "123").
    var lastCode: String {
        guard let text = last?.text else { return "" }
        let afterIs = text.components(separatedBy: " is ").dropFirst().first ?? text.components(separatedBy: "code ").dropFirst().first ?? ""
        return String(afterIs.prefix { $0.isNumber || $0 == "," || $0 == " " }.filter(\.isNumber))
    }
}

extension TestBank {
    var authenticator: BiometricAuthenticator {
        BiometricAuthenticator(store: store, hasher: bank.hasher, clock: clock)
    }

    var settings: BiometricSettings { BiometricSettings(store: store, audit: store, clock: clock) }

    func verify(_ gateway: RecordingGateway, configuration: VerifyConfiguration = .standard,
                store: SQLiteBankStore? = nil, scope: LockoutScope = .perCustomer) -> VerifyService {
        VerifyService(store: store ?? self.store, gateway: gateway, hasher: Blake2bCodeHasher(),
                      random: bank.random, clock: clock, configuration: configuration, scope: scope)
    }

    var sessions: SessionService { SessionService(store: store, audit: store, clock: clock, random: bank.random) }

    var flow: SignInFlow { flow(trusting: nil) }

    /// `guests`: who may sign in as a demo guest (`.demo(origin)` as `--demo` wires it; no one by default).
    func flow(trusting trusted: TrustedDeviceService?, guests: GuestAccess = .none) -> SignInFlow {
        SignInFlow(password: PasswordSignIn(store: store, hasher: bank.hasher, clock: clock, guests: guests),
                   settings: settings,
                   secondFactors: store, trustedDevices: trusted, clock: clock)
    }

    func device(_ name: String) throws -> Device { try XCTUnwrap(store.device(named: name)) }
}

// MARK: Second factors

extension TestBank {
    var keyFile: String { SecretBoxSealer.keyFile(besideDatabase: store.path) }

    var recovery: RecoveryCodeService {
        RecoveryCodeService(store: store, hasher: bank.hasher, random: bank.random, clock: clock)
    }

    /// The authenticator service on this bank, or on another connection to its file.
    func authenticator(on other: SQLiteBankStore? = nil, scope: LockoutScope = .perCustomer) -> AuthenticatorService {
        let target = other ?? store
        return AuthenticatorService(store: target, sealer: SecretBoxSealer(keyFilePath: keyFile), hmac: OpenSSLHMACSHA1(),
                                    hasher: Blake2bCodeHasher(),
                                    recovery: RecoveryCodeService(store: target, hasher: bank.hasher, random: bank.random,
                                                                  clock: clock, scope: scope),
                                    random: bank.random, clock: clock, scope: scope)
    }

    func security(_ phone: RecordingGateway, on other: SQLiteBankStore? = nil) -> SecuritySettings {
        let target = other ?? store
        let service = authenticator(on: target)
        return SecuritySettings(store: target, passwords: PasswordSignIn(store: target, hasher: bank.hasher, clock: clock),
                                authenticator: service, recovery: service.recovery, verify: verify(phone, store: target),
                                clock: clock)
    }

    /// The trusted devices of a terminal that holds its device (a local OS account, unless told otherwise).
    func trustedDevices(keychain directory: String, on other: SQLiteBankStore? = nil,
                        binding: DeviceBinding = .localTerminal(uid: 1000)) -> TrustedDeviceService {
        TrustedDeviceService(store: other ?? store, keychain: FileDeviceKeychain(directory: directory),
                             digester: Blake2bCodeHasher(), random: bank.random, clock: clock, binding: binding)
    }

    func knownSignIns(_ binding: DeviceBinding, on other: SQLiteBankStore? = nil) -> KnownDeviceSignIns {
        KnownDeviceSignIns(store: other ?? store, clock: clock, binding: binding)
    }

    /// Sets up the authenticator for a demo user as a person would: the
    /// password, the QR's secret into the app, the app's first code.
    func enrolAuthenticator(_ name: String, phone: RecordingGateway = RecordingGateway())
        throws -> (app: AuthenticatorApp, recoveryCodes: [Secret]) {
        let user = try self.user(name)
        let password = DemoBank.customers.first { $0.username == name }!.password
        let enrolment = try security(phone).beginAuthenticatorEnrolment(
            for: user, password: Secret(password), confirmation: try setUpCode(for: user, phone: phone),
            context: .operatorCLI)
        let app = try AuthenticatorApp(enrolment)
        guard case .activated(let codes, _) = try security(phone).finishAuthenticatorEnrolment(
            for: user, code: app.code(at: clock.now()), context: .operatorCLI) else {
            XCTFail("not activated")
            throw TestFailure("unreachable")
        }
        return (app, codes)
    }

    /// The SMS code a first authenticator set-up needs, as the user's phone received it.
    func setUpCode(for user: UserRecord, phone: RecordingGateway) throws -> SecondFactorCode {
        let ticket = try security(phone).sendConfirmationCode(for: user, change: .setUpAuthenticator,
                                                              context: .operatorCLI)
        return .sms(ticket.id, phone.lastCode)
    }

    func password(_ name: String) -> Secret { Secret(DemoBank.customers.first { $0.username == name }!.password) }

    /// Every byte of the database file and its WAL, for scanning for secrets.
    /// Read by another process (`cat`): closing a descriptor of the file in
    /// this one would drop the open store's locks (docs/storage.md).
    func fileBytes() throws -> [UInt8] {
        let cat = Process()
        cat.executableURL = URL(fileURLWithPath: "/bin/cat")
        cat.arguments = [store.path] + (FileManager.default.fileExists(atPath: store.path + "-wal") ? [store.path + "-wal"] : [])
        let output = Pipe()
        cat.standardOutput = output
        try cat.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        cat.waitUntilExit()
        XCTAssertEqual(cat.terminationStatus, 0)
        return [UInt8](bytes)
    }
}

/// The phone's authenticator app: computes codes from the secret the
/// enrolment showed (as the user typed it, grouped), never from the bank.
struct AuthenticatorApp {
    let secret: [UInt8]
    let totp = TOTP(hmac: OpenSSLHMACSHA1())

    init(secret: [UInt8]) { self.secret = secret }

    init(_ enrolment: AuthenticatorEnrolment) throws {
        secret = try XCTUnwrap(Base32.decode(enrolment.groupedSecret.exposedValue))
        XCTAssertEqual(secret.count, 20)
    }

    func code(at time: Timestamp, steps offset: Int64 = 0) -> String {
        totp.code(secret: secret, step: TOTP.step(at: time) + offset)
    }
}

extension [UInt8] {
    func contains(_ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return false }
        return Data(self).range(of: Data(needle)) != nil
    }
}

/// A value behind a lock, for collecting results from concurrent work.
final class Mutexed<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func withLock<T>(_ body: (inout Value) -> T) -> T { lock.withLock { body(&value) } }
}

/// Thrown to end a test whose precondition failed; XCTest records it as a failure (never a skip).
struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
