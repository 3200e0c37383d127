import TermBankApp
import TermBankCore
import TermBankSystem
import XCTest
@testable import TermBankCLI

/// `termbank demo watch` reads the bank at most once a second, and sooner
/// only when the bank changed: the view asks at every tick, the desk answers
/// from its last read while the change stamp stands and less than
/// `PresenterPolicy.readIntervalSeconds` has passed. An unlock reads anew.
final class PresenterDeskTests: XCTestCase {
    final class Bank: @unchecked Sendable {
        let lock = Lock()
        var stamp = ChangeStamp([1])
        var now = Timestamp(secondsSinceEpoch: 1_796_000_000)
        var reads = 0
        var unlocked: [String] = []
    }

    func desk(_ bank: Bank) -> PresenterDesk {
        PresenterDesk(stamp: { bank.lock.withLock { bank.stamp } }, now: { bank.lock.withLock { bank.now } },
                      read: {
                          bank.lock.withLock {
                              bank.reads += 1
                              return PresenterSnapshot(at: bank.now, stakeholders: [], connected: bank.reads, finished: 0,
                                                       moneyMoved: .zero)
                          }
                      },
                      unlock: { id in bank.lock.withLock { bank.unlocked.append(id) }; return true })
    }

    func testTheBankIsReadAgainOnlyWhenItChangedOrASecondPassed() throws {
        let bank = Bank()
        let desk = desk(bank)
        XCTAssertEqual(try desk.snapshot().connected, 1)
        bank.now = bank.now.adding(milliseconds: 400)
        XCTAssertEqual(try desk.snapshot().connected, 1, "nothing changed within the second: the last read")
        bank.stamp = ChangeStamp([2])
        XCTAssertEqual(try desk.snapshot().connected, 2, "the bank changed: read again at once")
        bank.now = bank.now.adding(milliseconds: 999)
        XCTAssertEqual(try desk.snapshot().connected, 2)
        bank.now = bank.now.adding(milliseconds: 1)
        XCTAssertEqual(try desk.snapshot().connected, 3, "a second passed: the minutes on one screen grow without a write")
        XCTAssertEqual(bank.reads, 3)
    }

    func testAnUnlockIsPassedOnWithTheStakeholderAndTheNextSnapshotReadsAnew() throws {
        let bank = Bank()
        let desk = desk(bank)
        var client = BankingClient(now: { bank.now })
        desk.install(into: &client)
        let presenter = try XCTUnwrap(client.presenter)
        XCTAssertEqual(try presenter.snapshot().connected, 1)
        XCTAssertTrue(try presenter.unlock("t-locked"))
        XCTAssertEqual(bank.unlocked, ["t-locked"])
        XCTAssertEqual(try presenter.snapshot().connected, 2, "read again after the unlock, the stamp unchanged")
    }

    func testTheUnlockIsAuditedAsThePresenter() {
        XCTAssertEqual(PresenterDesk.audit, AuditContext(sessionID: nil, deviceID: "presenter"))
    }
}
