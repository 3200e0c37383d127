/// Where the run loop shows frames: the ncurses painter in the app, a
/// headless one in tests (bubbletea's renderer seam), so the loop itself
/// runs under test with no terminal.
///
/// Only the loop's thread calls it: ncurses is not thread-safe.
public protocol Renderer: AnyObject {
    /// The screen's size now.
    var size: Size { get }
    /// Shows a frame.
    func paint(_ frame: Frame)
    /// Makes the next `paint` draw every cell (Ctrl-L).
    func forceRedraw()
    /// Gives the screen back when the loop ends, before the loop waits for
    /// work still running, so the user has their terminal at once.
    func release()
}

/// What one wait for input ended with.
public enum Input: Equatable, Sendable {
    /// Keys typed (a resize is a key too).
    case keys([Key])
    /// The wake-up descriptor became readable: an effect has finished.
    case woken
    /// Nothing happened within the timeout.
    case timedOut
    /// A bracketed paste is still arriving (more than one wait reads): no key
    /// yet, nothing wrong; the loop ticks and waits again.
    case reading
    /// The process must end: its terminal went away, or it was told to stop.
    /// The loop ends the session at the bank with the reason and returns.
    case ended(Termination)
}

/// Where the run loop waits: for keys, or for a wake-up from the effects
/// that run off the loop, whichever comes first.
public protocol KeySource: AnyObject {
    /// Waits up to `timeoutMilliseconds` for keys, taking at most `limit`
    /// (a paste is drawn every `limit` keys); returns `.woken` as soon as
    /// `wakeDescriptor` is readable. Keys already waiting come first.
    func waitForInput(timeoutMilliseconds: Int32, limit: Int, wakeDescriptor: Int32) -> Input
}
