import Glibc
import TermBankCore
import TermBankSystem

/// Where commands write. Injected so tests can run commands in-process and
/// read what they printed.
final class Console: @unchecked Sendable {
    private(set) var standardOutput: (String) -> Void
    private(set) var standardError: (String) -> Void
    let readLine: () -> String?
    let isInteractive: Bool

    init(standardOutput: @escaping (String) -> Void, standardError: @escaping (String) -> Void,
         readLine: @escaping () -> String?, isInteractive: Bool) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.readLine = readLine
        self.isInteractive = isInteractive
    }

    static func live() -> Console {
        Console(standardOutput: { text in Files.writeAll(text + "\n", to: STDOUT_FILENO) },
                standardError: { text in Files.writeAll(text + "\n", to: STDERR_FILENO) },
                readLine: { Swift.readLine(strippingNewline: true) },
                isInteractive: isatty(STDIN_FILENO) == 1)
    }

    /// Text that came from outside (a database row, an argument) is
    /// sanitised before it reaches the terminal.
    func print(_ text: String) { standardOutput(TerminalText.sanitized(text)) }

    func error(_ text: String) { standardError("termbank: " + TerminalText.sanitized(text)) }

    /// Asks a yes/no question on the terminal; anything but y/yes is no.
    func confirm(_ question: String) -> Bool {
        standardError(question + " [y/N] ")
        guard let answer = readLine() else { return false }
        return ["y", "yes"].contains(answer.trimmingWhitespace().lowercased())
    }

    /// Reads a password: without echo from a terminal, else one line of stdin.
    func readSecret(prompt: String) -> Secret? {
        guard isInteractive else { return readLine().map(Secret.init) }
        return NoEchoPrompt.read(prompt: prompt).map(Secret.init)
    }

    static func quoted(_ text: String) -> String { "\"" + TerminalText.sanitized(text) + "\"" }
}
