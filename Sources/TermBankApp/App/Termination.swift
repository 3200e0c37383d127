import TermBankCore

/// Why the app ends without the customer quitting: the terminal went away,
/// or something outside told the process to stop. The run loop hears of it
/// as `Input.ended` (a signal handler only records it and wakes the loop, see
/// docs/run-loop.md) and ends the session at the bank with `reason`, so the
/// session does not linger until the idle sign-out, and the audit trail says
/// why it ended.
public enum Termination: Equatable, Sendable {
    /// SIGHUP (a dropped SSH connection, a closed terminal window), or a
    /// terminal whose reads fail (EOF, EIO) when SIGHUP was ignored (nohup).
    case hangUp
    /// SIGTERM: an operator's `kill`, a shutdown, a service manager.
    case terminate
    /// SIGINT sent to the process (`kill -INT`). Ctrl-C typed at the app is a
    /// key in raw mode, and asks the quit question instead.
    case interrupt

    /// What the session's end records.
    public var reason: SessionEndReason {
        switch self {
        case .hangUp: return .connectionClosed
        case .terminate, .interrupt: return .terminated
        }
    }
}
