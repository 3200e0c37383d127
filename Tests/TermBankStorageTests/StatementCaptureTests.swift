import TermBankCore
import TermBankStorage
import XCTest

/// Capturing statements writes bound values out in full, secrets included,
/// so it exists for the benchmark's demo bank only and only while asked.
final class StatementCaptureTests: XCTestCase {
    func testARealBanksStatementsAreNeverCaptured() throws {
        let test = try TestBank(demo: false)
        try test.store.reset(to: .custom, users: [], devices: [], at: test.clock.now(), context: .operatorCLI)
        var ran = false
        XCTAssertThrowsError(try test.store.capturingStatements { ran = true }) {
            XCTAssertTrue($0 is SQLiteBankStore.StatementCaptureRefused, "\($0)")
        }
        XCTAssertFalse(ran, "nothing runs under a refused capture")
        let empty = try TestBank(demo: false)
        XCTAssertThrowsError(try empty.store.capturingStatements {}, "an empty file is no demo bank either")
    }

    func testTheDemoBanksStatementsAreCapturedAsSQLiteRanThem() throws {
        let test = try TestBank()
        let bob = try test.user("bob")
        let captured = try test.store.capturingStatements {
            _ = try test.bank.transfer(user: bob, from: .savings, to: .checking, amount: .dollars(2),
                                       clientID: test.clientID("capture-1"), context: .operatorCLI)
        }
        XCTAssertEqual(captured.first, "BEGIN IMMEDIATE")
        XCTAssertEqual(captured.last, "COMMIT")
        XCTAssertTrue(captured.contains { $0.contains("'capture-1'") }, "values are written in: \(captured)")
        XCTAssertFalse(captured.contains { $0.hasPrefix("--") }, "a trigger's inner statements are not replayed")
        XCTAssertEqual(try test.store.capturingStatements {}, [], "the capture's own checks are not in it")
    }
}
