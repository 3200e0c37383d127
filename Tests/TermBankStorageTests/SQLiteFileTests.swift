import Foundation
import TermBankCore
@testable import TermBankStorage
import XCTest

/// The database file itself: how it is created, configured, migrated and
/// refused, and what happens when the disk or a lock gets in the way.
final class SQLiteFileTests: XCTestCase {
    func testANewFileIsPrivateWALAndMarkedAsTermBanks() throws {
        let bank = try TestBank()
        let attributes = try FileManager.default.attributesOfItem(atPath: bank.store.path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        let db = bank.store.connection
        XCTAssertEqual(try db.query("PRAGMA journal_mode").first?.text(0), "wal")
        XCTAssertEqual(try db.query("PRAGMA synchronous").first?.int(0), 2, "FULL")
        XCTAssertEqual(try db.query("PRAGMA foreign_keys").first?.int(0), 1)
        XCTAssertEqual(try db.query("PRAGMA application_id").first?.int(0), Int64(Schema.applicationID))
        XCTAssertEqual(try db.query("PRAGMA user_version").first?.int(0), Int64(Schema.latestVersion))
        let walMode = try FileManager.default.attributesOfItem(atPath: bank.store.path + "-wal")[.posixPermissions]
        XCTAssertEqual((walMode as? NSNumber)?.intValue, 0o600)
    }

    func testReopeningDoesNotMigrateAgainOrLoseData() throws {
        let bank = try TestBank()
        let reopened = try bank.secondStore()
        XCTAssertEqual(try reopened.listUsers().count, 3)
        XCTAssertEqual(reopened.schemaVersion, Schema.latestVersion)
    }

    /// A session at rest gives back its cached statements and pages; the next
    /// read prepares what it needs again and sees what others wrote meanwhile.
    func testReleasingMemoryAtRestKeepsTheStoreWorking() throws {
        let bank = try TestBank()
        let users = try bank.store.listUsers()
        XCTAssertEqual(users.count, 3)
        bank.store.releaseMemory()
        bank.store.releaseMemory()
        XCTAssertEqual(try bank.store.listUsers(), users)
        let other = try bank.secondStore()
        let alice = try XCTUnwrap(users.first { $0.user.username.rawValue == "alice" }?.user)
        _ = try other.setSMSVerification(!alice.smsVerification, for: alice.id, at: Timestamp(millisecondsSinceEpoch: 1),
                                          context: AuditContext(sessionID: nil, deviceID: "test"))
        bank.store.releaseMemory()
        XCTAssertEqual(try bank.store.user(id: alice.id)?.smsVerification, !alice.smsVerification)
    }

    /// SQLite's page cache takes single pages from the heap, not one bulk of
    /// 20 pages held for the connection's life: what a read cached is freed
    /// when the session is at rest (docs/benchmarks.md, "A lean binary").
    func testThePagesAReadCachedAreFreedWhenTheStoreIsAtRest() throws {
        let bank = try TestBank()
        bank.store.releaseMemory()
        let atRest = SQLiteConnection.pageCacheHeapBytes
        XCTAssertEqual(try bank.store.listUsers().count, 3)
        XCTAssertGreaterThan(SQLiteConnection.pageCacheHeapBytes, atRest, "the read's pages came from the heap one by one")
        bank.store.releaseMemory()
        XCTAssertEqual(SQLiteConnection.pageCacheHeapBytes, atRest)
    }

    /// Opening the bank again in the same process (a second store) looks at
    /// the file and never opens it: closing a descriptor of it would drop the
    /// first store's POSIX locks, and another process closing the file would
    /// then take itself for the last one and delete the -wal and -shm in use
    /// (docs/storage.md). The other process here is the sqlite3 shell.
    func testASecondStoreInTheProcessDropsNoLockSoAnotherProcessLeavesTheLogInUse() throws {
        let bank = try TestBank()
        let alice = try bank.user("alice")
        XCTAssertFalse(alice.smsVerification)
        let second = try bank.secondStore()
        XCTAssertEqual(try second.listUsers().count, 3)

        XCTAssertEqual(try shell(bank.store.path, "SELECT sms_verification FROM users WHERE username = 'alice'"), "0\n")
        XCTAssertTrue(FileManager.default.fileExists(atPath: bank.store.path + "-wal"), "the log in use is still there")
        XCTAssertTrue(FileManager.default.fileExists(atPath: bank.store.path + "-shm"))

        _ = try bank.store.setSMSVerification(true, for: alice.id, at: bank.clock.now(),
                                              context: AuditContext(sessionID: nil, deviceID: "test"))
        XCTAssertEqual(try shell(bank.store.path, "SELECT sms_verification FROM users WHERE username = 'alice'"), "1\n",
                       "what the first store wrote reached the file other processes read")
        XCTAssertEqual(try bank.secondStore().user(id: alice.id)?.smsVerification, true, "no disk I/O error")
    }

    /// The sqlite3 shell's output for one statement: another process on the file.
    private func shell(_ path: String, _ sql: String) throws -> String {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        shell.arguments = [path, sql]
        let output = Pipe()
        shell.standardOutput = output
        try shell.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        shell.waitUntilExit()
        XCTAssertEqual(shell.terminationStatus, 0)
        return text
    }

    func testAFileFromANewerTermBankIsRefused() throws {
        let bank = try TestBank()
        try bank.store.connection.executeScript("PRAGMA user_version = \(Schema.latestVersion + 1)")
        XCTAssertThrowsError(try bank.secondStore()) {
            XCTAssertEqual($0 as? StoreError, .newerSchema(path: bank.store.path, found: Schema.latestVersion + 1,
                                                           supported: Schema.latestVersion))
        }
    }

    func testAFileThatIsNotSQLiteIsRefusedAndLeftAlone() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("notes.txt")
        let content = Data(String(repeating: "shopping list: eggs, milk\n", count: 200).utf8)
        try content.write(to: URL(fileURLWithPath: path))
        XCTAssertThrowsError(try SQLiteBankStore(path: path)) {
            XCTAssertEqual($0 as? StoreError, .notATermBankDatabase(path: path))
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), content)
    }

    func testAnotherApplicationsSQLiteFileIsRefusedAndLeftAlone() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("other.sqlite")
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        let other = try SQLiteConnection(path: path, busyTimeoutMilliseconds: 100)
        try other.executeScript("CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('soup');")
        XCTAssertThrowsError(try SQLiteBankStore(path: path)) {
            XCTAssertEqual($0 as? StoreError, .notATermBankDatabase(path: path))
        }
        XCTAssertEqual(try other.query("SELECT name FROM recipes").first?.text(0), "soup")
        XCTAssertEqual(try other.query("PRAGMA user_version").first?.int(0), 0)
    }

    /// A store opened by a command that only reads a bank (`createsBank`
    /// false): a missing file, or an empty one, is `noBank`, and nothing is
    /// written: no file, no schema, no WAL mode, no `-wal` beside it.
    func testAStoreThatMayNotMakeABankRefusesAMissingOrEmptyFileAndWritesNothing() throws {
        let directory = TemporaryDirectory()
        let readOnly = SQLiteBankStore.Options(createsBank: false)
        let missing = directory.file("typo.sqlite")
        XCTAssertThrowsError(try SQLiteBankStore(path: missing, options: readOnly)) {
            XCTAssertEqual($0 as? StoreError, .noBank(path: missing))
        }
        let inMissingFolder = directory.file("nowhere/bank.sqlite")
        XCTAssertThrowsError(try SQLiteBankStore(path: inMissingFolder, options: readOnly)) {
            XCTAssertEqual($0 as? StoreError, .noBank(path: inMissingFolder))
        }
        let empty = directory.file("empty.sqlite")
        XCTAssertTrue(FileManager.default.createFile(atPath: empty, contents: nil, attributes: [.posixPermissions: 0o600]))
        XCTAssertThrowsError(try SQLiteBankStore(path: empty, options: readOnly)) {
            XCTAssertEqual($0 as? StoreError, .noBank(path: empty))
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), ["empty.sqlite"])
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: empty)[.size] as? Int, 0)

        // Once a bank is there, the same options open it.
        _ = try SQLiteBankStore(path: empty)
        XCTAssertEqual(try SQLiteBankStore(path: empty, options: readOnly).bankKind(), .empty)
    }

    func testAMissingFolderIsNamedNotCreated() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("missing/deeper/bank.sqlite")
        XCTAssertThrowsError(try SQLiteBankStore(path: path)) {
            XCTAssertEqual($0 as? StoreError, .directoryMissing(path: directory.file("missing/deeper")))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.file("missing")))
        // The default location is the exception: its folders are created, private.
        let store = try SQLiteBankStore(path: path, options: .init(createDirectory: true))
        XCTAssertEqual(try store.bankKind(), .empty)
        let mode = try FileManager.default.attributesOfItem(atPath: directory.file("missing/deeper"))[.posixPermissions]
        XCTAssertEqual((mode as? NSNumber)?.intValue, 0o700)
    }

    func testADirectoryInPlaceOfTheFileIsRefused() throws {
        let directory = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.file("bank.sqlite"), withIntermediateDirectories: false)
        XCTAssertThrowsError(try SQLiteBankStore(path: directory.file("bank.sqlite")))
    }

    func testTheDefaultLocationFollowsXDGThenHome() {
        XCTAssertEqual(DatabaseFile.resolve(explicit: "/x/y.sqlite", environment: ["TERMBANK_DB": "/e.sqlite"]).path, "/x/y.sqlite")
        XCTAssertEqual(DatabaseFile.resolve(explicit: nil, environment: ["TERMBANK_DB": "/e.sqlite"]).path, "/e.sqlite")
        XCTAssertEqual(DatabaseFile.resolve(explicit: nil, environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"]).path,
                       "/data/termbank/termbank.sqlite")
        XCTAssertEqual(DatabaseFile.resolve(explicit: nil, environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"]).path,
                       "/home/u/.local/share/termbank/termbank.sqlite")
        XCTAssertTrue(DatabaseFile.resolve(explicit: nil, environment: ["HOME": "/home/u"]).isDefault)
    }

    func testTheAuditTrailCannotBeEditedOrDeleted() throws {
        let bank = try TestBank()
        let db = bank.store.connection
        XCTAssertThrowsError(try db.execute("UPDATE audit SET detail = 'nothing happened'"))
        XCTAssertThrowsError(try db.execute("DELETE FROM audit"))
        XCTAssertGreaterThan(try db.query("SELECT count(*) FROM audit").first?.int(0) ?? 0, 0)
    }

    func testBookedMoneyCannotBeEditedOrDeleted() throws {
        let bank = try TestBank()
        let db = bank.store.connection
        XCTAssertThrowsError(try db.execute("UPDATE transfers SET amount = 1"))
        XCTAssertThrowsError(try db.execute("UPDATE postings SET amount = 1"))
        XCTAssertThrowsError(try db.execute("DELETE FROM postings"))
        XCTAssertThrowsError(try db.execute("DELETE FROM transfers"))
        XCTAssertThrowsError(try db.execute("UPDATE accounts SET balance = -1 WHERE kind = 'checking'"),
                             "the schema itself refuses a negative customer balance")
        XCTAssertEqual(try bank.store.checkInvariants().problems, [])
    }

    func testTheInvariantCheckNoticesTampering() throws {
        let bank = try TestBank()
        // Bypass the store as a buggy or malicious writer would.
        try bank.store.connection.execute("UPDATE accounts SET balance = balance + 1 WHERE kind = 'savings'")
        let check = try bank.store.checkInvariants()
        XCTAssertFalse(check.isConsistent)
        XCTAssertTrue(check.problems.contains { $0.contains("sum to") })
        XCTAssertTrue(check.problems.contains { $0.contains("differs from its postings") })
    }

    func testADiskFullMidTransferChangesNothing() throws {
        let bank = try TestBank()
        let alice = try bank.user("alice")
        let db = bank.store.connection
        // SQLite reports SQLITE_FULL when the file may not grow: the same path as a full disk.
        let pages = try db.query("PRAGMA page_count").first?.int(0) ?? 0
        try db.executeScript("PRAGMA wal_checkpoint(TRUNCATE); PRAGMA max_page_count = \(pages)")
        var failure: Error?
        for index in 0..<5_000 {
            do {
                _ = try bank.bank.transfer(user: alice, from: index % 2 == 0 ? .checking : .savings,
                                           to: index % 2 == 0 ? .savings : .checking, amount: .dollars(1),
                                           clientID: bank.clientID("diskfull-\(index)"), context: .operatorCLI)
            } catch {
                failure = error
                break
            }
        }
        XCTAssertEqual(failure as? StoreError, .diskFull(path: bank.store.path))
        let check = try bank.store.checkInvariants()
        XCTAssertEqual(check.problems, [])
        XCTAssertEqual(check.customerTotal, .dollars(45_000))
        XCTAssertEqual(failure.map { String(describing: $0) }?.contains("full"), true)
    }

    func testALockHeldPastTheTimeoutIsAClearErrorAndChangesNothing() throws {
        let bank = try TestBank()
        let impatient = try bank.secondStore(busyTimeoutMilliseconds: 100)
        let alice = try bank.user("alice")
        try bank.store.connection.executeScript("BEGIN IMMEDIATE")
        defer { try? bank.store.connection.executeScript("ROLLBACK") }
        XCTAssertThrowsError(try impatient.book(
            TransferRequest(clientID: bank.clientID("busy-0001"), kind: .transfer, from: .customer(alice.id, .checking),
                            to: .customer(alice.id, .savings), amount: .dollars(1)),
            at: bank.clock.now(), context: .operatorCLI)) {
            XCTAssertEqual($0 as? StoreError, .busy(path: bank.store.path, waitedMilliseconds: 100))
        }
        XCTAssertEqual(try impatient.checkInvariants().transferCount, 6)
    }

    func testTheSameClientIDFromTwoConnectionsAtOnceBooksOnce() throws {
        let bank = try TestBank()
        let alice = try bank.user("alice")
        let stores = [bank.store, try bank.secondStore(), try bank.secondStore()]
        for round in 0..<20 {
            let request = TransferRequest(clientID: bank.clientID("race-\(round)-x"), kind: .transfer,
                                          from: .customer(alice.id, .savings), to: .customer(alice.id, .checking),
                                          amount: .dollars(10))
            let receipts = ReceiptBox()
            let clock = bank.clock
            DispatchQueue.concurrentPerform(iterations: stores.count) { index in
                receipts.add(Result { try stores[index].book(request, at: clock.now(), context: .operatorCLI) })
            }
            let booked = receipts.all.compactMap { try? $0.get() }
            XCTAssertEqual(booked.count, stores.count, "every caller gets a receipt")
            XCTAssertEqual(booked.filter { !$0.replayed }.count, 1, "exactly one booking")
            XCTAssertEqual(Set(booked.map(\.reference)).count, 1)
        }
        XCTAssertEqual(try bank.store.balances(of: alice.id)[.checking], .dollars(5_200))
        XCTAssertEqual(try bank.store.checkInvariants().problems, [])
    }

    func testTheChangeStampMovesWhenAnyConnectionCommitsAndOnlyThen() throws {
        let bank = try TestBank()
        let other = try bank.secondStore()
        let alice = try bank.user("alice")
        func book(_ store: SQLiteBankStore, _ id: String) throws {
            _ = try store.book(TransferRequest(clientID: bank.clientID(id), kind: .transfer,
                                               from: .customer(alice.id, .savings), to: .customer(alice.id, .checking),
                                               amount: .dollars(1)),
                               at: bank.clock.now(), context: .operatorCLI)
        }
        let start = try bank.store.changeStamp()
        _ = try bank.store.balances(of: alice.id)
        _ = try other.statement(of: alice.id, limit: 50)
        XCTAssertEqual(try bank.store.changeStamp(), start, "reads, here or elsewhere, change nothing")

        try book(other, "stamp-other-1")
        let afterOther = try bank.store.changeStamp()
        XCTAssertNotEqual(afterOther, start, "another connection's commit (another process's, in the app)")
        XCTAssertEqual(try bank.store.changeStamp(), afterOther)

        try book(bank.store, "stamp-own-1")
        let afterOwn = try bank.store.changeStamp()
        XCTAssertNotEqual(afterOwn, afterOther, "this connection's own commit, which data_version does not count")
        XCTAssertEqual(try bank.store.changeStamp(), afterOwn)

        _ = try other.setSMSVerification(true, for: alice.id, at: bank.clock.now(), context: .operatorCLI)
        XCTAssertNotEqual(try bank.store.changeStamp(), afterOwn, "any table, not only the ledger")
    }
}

final class ReceiptBox: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<TransferReceipt, Error>] = []
    func add(_ result: Result<TransferReceipt, Error>) { lock.withLock { results.append(result) } }
    var all: [Result<TransferReceipt, Error>] { lock.withLock { results } }
}
