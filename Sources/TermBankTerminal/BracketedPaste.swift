import CNcursesw
import Glibc

/// Bracketed paste (xterm's private mode 2004): once the painter asks for it,
/// the terminal sends pasted text between `ESC[200~` and `ESC[201~`, so the
/// reader can tell a paste from keys (`PasteAssembler`). Without it an Esc in
/// pasted text is the Esc key and a line break is Enter.
///
/// The sequences are the terminal entry's own where it has them (ncurses 6's
/// user capabilities `BE`, `BD`, `PS`, `PE`: the xterm and tmux entries), and
/// xterm's otherwise: most entries in use (screen, VTE, kitty, rxvt, the
/// Linux console) do not name them although their terminals implement the
/// mode, and a terminal that does not know a DEC private mode ignores it
/// (docs/decisions/0031-bracketed-paste-always-asked-for.md).
enum BracketedPaste {
    static let xtermOn = "\u{1B}[?2004h"
    static let xtermOff = "\u{1B}[?2004l"
    static let xtermStart = "\u{1B}[200~"
    static let xtermEnd = "\u{1B}[201~"

    /// The terminal entry's string capability `name`, or `fallback` where it has none.
    static func capability(_ name: String, else fallback: String) -> String {
        termbank_string_capability(name).map { String(cString: $0) } ?? fallback
    }

    /// Makes ncurses read the brackets as two key codes of their own (keypad
    /// mode decodes them like an arrow key's sequence): the entry's and
    /// xterm's, which every terminal with the mode sends.
    static func recognise() {
        let starts = Set([capability("PS", else: xtermStart), xtermStart])
        let ends = Set([capability("PE", else: xtermEnd), xtermEnd])
        for start in starts where !start.isEmpty { define_key(start, Painter.pasteStartCode) }
        for end in ends where !end.isEmpty { define_key(end, Painter.pasteEndCode) }
    }

    /// Asks the terminal for bracketed paste, after telling every exit path
    /// (`TerminalRestore`) how to turn it off again.
    static func turnOn() {
        TerminalRestore.sendOnRestore(capability("BD", else: xtermOff))
        TerminalRestore.send(capability("BE", else: xtermOn))
    }
}
