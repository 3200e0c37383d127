import TermBankSystem
import TermBankCore

/// This demo terminal's presence row (decision 0120), for the presenter's
/// view: written only with `--demo` on the demo bank, never by a real
/// deployment. The run loop tells it what it painted (`observe`, after the
/// frame, so no key waits on a write); `DemoSession` tells it the customer.
///
/// What it writes and when: the row at start; the screen's stable name when
/// it changes; the language when it changes; the customer when one is bound;
/// a key press at most every `DemoPresencePolicy.actionEverySeconds` (a key
/// in between is written when that time is up, with its own time); a
/// heartbeat when nothing else was written for `heartbeatSeconds`; the end
/// on every exit the process sees. Every other terminal's change stamp moves
/// with each write, so the few writes keep their re-reads few. A write that
/// fails is dropped: presence never stops the demo.
final class DemoPresence: @unchecked Sendable {
    private let lock = Lock()
    private let store: any DemoTerminalStore
    private let clock: TimeSource
    let id: String
    private var screen: String
    private var language: Language
    private var lastWrite: Timestamp
    /// When a key press was last written (not the key's time): the throttle's.
    private var lastActionWrite: Timestamp
    /// A key pressed since the last action written, and when.
    private var pendingAction: Timestamp?
    private var ended = false

    init(store: any DemoTerminalStore, clock: TimeSource, random: RandomSource, origin: DemoOrigin,
         door: Stakeholder.Door, device: String?, language: Language, screen: String) {
        self.store = store
        self.clock = clock
        id = random.hexIdentifier(bytes: 16)
        self.screen = screen
        self.language = language
        let now = clock.now()
        lastWrite = now
        lastActionWrite = now
        try? store.startDemoTerminal(.starting(id: id, origin: origin, door: door, device: device, language: language,
                                               screen: screen, at: now))
    }

    /// How the stakeholder reached the demo: the web door's origin file
    /// holds a `termbank-web` key (`WebServer.originFile`), an SSH client's
    /// session has SSH_CONNECTION, and anything else is a local terminal.
    static func door(environment: [String: String], key: SSHIdentity.Key?) -> Stakeholder.Door {
        if key?.fromBrowser == true { return .web }
        return environment["SSH_CONNECTION"] != nil ? .ssh : .local
    }

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    private func write(_ change: DemoTerminalChange, at time: Timestamp) {
        _ = try? store.recordDemoTerminal(id, change, at: time)
        lastWrite = time
    }

    /// After each frame and each tick: the screen and language shown, and how many keys came since the last call.
    func observe(screen shown: String, language shownLanguage: Language, keys: Int) {
        locked {
            guard !ended else { return }
            let now = clock.now()
            if shown != screen {
                screen = shown
                write(.screen(shown), at: now)
            }
            if shownLanguage != language {
                language = shownLanguage
                write(.language(shownLanguage), at: now)
            }
            if keys > 0 { pendingAction = now }
            if let pending = pendingAction,
               now.millisecondsSinceEpoch - lastActionWrite.millisecondsSinceEpoch
                >= DemoPresencePolicy.actionEverySeconds * 1000 {
                pendingAction = nil
                lastActionWrite = now
                write(.action(pending), at: now)
            }
            if now.millisecondsSinceEpoch - lastWrite.millisecondsSinceEpoch >= DemoPresencePolicy.heartbeatSeconds * 1000 {
                write(.heartbeat, at: now)
            }
        }
    }

    /// The customer followed here, and from when its story counts (nil: only typed at, or none).
    func customer(_ user: UserID?, storySince: Timestamp?) {
        locked {
            guard !ended else { return }
            write(.customer(user, storySince: storySince), at: clock.now())
        }
    }

    /// The process is leaving: a key not written yet goes with the end.
    func end() {
        locked {
            guard !ended else { return }
            if let pending = pendingAction { write(.action(pending), at: clock.now()) }
            write(.ended, at: clock.now())
            ended = true
        }
    }
}
