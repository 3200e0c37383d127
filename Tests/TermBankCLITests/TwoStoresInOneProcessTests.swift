import Foundation
import TermBankCore
import TermBankStorage
import XCTest
@testable import TermBankCLI

/// One process with two connections to one bank file (two stores, two live
/// clients, a test's second store beside a terminal's), with other processes
/// opening and closing the same file as every operator command does.
///
/// POSIX advisory locks belong to the process, and closing ANY descriptor
/// of a file drops every lock the process holds on it
/// (https://www.sqlite.org/howtocorrupt.html, section 2.2). Opening a second
/// store used to open and close the file itself for its checks
/// (`DatabaseFile.prepare`), which dropped the first connection's read lock
/// while SQLite, which counts locks per process, still thought it held it.
/// The next process to close the file then found itself alone, checkpointed
/// and deleted the -wal and -shm under the first connection: what that
/// connection wrote afterwards went to a deleted log (lost to every other
/// process), and the next connection in the process saw "disk I/O error".
final class TwoStoresInOneProcessTests: LiveClientTestCase {
    private func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    private func smsVerification(_ name: String) throws -> String {
        let status = try Termbank.run(["totp", "status", name], database: scratch.database)
        XCTAssertEqual(status.status, 0, status.stderr)
        return status.stdout.split(separator: " ").first { $0.hasPrefix("sms_verification=") }.map(String.init) ?? status.stdout
    }

    func testASecondStoreKeepsTheFirstStoresLockSoAnotherProcessLeavesTheLogAndWhatIsWrittenAfterReachesEveryone() throws {
        let first = try SQLiteBankStore(path: scratch.database, options: .init(createsBank: false))
        let alice = try XCTUnwrap(try first.user(named: Username(trusted: "alice")))
        XCTAssertFalse(alice.smsVerification)
        // In WAL mode the first store now holds a read lock on the file for as long as it is open.
        let second = try SQLiteBankStore(path: scratch.database, options: .init(createsBank: false))
        XCTAssertEqual(try second.listUsers().count, 3)

        // Another process opens the bank and closes it: it must see it is not the last one.
        XCTAssertEqual(try smsVerification("alice"), "sms_verification=off")
        XCTAssertTrue(exists(scratch.database + "-wal"), "the log of connections still open is not deleted")
        XCTAssertTrue(exists(scratch.database + "-shm"))

        _ = try first.setSMSVerification(true, for: alice.id, at: clock.now(),
                                         context: AuditContext(sessionID: nil, deviceID: "test"))
        XCTAssertEqual(try smsVerification("alice"), "sms_verification=on", "another process sees the write")
        XCTAssertEqual(try second.user(id: alice.id)?.smsVerification, true)
        // A third connection in the same process opens and reads without a disk I/O error.
        XCTAssertEqual(try SQLiteBankStore(path: scratch.database, options: .init(createsBank: false))
            .user(id: alice.id)?.smsVerification, true)
    }

    /// The report that found it: two terminals' live clients in one process,
    /// each reading its codes with `termbank phone` (another process).
    func testTwoLiveClientsInOneProcessEachSignInAndWriteWhatOtherProcessesRead() throws {
        let aliceTerminal = try client(.localTerminal(uid: 1000), device: "old-phone")
        let alice = try signIn("alice", aliceTerminal).user
        let bobTerminal = try client(.localTerminal(uid: 1001), device: nil)
        let bob = try signIn("bob", bobTerminal).user   // bob's SMS code, read by another process

        guard case .saved(let saved) = try aliceTerminal.signedIn.turnOnSMSVerification() else { return XCTFail("saved") }
        XCTAssertTrue(saved.smsVerification)
        XCTAssertEqual(try smsVerification("alice"), "sms_verification=on")
        XCTAssertEqual(try bobTerminal.signedIn.loadAccount(bob).user.id, bob.id)
        XCTAssertEqual(try aliceTerminal.signedIn.loadAccount(alice).user.smsVerification, true)
        XCTAssertTrue(exists(scratch.database + "-wal"))
    }
}
