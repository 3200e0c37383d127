import Glibc
import TermBankApp
import TermBankSystem

/// Performs the app's effects off the run loop, on one thread of its own,
/// one at a time, in the order they were asked for; each result waits in an
/// outbox and a `WakePipe` wakes the loop to reduce it (docs/decisions/0006).
///
/// One worker, not one thread per effect: the bank client's session state
/// and its SQLite connection are then used by one thread at a time, and
/// replies come back in the order the reducer asked, as they did when
/// effects ran on the loop, so a run is as deterministic as before.
///
/// The thread ends after `idleEndMilliseconds` with nothing to do and starts again with
/// the next effect: a thread's malloc cache (glibc's tcache, freed blocks
/// kept for reuse) and stack go back to the heap only when it ends, and a
/// session is idle for most of its life (decision 50).
final class EffectWorker: @unchecked Sendable {
    private let condition = Condition()
    private var waiting: [Effect] = []
    private var running: Effect?
    /// The running effect's id was cancelled: its reply is dropped.
    private var runningCancelled = false
    private var finished: [Action] = []
    private var stopping = false
    private var stopped = false
    /// Whether the worker's thread is running (it ends when idle).
    private var threadRunning = false
    private let wake = WakePipe()
    private let perform: (Effect) -> [Action]
    private let idleEndNanoseconds: UInt64

    /// How far below the loop's thread the worker runs (nice levels): at 10,
    /// the scheduler gives it about a tenth of the loop's share of a busy core.
    static let niceSteps: Int32 = 10

    /// `perform` runs on the worker's thread only. The thread ends after
    /// `idleEndMilliseconds` with nothing to do.
    init(idleEndMilliseconds: Int = 200, perform: @escaping (Effect) -> [Action]) {
        self.perform = perform
        idleEndNanoseconds = UInt64(max(1, idleEndMilliseconds)) * 1_000_000
    }

    /// Starts the thread (the lock held). If none can start now (the
    /// process's thread limit), the effects wait and the next `submit`
    /// (the clock's tick, within a second) tries again.
    private func startThread() {
        // The worker takes no signals: SIGWINCH must interrupt the loop's
        // poll (a resize is painted at once), and the fatal-signal handlers
        // that give the terminal back belong on the loop's thread.
        var all = sigset_t()
        var previous = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_BLOCK, &all, &previous)
        threadRunning = Threads.tryDetach { [self] in work() } == 0
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }

    /// Whether the worker's thread is running now: the loop gives memory back
    /// only once it has ended (its cache is in the heap by then).
    var isThreadRunning: Bool {
        condition.lock()
        defer { condition.unlock() }
        return threadRunning
    }

    /// The descriptor the loop polls beside the terminal.
    var wakeDescriptor: Int32 { wake.readDescriptor }

    /// Queues an effect. A periodic one already waiting is not queued twice:
    /// behind a slow effect, every second's tick would otherwise pile up
    /// another session check with the same answer.
    func submit(_ effect: Effect) {
        condition.lock()
        defer { condition.unlock() }
        guard !stopping else { return }
        if effect.isPeriodic && waiting.contains(effect) { return }
        waiting.append(effect)
        if !threadRunning { startThread() }
        condition.broadcast()
    }

    /// Cancels the effects with this id: those waiting are dropped, and the
    /// one running finishes (a read, never cut halfway) but its reply is not
    /// reduced. The screen they fed has gone (`EffectID`).
    func cancel(_ id: EffectID) {
        condition.lock()
        defer { condition.unlock() }
        waiting.removeAll { $0.id == id }
        if running?.id == id { runningCancelled = true }
    }

    /// The actions of the effects finished since the last call, in order.
    func takeFinished() -> [Action] {
        wake.drain()
        condition.lock()
        defer { condition.unlock() }
        let taken = finished
        finished = []
        return taken
    }

    /// True when nothing is running or waiting (the bank is at rest).
    var isIdle: Bool {
        condition.lock()
        defer { condition.unlock() }
        return running == nil && waiting.isEmpty
    }

    /// Ends the worker: effects not started are dropped except those in
    /// `keeping` (a sign-out must reach the bank), `cancel` asks the one
    /// running to stop early, and this returns once the worker is done. Their
    /// results are never reduced: the app is going away.
    func finish(keeping: (Effect) -> Bool, cancel: () -> Void) {
        condition.lock()
        stopping = true
        waiting = waiting.filter(keeping)
        let busy = running != nil
        if !threadRunning {
            // No thread: the kept effects need one; with none kept (or no
            // thread to be had), the worker is done.
            if !waiting.isEmpty { startThread() }
            if !threadRunning { stopped = true }
        }
        condition.broadcast()
        condition.unlock()
        if busy { cancel() }
        condition.lock()
        while !stopped { condition.wait() }
        condition.unlock()
    }

    private func work() {
        // The worker is where the password hash runs (argon2id: a quarter of
        // a second of a core per sign-in); drawing and keys run on the loop's
        // thread. Below them, a sign-in's hash yields to every session's keys
        // on a busy host (decision 94). A new thread starts
        // at the loop's priority, so each lowers its own.
        Threads.lowerPriority(by: Self.niceSteps)
        condition.lock()
        while true {
            while waiting.isEmpty && !stopping {
                let deadline = Stopwatch.nanoseconds() + idleEndNanoseconds
                if !condition.wait(untilMonotonicNanoseconds: deadline) && waiting.isEmpty && !stopping {
                    // Idle: the thread ends; the next effect starts another.
                    threadRunning = false
                    condition.unlock()
                    return
                }
            }
            if waiting.isEmpty { break }
            let effect = waiting.removeFirst()
            running = effect
            runningCancelled = false
            condition.unlock()
            let results = perform(effect)
            // The stack pages the effect took (argon2id, SQLite) go back before
            // the worker waits: between effects it needs a few hundred bytes.
            Stack.returnUnusedPages()
            condition.lock()
            running = nil
            let kept = runningCancelled ? [] : results
            finished += kept
            condition.broadcast()
            if !kept.isEmpty { wake.signal() }
        }
        stopped = true
        threadRunning = false
        condition.broadcast()
        condition.unlock()
    }
}

extension Effect {
    /// Asked for again and again on the clock (the session's checks and
    /// touches, the statement's refresh, the demo phone): a second copy
    /// waiting behind the first would change nothing.
    var isPeriodic: Bool {
        switch self {
        case .checkSession, .touchSession, .demo(.loadPhone), .demo(.loadStory), .banking(.loadAccount), .banking(.loadStatement):
            return true
        default: return false
        }
    }
}
