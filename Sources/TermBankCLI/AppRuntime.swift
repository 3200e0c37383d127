import Glibc
import TermBankSystem
import TermBankApp
import TermBankCore
import TermBankTerminal

/// The run loop: read a key (or time out for a tick), reduce, perform the
/// effects and feed their results back, render, paint. Everything the user
/// sees is `AppView.render(state, size)`; everything the app does is an effect.
struct AppRuntime {
    let client: BankingClient
    let painter: Painter
    /// Run in the first idle second after work: gives back memory a session at rest does not need.
    var atRest: () -> Void = {}

    /// Runs until the state asks to quit. The painter restores the terminal on every exit.
    func run(_ initial: AppState) -> ExitCode {
        var state = initial
        state.size = painter.size
        var lastTick = client.now()
        var emptyReadsInARow = 0
        // Start-up and every key leave memory behind that only work needs (freed
        // heap, cached database pages); the first idle second after them gives
        // it back: a session is at rest for most of its life.
        var workedSinceTrim = true
        painter.paint(AppView.render(state, size: state.size))
        while !state.quitting {
            let waitStarted = Stopwatch.nanoseconds()
            let keys = painter.readKeys(timeoutMilliseconds: 1000, limit: AppRuntime.keysPerFrame)
            if keys.isEmpty && workedSinceTrim {
                atRest()
                workedSinceTrim = false
            } else if !keys.isEmpty {
                workedSinceTrim = true
            }
            // A read that returns nothing at once, again and again, means the
            // terminal is gone (a dropped SSH connection without SIGHUP): end
            // the session instead of spinning.
            if keys.isEmpty && Stopwatch.nanoseconds() - waitStarted < 50_000_000 {
                emptyReadsInARow += 1
                if emptyReadsInARow >= 20 {
                    client.signOut(.connectionClosed)
                    return .ok
                }
            } else {
                emptyReadsInARow = 0
            }
            let now = client.now()
            // Time moves before a key is handled, so idle and countdowns are exact.
            if keys.isEmpty || now.millisecondsSinceEpoch - lastTick.millisecondsSinceEpoch >= 1000 {
                lastTick = now
                dispatch(.tick(now), &state)
            }
            for key in keys where !state.quitting { dispatch(.key(key), &state) }
            if state.quitting { break }
            painter.paint(AppView.render(state, size: state.size))
        }
        return .ok
    }

    /// Keys handled between two frames: a paste is drawn every few thousand
    /// keys, so it shows progress and a tick is never more than a moment late.
    static let keysPerFrame = 4096

    /// Reduces an action and then every action its effects produce, in order.
    func dispatch(_ action: Action, _ state: inout AppState) {
        var queue = [action]
        while !queue.isEmpty {
            let next = queue.removeFirst()
            for effect in AppReducer.reduce(&state, next) {
                if effect == .redraw { painter.forceRedraw() }
                if let result = EffectRunner.run(effect, client: client) { queue.append(result) }
            }
        }
    }
}

/// Finds the sitekey pictures: $TERMBANK_ASSETS, then an `assets` folder
/// beside or above the executable (a build tree or an install prefix), then
/// /usr/share/termbank/assets.
enum SitekeyAssets {
    static func load(environment: [String: String]) -> [String: SitekeyArt] {
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
            var gallery: [String: SitekeyArt] = [:]
            for name in Sitekey.images {
                let path = candidate + "/sitekeys/\(name).art"
                if let text = Files.readText(path), let art = try? SitekeyArt.parse(text) {
                    gallery[name] = art
                }
            }
            if !gallery.isEmpty { return gallery }
        }
        return [:]
    }
}
