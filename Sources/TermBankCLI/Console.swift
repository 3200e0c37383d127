import Glibc
import TermBankCore
import TermBankSystem

/// Where commands write. Injected so tests can run commands in-process and
/// read what they printed.
package final class Console: @unchecked Sendable {
    package let standardOutput: (String) -> Void
    package let standardError: (String) -> Void
    /// One line of standard input, within `InputLimit.line`; throws when it is longer.
    let readLine: () throws -> String?
    let isInteractive: Bool
    /// The operator's log (syslog when live): what a remote user at the app must not read.
    let operatorLog: (String) -> Void

    init(standardOutput: @escaping (String) -> Void, standardError: @escaping (String) -> Void,
         readLine: @escaping () throws -> String?, isInteractive: Bool, operatorLog: @escaping (String) -> Void = { _ in }) {
        self.operatorLog = operatorLog
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.readLine = readLine
        self.isInteractive = isInteractive
    }

    static func live() -> Console {
        Console(standardOutput: { text in Files.writeAll(text + "\n", to: STDOUT_FILENO) },
                standardError: { text in Files.writeAll(text + "\n", to: STDERR_FILENO) },
                readLine: { try LineReader.read() },
                isInteractive: isatty(STDIN_FILENO) == 1,
                operatorLog: OperatorLog.error)
    }

    /// Text that came from outside (a database row, an argument) is
    /// sanitised before it reaches the terminal.
    package func print(_ text: String) { standardOutput(TerminalText.sanitized(text)) }

    package func error(_ text: String) { standardError("termbank: " + TerminalText.sanitized(text)) }

    /// Asks a yes/no question on the terminal; anything but y/yes is no.
    func confirm(_ question: String) throws -> Bool {
        standardError(question + " [y/N] ")
        guard let answer = try readLine() else { return false }
        return ["y", "yes"].contains(answer.trimmingWhitespace().lowercased())
    }

    /// Reads a password: without echo from a terminal, else one line of stdin.
    func readSecret(prompt: String) throws -> Secret? {
        guard isInteractive else { return try readLine().map(Secret.init) }
        return try NoEchoPrompt.read(prompt: prompt).map(Secret.init)
    }

    /// A one-time code: asked for without echo, or one line of standard input.
    /// Never an argument, where `ps` and shell history would show it.
    func readCode(prompt: String) throws -> String {
        guard let code = try readSecret(prompt: prompt)?.exposedValue.trimmingWhitespace(),
              !code.isEmpty else {
            throw CommandFailure("No code given.", code: .dataError)
        }
        return code
    }

    package static func quoted(_ text: String) -> String { "\"" + TerminalText.sanitized(text) + "\"" }
}
