import TermBankSystem

/// What a connection through the demo's ForceCommand asked to run. sshd puts
/// the client's command line in SSH_ORIGINAL_COMMAND and runs TermBank
/// instead; TermBank allows exactly one command, `phone`, and only in demo
/// mode. Anything else is refused with one line that does not repeat it.
enum SSHCommand: Equatable {
    /// No command: the app.
    case app
    /// `ssh -t … phone`: a window that is only the simulated phone.
    case phone

    static func parse(_ original: String?, demo: Bool) throws -> SSHCommand {
        let command = (original ?? "").trimmingWhitespace()
        if command.isEmpty { return .app }
        if demo && command == "phone" { return .phone }
        throw CommandFailure(demo ? "This demo runs TermBank only; the one command it takes is \"phone\"."
                                  : "This server runs TermBank only and takes no command.",
                             code: .unavailable)
    }
}
