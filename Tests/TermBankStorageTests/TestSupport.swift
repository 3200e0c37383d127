import Foundation
import TermBankCore
import TermBankSecurity
import TermBankStorage
import XCTest

/// A fresh folder under the system's temporary directory, removed afterwards.
final class TemporaryDirectory {
    let path: String

    init() {
        path = FileManager.default.temporaryDirectory
            .appendingPathComponent("termbank-test-\(UUID().uuidString)").path
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
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
                store: SQLiteBankStore? = nil) -> VerifyService {
        VerifyService(store: store ?? self.store, gateway: gateway, hasher: Blake2bCodeHasher(),
                      random: bank.random, clock: clock, configuration: configuration)
    }

    var sessions: SessionService { SessionService(store: store, audit: store, clock: clock, random: bank.random) }

    var flow: SignInFlow {
        SignInFlow(password: PasswordSignIn(store: store, hasher: bank.hasher, clock: clock), settings: settings,
                   clock: clock)
    }

    func device(_ name: String) throws -> Device { try XCTUnwrap(store.device(named: name)) }
}
