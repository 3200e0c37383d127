import TermBankApp
import TermBankCore
import TermBankSystem
import TermBankTestKit
import XCTest
@testable import TermBankCLI

/// The run loop told to end from outside, headless: the real `AppRuntime`
/// and worker, a `HeadlessTerminal` that reports what the painter reports
/// after SIGHUP, SIGTERM or SIGINT. The session (or the sign-in under way)
/// ends at the bank with the reason, after the effect in progress, never
/// beside it; effects not started are dropped. The tmux tests
/// (HangUpEndToEndTests.swift) send the real signals to the real binary.
extension AppRuntimeTests {
    /// Starts the loop on a thread of its own; `finished` opens when `run` returns, with its status in `status`.
    func startRecordingStatus(_ client: BankingClient, _ terminal: HeadlessTerminal, finished: Gate, status: Recorder<ExitCode>,
               cancelRunning: @escaping () -> Void = {}) {
        var runtime = AppRuntime(client: client, terminal: terminal)
        runtime.tickMilliseconds = 3_600_000
        runtime.cancelRunning = cancelRunning
        let state = AppState(size: terminal.size, now: AppRuntimeTests.now, deviceName: "iphone")
        Threads.detach {
            status.record(runtime.run(state))
            finished.open()
        }
    }

    /// A hang-up while the sign-in code is being sent: the send is stopped
    /// (no code is owed to a sign-in that is ending), and the sign-in is
    /// abandoned at the bank as connection-closed, after the send, not beside it.
    func testAHangUpWhileTheCodeIsSentStopsTheSendAndEndsTheSignInAsConnectionClosed() throws {
        let gate = Gate(), finished = Gate(), bank = Recorder<String>(), status = Recorder<ExitCode>()
        let cancelled = Recorder<Bool>()
        let terminal = HeadlessTerminal()
        startRecordingStatus(slowSMSBank(gate, bank: bank), terminal, finished: finished, status: status,
              cancelRunning: { cancelled.record(true); gate.open() })
        try terminal.waitForFrame(showing: "Sign in to TermBank")
        try terminal.signIn(.bob, until: .sitekeyAccepted)
        // The busy frame is painted after the send is queued, perhaps after the
        // worker reached the bank: wait for both before counting frames.
        try terminal.waitForFrame(showing: "Sending a code to your phone…")
        try gate.waitForArrival()
        let paintedBefore = terminal.frames.count

        terminal.end(.hangUp)
        _ = try terminal.waitFor(finished)
        XCTAssertTrue(terminal.released, "the terminal was given back")
        XCTAssertEqual(cancelled.values, [true], "the send still running was asked to stop")
        XCTAssertEqual(bank.values, ["code sent", "signed out: connectionClosed"])
        XCTAssertEqual(status.values, [.hangUp], "exit 129, as a shell reports SIGHUP")
        XCTAssertEqual(terminal.frames.count, paintedBefore, "nothing is painted to a terminal that has gone")
    }

    /// SIGTERM while the bank checks the code (an effect that cannot be
    /// stopped halfway, as a transfer's booking cannot): the loop waits for it
    /// to finish whole, and only then ends the session, as terminated. A
    /// transfer is booked in one transaction, so waiting means it is booked
    /// whole or not at all, never half, and never twice.
    func testSIGTERMWaitsForTheEffectInProgressThenSignsOutAsTerminated() throws {
        let sendGate = Gate(), checkGate = Gate(), finished = Gate()
        let bank = Recorder<String>(), status = Recorder<ExitCode>()
        let terminal = HeadlessTerminal()
        var client = slowSMSBank(sendGate, bank: bank)
        client.signingIn.checkSignInCode = { _, code in
            checkGate.pass()
            bank.record("code checked: \(code)")
            return .wrong(attemptsLeft: 2)
        }
        sendGate.open()
        startRecordingStatus(client, terminal, finished: finished, status: status)
        try terminal.waitForFrame(showing: "Sign in to TermBank")
        try terminal.signIn(.bob, until: .sitekeyAccepted)
        try terminal.waitForFrame(showing: "Verify it's you")
        terminal.type("123456")
        // Enter submits, if the sixth digit did not already (a busy screen ignores it).
        terminal.press(.enter)
        try checkGate.waitForArrival()

        terminal.end(.terminate)
        try terminal.waitUntilReleased()
        // The check still runs at the bank: the loop has not returned, and nothing else reached the bank.
        XCTAssertFalse(finished.opened, "the exit waits for the effect in progress")
        XCTAssertEqual(bank.values, ["code sent"])

        checkGate.open()
        _ = try terminal.waitFor(finished)
        XCTAssertEqual(bank.values, ["code sent", "code checked: 123456", "signed out: terminated"],
                       "the effect finished whole, then the sign-out")
        XCTAssertEqual(status.values, [.terminated], "exit 143, as a shell reports SIGTERM")
    }

    /// SIGINT sent to the process (not Ctrl-C, which is a key) at the sign-in
    /// form, with nothing under way: the loop ends at once with 130; the
    /// sign-out it sends finds nothing to end at the bank.
    func testSIGINTAtTheSignInFormEndsTheLoopWith130() throws {
        let finished = Gate(), bank = Recorder<String>(), status = Recorder<ExitCode>()
        let terminal = HeadlessTerminal()
        startRecordingStatus(slowSMSBank(Gate(), bank: bank), terminal, finished: finished, status: status)
        try terminal.waitForFrame(showing: "Sign in to TermBank")
        terminal.end(.interrupt)
        _ = try terminal.waitFor(finished)
        XCTAssertEqual(status.values, [.interrupted])
        XCTAssertEqual(bank.values, ["signed out: terminated"])
    }
}
