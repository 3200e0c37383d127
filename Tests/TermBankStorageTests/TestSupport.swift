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
