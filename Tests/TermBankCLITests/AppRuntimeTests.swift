import TermBankApp
import TermBankCore
import TermBankSystem
import TermBankTestKit
import XCTest
@testable import TermBankCLI

/// The run loop itself, headless: the real `AppRuntime` and its effect
/// worker, a `HeadlessTerminal` for the screen, and a bank whose sign-in code
/// takes as long as the test wants (a `Gate`). What the issue asks: the busy
/// state is painted at once, the screen stays live (Ctrl-C, resize) while the
/// bank works, keys typed at a busy screen are ignored, and quitting does not
/// wait for a slow SMS command. No clock is read: the tick is an hour away.
final class AppRuntimeTests: XCTestCase {
    static let now = Timestamp(secondsSinceEpoch: 1_796_000_000)
    static let bob = UserRecord(id: UserID(2), username: Username(trusted: "bob"), phone: PhoneNumber(trusted: "+15550101"),
                                smsVerification: true, sitekey: Sitekey(trustedImage: "lighthouse", phrase: "Can we fix it? Yes we can"),
                                createdAt: now)
    static let ticket = VerificationTicket(id: VerificationID(trusted: String(repeating: "a", count: 32)), purpose: .signIn,
                                           phone: bob.phone, codeLength: 6, expiresAt: now.adding(seconds: 300),
                                           lastEventAt: now, events: 1)

    /// bob's password is accepted and the SMS code is next; sending it waits
    /// at `gate`. `bank` is what reached the bank, in order.
    func slowSMSBank(_ gate: Gate, bank: Recorder<String>) -> BankingClient {
        var client = BankingClient.refusingAll(now: { AppRuntimeTests.now })
        client.signingIn.lookUpSitekey = { _ in .notKnownHere }
        client.signingIn.signIn = { _, _ in .accepted(user: AppRuntimeTests.bob, required: [.password, .smsCode], next: .smsCode,
                                            biometry: .none) }
        client.signingIn.sendSignInCode = {
            gate.pass()
            bank.record("code sent")
            return AppRuntimeTests.ticket
        }
        client.signOut = { bank.record("signed out: \($0)") }
        return client
    }

    /// Starts the loop on a thread of its own, at the sign-in form; `finished` opens when `run` returns.
    func start(_ client: BankingClient, _ terminal: HeadlessTerminal, finished: Gate,
               cancelRunning: @escaping () -> Void = {}) {
        var runtime = AppRuntime(client: client, terminal: terminal)
        runtime.tickMilliseconds = 3_600_000
        runtime.cancelRunning = cancelRunning
        let state = AppState(size: terminal.size, now: Self.now, deviceName: "iphone")
        Threads.detach {
            XCTAssertEqual(runtime.run(state), .ok)
            finished.open()
        }
    }

    func testWhileTheCodeIsSentTheScreenSaysSoAndStaysLiveThenTheCodeScreenComes() throws {
        let gate = Gate(), finished = Gate(), bank = Recorder<String>()
        let terminal = HeadlessTerminal()
        start(slowSMSBank(gate, bank: bank), terminal, finished: finished)
        try terminal.waitForFrame(showing: "Sign in to TermBank")
        try terminal.signIn(.bob, until: .sitekeyAccepted)

        // Painted while the bank has not answered: the gate is still shut.
        try terminal.waitForFrame(showing: "Sending a code to your phone…")
        XCTAssertFalse(gate.opened)
        // The send is at the bank (the busy frame is painted as the effect is
        // queued, before the worker takes it): what follows happens while it runs.
        try gate.waitForArrival()

        // Digits typed at the busy screen are ignored (its rule), a resize is painted at once.
        terminal.type("12")
        terminal.resize(to: Size(columns: 100, rows: 30))
        try terminal.waitForFrame(showing: "Sending a code to your phone…") { $0.size == Size(columns: 100, rows: 30) }
        // Ctrl-C asks, and n goes back to waiting.
        let beforeQuestion = terminal.frames.count
        terminal.press(.control("c"))
        try terminal.waitForFrame(after: beforeQuestion, showing: "Quit TermBank?")
        let beforeNo = terminal.frames.count
        terminal.press(.character("n"))
        try terminal.waitForFrame(after: beforeNo, showing: "Sending a code to your phone…") { !$0.text.joined().contains("Quit TermBank?") }
        XCTAssertFalse(gate.opened, "all of it happened while the code was still being sent")
        XCTAssertEqual(gate.arrived, 1)

        // The bank answers: the code screen, with no digit from before.
        gate.open()
        let code = try terminal.waitForFrame(showing: "Verify it's you", "We sent a code to +1 ***-***-0101")
        XCTAssertTrue(code.text.joined().contains("[ ▁ ][   ][   ][   ][   ][   ]"), code.text.joined(separator: "\n"))
        XCTAssertFalse(code.text.joined().contains("Sending"), code.text.joined(separator: "\n"))

        terminal.press(.control("c"))
        try terminal.waitForFrame(showing: "Quit TermBank?")
        terminal.press(.character("y"))
        try terminal.waitUntilReleased()
        _ = try terminal.waitFor(finished)
        XCTAssertEqual(bank.values, ["code sent", "signed out: signedOut"], "quitting abandons the sign-in at the bank")
    }

    func testQuittingWhileTheCodeIsSentGivesTheScreenBackAtOnceAndStopsTheSend() throws {
        let gate = Gate(), finished = Gate(), bank = Recorder<String>()
        let cancelled = Recorder<Bool>()
        let terminal = HeadlessTerminal()
        // What the live app does on quit: the SMS command is killed, and the send ends.
        start(slowSMSBank(gate, bank: bank), terminal, finished: finished,
              cancelRunning: { cancelled.record(true); gate.open() })
        try terminal.waitForFrame(showing: "Sign in to TermBank")
        try terminal.signIn(.bob, until: .sitekeyAccepted)
        try terminal.waitForFrame(showing: "Sending a code to your phone…")
        // The quit must come while the send runs at the bank. The busy frame
        // alone does not say so: it is painted as the effect is queued, and a
        // send not yet started is dropped on quit, with nothing to stop.
        try gate.waitForArrival()

        terminal.press(.control("c"))
        try terminal.waitForFrame(showing: "Quit TermBank?")
        let paintedBeforeQuit = terminal.frames.count
        terminal.press(.character("y"))
        try terminal.waitUntilReleased()
        _ = try terminal.waitFor(finished)
        XCTAssertEqual(cancelled.values, [true], "the send still running was asked to stop, once")
        XCTAssertEqual(terminal.frames.count, paintedBeforeQuit, "nothing is painted after the quit, not even the late reply")
        // One worker: the sign-out the quit asked for reached the bank after the send ended, never beside it.
        XCTAssertEqual(bank.values, ["code sent", "signed out: signedOut"])
    }

    /// The one screen that holds keys: the password is typed straight after
    /// Tab, while the bank still looks the username up, and none of it is lost.
    func testKeysTypedWhileTheUsernameIsLookedUpWaitAndGoToThePasswordField() throws {
        let gate = Gate(), finished = Gate(), bank = Recorder<String>()
        var client = slowSMSBank(Gate(), bank: bank)
        client.signingIn.lookUpSitekey = { _ in
            gate.pass()
            return .notKnownHere
        }
        client.signingIn.signIn = { username, password in
            bank.record("signed in: \(username) \(password.exposedValue)")
            return .accepted(user: AppRuntimeTests.bob, required: [.password, .smsCode], next: .smsCode, biometry: .none)
        }
        let terminal = HeadlessTerminal()
        start(client, terminal, finished: finished)
        try terminal.waitForFrame(showing: "Sign in to TermBank")
        terminal.type("bob")
        terminal.press(.tab)
        terminal.type("builder-2026")
        terminal.press(.enter)
        try gate.waitForArrival()
        XCTAssertEqual(bank.values, [], "the lookup has not answered: no password was sent")

        gate.open()
        try terminal.waitForFrame(showing: "Is this your sitekey?")
        XCTAssertEqual(bank.values, ["signed in: bob builder-2026"], "every key after Tab reached the password field, in order")
        terminal.press(.control("c"))
        try terminal.waitForFrame(showing: "Quit TermBank?")
        terminal.press(.character("y"))
        _ = try terminal.waitFor(finished)
    }

    func testWithNothingRunningQuittingCancelsNothing() throws {
        let gate = Gate(), finished = Gate(), bank = Recorder<String>()
        let cancelled = Recorder<Bool>()
        let terminal = HeadlessTerminal()
        start(slowSMSBank(gate, bank: bank), terminal, finished: finished, cancelRunning: { cancelled.record(true) })
        try terminal.waitForFrame(showing: "Sign in to TermBank")
        terminal.press(.control("c"))
        try terminal.waitForFrame(showing: "Quit TermBank?")
        terminal.press(.character("y"))
        _ = try terminal.waitFor(finished)
        XCTAssertEqual(cancelled.values, [])
        XCTAssertEqual(bank.values, [], "no sign-in was under way: nothing to tell the bank")
    }
}

/// Values a bank endpoint saw, from the worker's thread.
final class Recorder<Value: Sendable>: @unchecked Sendable {
    private let lock = Lock()
    private var seen: [Value] = []
    func record(_ value: Value) { lock.withLock { seen.append(value) } }
    var values: [Value] { lock.withLock { seen } }
}

extension HeadlessTerminal {
    /// Waits (60 s at most, a hang guard) for a gate to open.
    func waitFor(_ gate: Gate, file: StaticString = #filePath, line: UInt = #line) throws -> Bool {
        let deadline = Self.monotonicNow() + 60_000_000_000
        while !gate.opened {
            guard Self.monotonicNow() < deadline else {
                XCTFail("the loop did not end", file: file, line: line)
                throw TimedOut(description: "the loop did not end")
            }
            usleep(1_000)
        }
        return true
    }
}
