import Glibc
import TermBankSystem
import TermBankApp
import TermBankCore
import TermBankTerminal

/// The run loop: wait for a key, a finished effect or the tick; reduce;
/// hand the effects to the worker; paint. Effects run off the loop (see
/// `EffectWorker`), so the busy state a reducer sets is painted at once, and
/// Ctrl-C and resizes are handled while the bank works. Everything the user
/// sees is `AppView.render(state, size)`; everything the app does is an effect.
///
/// Keys typed while a screen is busy follow that screen's rule: a busy screen
/// ignores them (a key meant for the screen before a reply would act on the
/// one after it), except while a username is looked up, when they wait and are
/// replayed after the answer (`AppReducer.holdsKeys`). Ctrl-C, Ctrl-L, a
/// resize and the demo phone's keys work everywhere (docs/architecture.md).
struct AppRuntime {
    let client: BankingClient
    let terminal: any Renderer & KeySource
    /// Run in the first idle second after work, while no effect runs: gives back memory a session at rest does not need.
    var atRest: () -> Void = {}
    /// Raised when the app quits with an effect still running: an SMS command stops early.
    var cancelRunning: () -> Void = {}
    /// Hears each error an effect met and the screen words (`EffectRunner.perform`): over SSH, the operator's log.
    var failed: (any Error) -> Void = { _ in }
    /// The clock's tick: countdowns, the idle sign-out, the statement's refresh.
    var tickMilliseconds: Int64 = 1000
    /// Hears the state after each frame and tick, and how many keys it took
    /// (the demo's presence row, `DemoPresence`): after the paint, so no key waits on it.
    var painted: (_ state: AppState, _ keys: Int) -> Void = { _, _ in }

    init(client: BankingClient, terminal: any Renderer & KeySource) {
        self.client = client
        self.terminal = terminal
    }

    /// Runs until the state asks to quit, the terminal goes away or the
    /// process is told to stop (`Input.ended`). The screen is released as soon
    /// as the loop ends; this returns once no effect is left running, with
    /// `.ok` after a quit and the termination's status otherwise.
    func run(_ initial: AppState) -> ExitCode {
        let worker = EffectWorker(idleEndMilliseconds: AppRuntime.workerIdleEndMilliseconds) { [client, failed] effect in
            EffectRunner.perform(effect, client: client, failed: failed)
        }
        var loop = Dispatcher(initial)
        loop.state.size = terminal.size
        var lastTick = client.now()
        // Start-up and every key leave memory behind that only work needs (freed
        // heap, cached database pages); the first idle second after them gives
        // it back: a session is at rest for most of its life.
        var workedSinceTrim = true
        paint(&loop.state)
        while !loop.state.quitting {
            let elapsed = client.now().millisecondsSinceEpoch - lastTick.millisecondsSinceEpoch
            let untilTick = max(0, min(tickMilliseconds - elapsed, tickMilliseconds))
            // After work, a short quiet is enough to be at rest (restAfterMilliseconds).
            let quiet = workedSinceTrim ? min(untilTick, AppRuntime.restAfterMilliseconds) : untilTick
            let input = terminal.waitForInput(timeoutMilliseconds: Int32(clamping: quiet),
                                              limit: AppRuntime.keysPerFrame, wakeDescriptor: worker.wakeDescriptor)
            var keys: [Key] = []
            switch input {
            case .keys(let typed):
                keys = typed
                workedSinceTrim = true
            case .reading:
                workedSinceTrim = true
            case .timedOut:
                // After the worker's thread has ended: its malloc cache is back in the heap by then.
                if workedSinceTrim && worker.isIdle && !worker.isThreadRunning {
                    atRest()
                    workedSinceTrim = false
                }
            case .woken:
                workedSinceTrim = true
            case .ended(let termination):
                return stop(worker, termination)
            }
            if !turn(&loop, keys: keys, timedOut: input == .timedOut && quiet == untilTick, lastTick: &lastTick, worker) { break }
        }
        end(worker)
        return .ok
    }

    /// What the loop does after a wait: the tick, the keys, the finished
    /// effects, the frame. False when the state asks to quit.
    ///
    /// Not inlined, nor is `paint`: the reducers' and the renderer's
    /// temporary copies of the state live in their frames, which are gone
    /// while the loop waits, so a session at rest keeps a smaller stack
    /// resident (decision 33).
    @inline(never)
    private func turn(_ loop: inout Dispatcher, keys: [Key], timedOut: Bool, lastTick: inout Timestamp,
                      _ worker: EffectWorker) -> Bool {
        let now = client.now()
        let replies = worker.takeFinished()
        let tickDue = timedOut || now.millisecondsSinceEpoch - lastTick.millisecondsSinceEpoch >= tickMilliseconds
        // A wake-up with nothing in it (a signal, noise) changes nothing to paint.
        if keys.isEmpty && replies.isEmpty && !tickDue { return true }
        // Time moves before a key is handled, so idle and countdowns are exact.
        if tickDue {
            lastTick = now
            perform(loop.tick(now), worker)
        }
        // Keys before replies: keys that came during this wait were typed
        // at the screen painted before it, busy or not. Keys a screen
        // holds wait in the dispatcher for the reply that frees it.
        for key in keys { perform(loop.key(key), worker) }
        for reply in replies { perform(loop.reply(reply), worker) }
        if loop.state.quitting { return false }
        paint(&loop.state)
        painted(loop.state, keys.count)
        return true
    }

    /// Paints the state's frame; a sitekey picture the frame did not show is then dropped.
    @inline(never)
    private func paint(_ state: inout AppState) {
        terminal.paint(AppView.render(state, size: state.size))
        state.gallery.frameEnded()
    }

    /// Keys handled between two frames: a paste is drawn every few thousand
    /// keys, so it shows progress and a tick is never more than a moment late.
    static let keysPerFrame = 4096

    /// Quiet after work before the session counts as at rest (`atRest`):
    /// memory is given back then, a moment after the tick's work (the
    /// statement's refresh), not just before the next tick takes it again.
    static let restAfterMilliseconds: Int64 = 250

    /// The worker's thread ends sooner than that (`EffectWorker`), so its
    /// malloc cache is back in the heap when `atRest` gives pages back.
    static let workerIdleEndMilliseconds = 200

    /// Hands the bank's effects to the worker (their results come back
    /// through `takeFinished`), and its cancellations; does the terminal's.
    func perform(_ effects: [Effect], _ worker: EffectWorker) {
        for effect in effects {
            if Dispatcher.isForTheBank(effect) {
                worker.submit(effect)
            } else if case .cancel(let id) = effect {
                worker.cancel(id)
            } else if effect == .redraw {
                terminal.forceRedraw()
            }
        }
    }

    /// Ends without the customer quitting: the session (or the sign-in under
    /// way) ends at the bank with the reason, recorded in the audit trail,
    /// instead of lingering until the idle sign-out.
    ///
    /// An effect in progress is waited for, not abandoned halfway: a transfer
    /// being booked is one transaction, so it is booked whole (and audited;
    /// the customer finds it in the history next time) or not at all, and its
    /// client id books it once if anything tries again. Effects not yet
    /// started are dropped unstarted, so a transfer queued behind another
    /// effect is never booked after the customer's terminal is gone. Only an
    /// SMS command is stopped early (`cancelRunning`): no code is owed to a
    /// sign-in that is ending. The sign-out runs last, on the worker.
    private func stop(_ worker: EffectWorker, _ termination: Termination) -> ExitCode {
        worker.submit(.signOut(termination.reason))
        end(worker)
        return ExitCode(termination)
    }

    /// The terminal goes back first; then effects not started are dropped,
    /// except a sign-out, and the one running is asked to stop and waited for,
    /// so no thread touches the bank after `run` returns.
    private func end(_ worker: EffectWorker) {
        terminal.release()
        worker.finish(keeping: { if case .signOut = $0 { return true } else { return false } }, cancel: cancelRunning)
    }
}

/// Finds the sitekey pictures: $TERMBANK_ASSETS, then an `assets` folder
/// beside or above the executable (a build tree or an install prefix), then
/// /usr/share/termbank/assets: the first folder that has any of them. Only
/// their names are known at start; a picture is read and parsed when a
/// screen shows it (`SitekeyGallery`).
enum SitekeyAssets {
    static func gallery(environment: [String: String]) -> SitekeyGallery {
        var candidates: [String] = []
        if let explicit = environment["TERMBANK_ASSETS"], !explicit.isEmpty { candidates.append(explicit) }
        var directory = Paths.directory(of: Paths.executable())
        for _ in 0..<5 {
            candidates.append(directory + "/assets")
            candidates.append(directory + "/share/termbank/assets")
            directory = Paths.directory(of: directory)
        }
        candidates.append("/usr/share/termbank/assets")
        for candidate in candidates {
            let folder = candidate + "/sitekeys/"
            let names = Sitekey.images.filter { Files.isReadable(folder + $0 + ".art") }
            if !names.isEmpty {
                return SitekeyGallery(names: names, text: { Files.readText(folder + $0 + ".art") })
            }
        }
        return SitekeyGallery()
    }
}
