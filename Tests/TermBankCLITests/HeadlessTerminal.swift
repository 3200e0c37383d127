import Glibc
import TermBankApp
import TermBankSystem
import TermBankTestKit
import XCTest

/// The run loop's terminal without a terminal (bubbletea's headless
/// renderer): keys come from the test, and every painted frame is kept for
/// the test to read. It waits in `poll` on the wake-up descriptor as the
/// ncurses painter does, so the real loop and the real worker run under test.
final class HeadlessTerminal: Renderer, KeySource, @unchecked Sendable {
    private let condition = Condition()
    private let typedPipe = WakePipe()
    private var pending: [Key] = []
    private var painted: [Frame] = []
    private var currentSize: Size
    private var wasReleased = false
    private var termination: Termination?

    init(size: Size = Size(columns: 80, rows: 24)) {
        currentSize = size
    }

    // MARK: The loop's side

    var size: Size { condition.lock(); defer { condition.unlock() }; return currentSize }

    func paint(_ frame: Frame) {
        condition.lock()
        painted.append(frame)
        condition.broadcast()
        condition.unlock()
    }

    func forceRedraw() {}

    func release() {
        condition.lock()
        wasReleased = true
        condition.broadcast()
        condition.unlock()
    }

    func waitForInput(timeoutMilliseconds: Int32, limit: Int, wakeDescriptor: Int32) -> Input {
        typedPipe.drain()
        if let ending = ending() { return .ended(ending) }
        if let keys = takeKeys(limit) { return .keys(keys) }
        var fds = [pollfd(fd: typedPipe.readDescriptor, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&fds, nfds_t(fds.count), timeoutMilliseconds)
        typedPipe.drain()
        if let ending = ending() { return .ended(ending) }
        if let keys = takeKeys(limit) { return .keys(keys) }
        return ready == 0 ? .timedOut : .woken
    }

    private func ending() -> Termination? {
        condition.lock()
        defer { condition.unlock() }
        return termination
    }

    private func takeKeys(_ limit: Int) -> [Key]? {
        condition.lock()
        defer { condition.unlock() }
        guard !pending.isEmpty else { return nil }
        let keys = Array(pending.prefix(limit))
        pending.removeFirst(keys.count)
        return keys
    }

    // MARK: The test's side

    /// Presses keys, as a person at the terminal would.
    func press(_ keys: Key...) {
        condition.lock()
        pending.append(contentsOf: keys)
        condition.unlock()
        typedPipe.signal()
    }

    /// The terminal hangs up, or the process is told to stop: what the
    /// painter reports after SIGHUP, SIGTERM or SIGINT (or a hung-up terminal).
    func end(_ termination: Termination) {
        condition.lock()
        self.termination = termination
        condition.unlock()
        typedPipe.signal()
    }

    /// Types text, one key per character.
    func type(_ text: String) {
        for scalar in text.unicodeScalars { press(Key(typed: scalar)) }
    }

    /// The window is resized: the size changes and a resize key arrives.
    func resize(to size: Size) {
        condition.lock()
        currentSize = size
        condition.unlock()
        press(.resize(size))
    }

    var frames: [Frame] { condition.lock(); defer { condition.unlock() }; return painted }
    var released: Bool { condition.lock(); defer { condition.unlock() }; return wasReleased }

    /// Waits for a painted frame (from the `after`th on) that shows every
    /// text, and returns it. The test kit's `HangGuard` is a guard against a
    /// hung loop, not a measure of speed: the frame comes as soon as the loop paints it.
    @discardableResult
    func waitForFrame(after: Int = 0, showing texts: String..., where extra: (Frame) -> Bool = { _ in true },
                      file: StaticString = #filePath, line: UInt = #line) throws -> Frame {
        try waitFor("a frame showing \(texts)", file: file, line: line) {
            painted.dropFirst(after).last { frame in
                let text = frame.text.joined(separator: "\n")
                return texts.allSatisfy(text.contains) && extra(frame)
            }
        }
    }

    /// Waits until the loop has given the screen back.
    func waitUntilReleased(file: StaticString = #filePath, line: UInt = #line) throws {
        _ = try waitFor("the screen to be released", file: file, line: line) { wasReleased ? true : nil }
    }

    private func waitFor<T>(_ what: String, file: StaticString, line: UInt, _ found: () -> T?) throws -> T {
        let deadline = Self.monotonicNow() + UInt64(HangGuard.seconds) * 1_000_000_000
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let value = found() { return value }
            guard condition.wait(untilMonotonicNanoseconds: deadline) || found() != nil else {
                let last = painted.last.map { $0.text.joined(separator: "\n") } ?? "(nothing painted)"
                XCTFail("timed out waiting for \(what); the last frame:\n\(last)", file: file, line: line)
                throw TimedOut(description: "timed out waiting for \(what)")
            }
        }
    }

    struct TimedOut: Error, CustomStringConvertible {
        let description: String
    }

    static func monotonicNow() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }
}

/// A bank call that blocks until the test opens the gate: a slow SMS command
/// or argon2id, without a clock.
final class Gate: @unchecked Sendable {
    private let condition = Condition()
    private var isOpen = false
    private var arrivals = 0

    /// Called by the blocked endpoint, on the worker's thread.
    func pass() {
        condition.lock()
        arrivals += 1
        condition.broadcast()
        while !isOpen { condition.wait() }
        condition.unlock()
    }

    func open() {
        condition.lock()
        isOpen = true
        condition.broadcast()
        condition.unlock()
    }

    /// How many calls have reached the gate.
    var arrived: Int { condition.lock(); defer { condition.unlock() }; return arrivals }

    /// Waits until a call is at the gate: the bank is working on it now.
    /// Seeing the busy screen is not enough: the reducer paints it when the
    /// effect is handed to the worker, and the worker's thread may not have
    /// taken it yet. The 60 s are a guard against a hang, not a measure of speed.
    func waitForArrival(file: StaticString = #filePath, line: UInt = #line) throws {
        let deadline = HeadlessTerminal.monotonicNow() + 60_000_000_000
        condition.lock()
        defer { condition.unlock() }
        while arrivals == 0 {
            guard condition.wait(untilMonotonicNanoseconds: deadline) || arrivals > 0 else {
                XCTFail("no call reached the gate", file: file, line: line)
                throw HeadlessTerminal.TimedOut(description: "no call reached the gate")
            }
        }
    }

    var opened: Bool { condition.lock(); defer { condition.unlock() }; return isOpen }
}

/// The test kit's sign-in, typed into the real run loop.
extension HeadlessTerminal: SignInTerminal {
    func typeText(_ text: String) throws { type(text) }
    func pressTab() throws { press(.tab) }
    func pressEnter() throws { press(.enter) }
    func waitForTexts(_ texts: [String], file: StaticString, line: UInt) throws {
        _ = try waitFor("a frame showing \(texts)", file: file, line: line) {
            painted.last { frame in texts.allSatisfy(frame.text.joined(separator: "\n").contains) }
        }
    }
    func waitUntilGone(_ text: String, file: StaticString, line: UInt) throws {
        _ = try waitFor("\"\(text)\" to go", file: file, line: line) {
            painted.last.flatMap { $0.text.joined(separator: "\n").contains(text) ? nil : true }
        }
    }
}
