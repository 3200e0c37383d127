import Glibc
import TermBankSystem

/// Reads one line from the terminal with echo off, and always turns echo
/// back on: after the line, on end of input, and on Ctrl-C.
enum NoEchoPrompt {
    nonisolated(unsafe) private static var saved = termios()
    nonisolated(unsafe) private static var active = false

    static func read(prompt: String) throws -> String? {
        Files.writeAll(prompt, to: STDERR_FILENO)
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return try LineReader.read() }
        saved = settings
        active = true
        signal(SIGINT) { _ in
            if NoEchoPrompt.active { tcsetattr(STDIN_FILENO, TCSAFLUSH, &NoEchoPrompt.saved) }
            _exit(130)
        }
        settings.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
        defer {
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
            active = false
            signal(SIGINT, SIG_DFL)
            Files.writeAll("\n", to: STDERR_FILENO)
        }
        return try LineReader.read()
    }
}
