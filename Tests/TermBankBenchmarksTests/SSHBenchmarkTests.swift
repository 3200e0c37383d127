import Foundation
import XCTest
@testable import TermBankBenchmarks

/// `termbank bench ssh`'s own pieces. The benchmark itself needs root, sshd and
/// the demo account (scripts/bench-ssh sets them up), so it is run, not tested.
final class SSHBenchmarkTests: XCTestCase {
    func testTheTransferCodeIsReadFromThePhonesMessage() {
        let line = "[2026-11-30T07:25:00Z] SMS to +15552000001: TermBank: code 042917 approves moving $1.00 from Checking "
            + "to Savings. It expires in 5 minutes. Never share this code with anyone, not even TermBank staff."
        XCTAssertEqual(SSHBenchmark.transferCode(in: line), "042917", "leading zeros are digits of the code")
        XCTAssertNil(SSHBenchmark.transferCode(in: "No messages for bench001 (+15552000001)."))
        XCTAssertNil(SSHBenchmark.transferCode(in: "code 12"))
    }

    func testTheChecksTotalsAreReadAsCents() {
        XCTAssertEqual(DemoOperator.cents("45,100.00"), 4_510_000)
        XCTAssertEqual(DemoOperator.cents("0.00"), 0)
        XCTAssertEqual(DemoOperator.cents("-1,250.05"), -125_005)
        XCTAssertNil(DemoOperator.cents("12"))
        XCTAssertNil(DemoOperator.cents("1.5"))
    }

    func testPercentilesAreNearestRank() {
        let values = (1...200).map(UInt64.init)
        XCTAssertEqual(SSHBenchmark.percentile(values, 0.5), 100)
        XCTAssertEqual(SSHBenchmark.percentile(values, 0.99), 198)
        XCTAssertEqual(SSHBenchmark.percentile([7], 0.99), 7)
        XCTAssertEqual(SSHBenchmark.percentile([], 0.5), 0)
    }

    func testServerProcessesAreReadFromProc() throws {
        // This test process stands in for the demo account's processes: its uid, not a termbank.
        let snapshot = ServerProcesses.snapshot(account: "termbank-demo", uid: getuid())
        let me = try XCTUnwrap(snapshot[getpid()])
        XCTAssertEqual(me.group, .other)
        XCTAssertNotNil(me.nanoseconds, "/proc/PID/schedstat")
        XCTAssertGreaterThan(me.nanoseconds ?? 0, 0)
        XCTAssertGreaterThan(ServerProcesses.ownCPUNanoseconds(), 0)
    }
}
