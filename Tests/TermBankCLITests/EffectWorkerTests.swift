import Glibc
import TermBankApp
import TermBankCore
import TermBankSystem
import XCTest
@testable import TermBankCLI

/// The worker that performs effects off the run loop: one at a time, in the
/// order asked, each result waking the loop; behind a slow effect, the
/// clock's repeated checks wait once, not once per tick.
final class EffectWorkerTests: XCTestCase {
    /// Waits in `poll` on the wake-up descriptor, as the loop does, until `count` results have come.
    func results(_ worker: EffectWorker, count: Int, file: StaticString = #filePath, line: UInt = #line) -> [Action] {
        var taken: [Action] = []
        var polls = 0
        while taken.count < count && polls < 600 {
            var fd = pollfd(fd: worker.wakeDescriptor, events: Int16(POLLIN), revents: 0)
            // 600 polls of 100 ms: a hang guard, not a measure of speed.
            _ = poll(&fd, 1, 100)
            taken += worker.takeFinished()
            polls += 1
        }
        XCTAssertEqual(taken.count, count, "results that came", file: file, line: line)
        return taken
    }

    func testRepliesComeBackInTheOrderTheReducerAskedForThem() {
        let performed = Recorder<Effect>()
        let worker = EffectWorker { effect in
            performed.record(effect)
            return [.sessionEnded(.session(.recoveryCodesLeft(performed.values.count)))]
        }
        worker.submit(.security(.loadSecurity))
        worker.submit(.security(.trustDevice))
        worker.submit(.demo(.createGuest(.english)))
        XCTAssertEqual(results(worker, count: 3), (1...3).map { .sessionEnded(.session(.recoveryCodesLeft($0))) })
        XCTAssertEqual(performed.values, [.security(.loadSecurity), .security(.trustDevice), .demo(.createGuest(.english))])
        worker.finish(keeping: { _ in false }, cancel: {})
    }

    /// Decision 94: the password hash (argon2id) runs on the worker and must
    /// not hold back other sessions' keys and frames, drawn on their loops'
    /// threads. The worker runs below the thread that made it, each new
    /// thread again after an idle end; the loop's thread keeps its priority.
    func testEffectsRunBelowTheLoopsPrioritySoHashesWaitForKeys() {
        let loop = Threads.priority
        let seen = Recorder<Int32>()
        let worker = EffectWorker(idleEndMilliseconds: 20) { _ in
            seen.record(Threads.priority)
            return [.sessionEnded(.session(.recoveryCodesLeft(1)))]
        }
        worker.submit(.security(.loadSecurity))
        _ = results(worker, count: 1)
        XCTAssertTrue(waitUntil { !worker.isThreadRunning }, "the thread ended, idle")
        worker.submit(.security(.trustDevice))
        _ = results(worker, count: 1)
        worker.finish(keeping: { _ in false }, cancel: {})
        let expected = min(19, loop + EffectWorker.niceSteps)
        XCTAssertEqual(seen.values, [expected, expected], "both threads, the second started after the first ended")
        XCTAssertEqual(Threads.priority, loop, "the loop's thread is unchanged")
    }

    /// A thread's malloc cache and stack go back only when it ends: the
    /// worker's thread ends when idle, and the next effect starts another.
    func testTheThreadEndsWhenIdleAndTheNextEffectStartsAnother() {
        let worker = EffectWorker(idleEndMilliseconds: 20) { effect in
            [.sessionEnded(.session(.recoveryCodesLeft(effect == .security(.loadSecurity) ? 1 : 2)))]
        }
        XCTAssertFalse(worker.isThreadRunning, "no thread before the first effect")
        worker.submit(.security(.loadSecurity))
        XCTAssertTrue(worker.isThreadRunning)
        XCTAssertEqual(results(worker, count: 1), [.sessionEnded(.session(.recoveryCodesLeft(1)))])
        XCTAssertTrue(waitUntil { !worker.isThreadRunning }, "the thread ended, idle")
        XCTAssertTrue(worker.isIdle)
        worker.submit(.security(.trustDevice))
        XCTAssertEqual(results(worker, count: 1), [.sessionEnded(.session(.recoveryCodesLeft(2)))])
        XCTAssertTrue(waitUntil { !worker.isThreadRunning })
        worker.finish(keeping: { _ in true }, cancel: {})
        XCTAssertTrue(worker.isIdle)
        XCTAssertFalse(worker.isThreadRunning)
    }

    /// Finishing while the thread has ended still runs a sign-out asked for just before.
    func testASignOutAskedForAfterTheThreadEndedStillReachesTheBank() {
        let performed = Recorder<Effect>()
        let worker = EffectWorker(idleEndMilliseconds: 20) { effect in
            performed.record(effect)
            return []
        }
        worker.submit(.checkSession)
        XCTAssertTrue(waitUntil { !worker.isThreadRunning && worker.isIdle })
        worker.submit(.signOut(.signedOut))
        worker.finish(keeping: { if case .signOut = $0 { return true } else { return false } }, cancel: {})
        XCTAssertEqual(performed.values, [.checkSession, .signOut(.signedOut)])
    }

    /// Polls `condition` every 10 ms for up to 60 s: a hang guard, not a measure of speed.
    func waitUntil(_ condition: () -> Bool) -> Bool {
        for _ in 0..<6000 {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }

    func testTicksBehindASlowSMSQueueOneSessionCheckNotOnePerSecond() throws {
        let gate = Gate()
        let performed = Recorder<Effect>()
        let worker = EffectWorker { effect in
            if effect == .secondFactor(.sendSignInCode) { gate.pass() }
            performed.record(effect)
            return effect == .secondFactor(.sendSignInCode) ? [.secondFactor(.codeSent(.failure(.session(.somethingWentWrong))))] : []
        }
        worker.submit(.secondFactor(.sendSignInCode))
        try gate.waitForArrival()
        // Three seconds of ticks while the SMS command runs.
        for _ in 0..<3 {
            worker.submit(.checkSession)
            worker.submit(.demo(.loadPhone))
        }
        worker.submit(.touchSession)
        worker.submit(.touchSession)
        gate.open()
        XCTAssertEqual(results(worker, count: 1), [.secondFactor(.codeSent(.failure(.session(.somethingWentWrong))))])
        worker.finish(keeping: { _ in true }, cancel: {})
        XCTAssertEqual(performed.values, [.secondFactor(.sendSignInCode), .checkSession, .demo(.loadPhone), .touchSession])
    }

    /// Leaving the statement cancels its refresh (docs/decisions/0085): the
    /// window being read finishes but is not reduced, the refresh waiting
    /// never runs, and the other effects are untouched.
    func testCancellingTheRefreshDropsTheRunningOnesReplyAndTheOnesWaiting() throws {
        let gate = Gate()
        let performed = Recorder<Effect>()
        let window = Effect.banking(.loadStatement(StatementRequest(pageSize: 10)))
        let worker = EffectWorker { effect in
            if effect == window { gate.pass() }
            performed.record(effect)
            return [.sessionEnded(.session(.recoveryCodesLeft(performed.values.count)))]
        }
        worker.submit(window)
        try gate.waitForArrival()
        worker.submit(.banking(.loadAccount(AppRuntimeTests.bob)))
        worker.submit(.checkSession)
        worker.cancel(.statementRefresh)
        gate.open()
        XCTAssertEqual(results(worker, count: 1), [.sessionEnded(.session(.recoveryCodesLeft(2)))], "the session check's")
        worker.finish(keeping: { _ in true }, cancel: {})
        XCTAssertEqual(worker.takeFinished(), [], "the window's reply was dropped")
        XCTAssertEqual(performed.values, [window, .checkSession], "the waiting refresh never ran")
    }

    /// A cancellation leaves effects of another id, and those asked for after it, alone.
    func testACancellationDropsOnlyItsOwnIdAndOnlyWhatWasAskedBefore() throws {
        let gate = Gate()
        let performed = Recorder<Effect>()
        let worker = EffectWorker { effect in
            if effect == .security(.loadSecurity) { gate.pass() }
            performed.record(effect)
            return []
        }
        worker.submit(.security(.loadSecurity))
        try gate.waitForArrival()
        worker.submit(.demo(.loadPhone))
        worker.submit(.banking(.loadAccount(AppRuntimeTests.bob)))
        worker.cancel(.statementRefresh)
        worker.submit(.banking(.loadAccount(AppRuntimeTests.bob)))
        gate.open()
        worker.finish(keeping: { _ in true }, cancel: {})
        XCTAssertEqual(performed.values, [.security(.loadSecurity), .demo(.loadPhone), .banking(.loadAccount(AppRuntimeTests.bob))])
    }

    func testFinishingDropsWhatHasNotStartedButASignOutAndStopsWhatRuns() throws {
        let gate = Gate()
        let performed = Recorder<Effect>()
        let cancelled = Recorder<Bool>()
        let worker = EffectWorker { effect in
            if effect == .secondFactor(.sendSignInCode) { gate.pass() }
            performed.record(effect)
            return []
        }
        worker.submit(.secondFactor(.sendSignInCode))
        try gate.waitForArrival()
        worker.submit(.security(.loadSecurity))
        worker.submit(.signOut(.signedOut))
        worker.submit(.checkSession)
        worker.finish(keeping: { if case .signOut = $0 { return true } else { return false } },
                      cancel: { cancelled.record(true); gate.open() })
        XCTAssertEqual(cancelled.values, [true])
        XCTAssertEqual(performed.values, [.secondFactor(.sendSignInCode), .signOut(.signedOut)])
        XCTAssertTrue(worker.isIdle)
        worker.submit(.security(.loadSecurity))
        XCTAssertTrue(worker.isIdle, "nothing is taken once finished")
    }
}
