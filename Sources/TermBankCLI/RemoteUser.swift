import TermBankCore
import TermBankSecurity
import TermBankSystem

/// The one at the app's terminal when they connected over SSH (the demo's
/// ForceCommand, or a deployment's): a remote user, not the operator. The
/// app's standard error is their screen, so a refusal that names the
/// server's files (the database's path, a PostgreSQL location, the key
/// file) is told to them in one line without those, and the operator gets
/// the full line in the server's log. Operator commands are the operator's
/// own and keep the paths, over SSH or not.
enum RemoteUser {
    /// sshd sets these in every session it starts, a ForceCommand's too.
    static func isConnected(_ environment: [String: String]) -> Bool {
        ["SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY", "SSH_ORIGINAL_COMMAND"].contains { environment[$0] != nil }
    }

    /// What the remote user reads instead, with the original's exit code (66 for no bank).
    static let bankUnavailable = "TermBank cannot open its bank on this server right now; "
        + "the server's operator can see why in its log."

    /// `error` as the app's terminal should show it: unchanged locally, or
    /// for an error that names nothing of the server; otherwise the one
    /// generic line, after `log` got the full one and the client's address.
    static func refusal(for error: any Error, environment: [String: String], log: (String) -> Void) -> any Error {
        guard isConnected(environment), namesTheServer(error) else { return error }
        let failure = CommandFailure.from(error)
        let origin = DemoSession.origin(environment: environment, key: nil).address
        log("app over SSH from \(origin) refused (exit \(failure.code.rawValue)): " + TerminalText.sanitized(failure.message))
        return CommandFailure(bankUnavailable, code: failure.code)
    }

    /// What the app does with an error it met mid-session (a busy or full
    /// bank, its file gone or read-only), which its screen words without the
    /// server's path (`AppCatalog`): over SSH, the operator's log gets the
    /// full line and the client's address, as for a refusal at start;
    /// locally, the operator at the terminal is the one who sees to it.
    static func midSessionFailure(environment: [String: String],
                                  log: @escaping (String) -> Void) -> (any Error) -> Void {
        guard isConnected(environment) else { return { _ in } }
        let origin = DemoSession.origin(environment: environment, key: nil).address
        return { error in
            guard namesTheServer(error) else { return }
            log("app over SSH from \(origin) met: " + TerminalText.sanitized(CommandFailure.from(error).message))
        }
    }

    /// The database's and the key file's refusals carry the server's paths
    /// or the database's location; a customer's own (a name taken) do not.
    static func namesTheServer(_ error: any Error) -> Bool {
        switch error {
        case let store as StoreError:
            switch store {
            case .duplicateUser, .unknownUser, .phoneInUse: return false
            default: return true
            }
        case is KeyFileError: return true
        default: return false
        }
    }
}
