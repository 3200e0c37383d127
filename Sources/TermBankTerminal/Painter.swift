import CNcursesw
import Glibc
import TermBankApp

/// Puts frames on the terminal and reads keys from it: the app's only contact
/// with ncurses. Screens never draw here; they build a `Frame`, and the
/// painter shows it, sending only the cells that changed.
///
/// ncurses has one screen per process, so only one painter may be started at
/// a time.
public final class Painter: Renderer {
    public enum StartError: Error, Equatable, CustomStringConvertible {
        case noTerminal(String)
        /// TERM=dumb and its kind: no cursor addressing, so no full screen.
        case cannotAddressTheCursor(String)

        public var description: String {
            switch self {
            case .noTerminal(let term):
                return "Cannot use this terminal (TERM=\(term.isEmpty ? "unset" : term)); the full-screen bank needs one it knows."
            case .cannotAddressTheCursor(let term):
                return "TERM=\(term) cannot move the cursor; the full-screen bank needs a terminal that can, "
                    + "such as TERM=xterm-256color."
            }
        }
    }

    private var screen: OpaquePointer?
    private var window: UnsafeMutablePointer<WINDOW>?
    /// Indexed by `StyleRole.index`: looked up once per cell painted, where a
    /// dictionary's hashing was a tenth of the first frame's instructions.
    /// By `StyleRole.index`; set by `start()` (nothing is painted before it).
    private var styles: [RoleStyle] = []
    /// What the terminal shows now, as far as we know; nil means unknown.
    private var shown: Frame?
    private var shownScreenSize = Size.zero
    private var redrawRequested = false
    /// ASCII: line drawing goes out as the terminal's ACS characters.
    private let charset: TerminalCharset
    /// The bracketed paste being read, if one is open (`Painter+Keys`).
    var paste = PasteAssembler()

    public init(charset: TerminalCharset = .unicode) {
        self.charset = charset
    }

    /// The window keys are read from, once started.
    var cursesWindow: UnsafeMutablePointer<WINDOW>? { window }

    /// Takes over the terminal: raw keys (so Ctrl-C and Ctrl-Z arrive as keys,
    /// not signals), no echo, no cursor, and colours if it has them. After a
    /// `stop()`, takes it back and repaints on the next `paint`.
    ///
    /// `newterm` rather than `initscr`: the same set-up, but an unknown TERM is
    /// an error to report instead of ncurses printing one and exiting.
    public func start() throws(StartError) {
        TerminalRestore.installHandlers()
        if screen != nil {
            TerminalRestore.cursesActive.store(true, ordering: .releasing)
            if let window { wrefresh(window) }
            BracketedPaste.turnOn()
            forceRedraw()
            return
        }
        CharacterType.useUTF8IfUnnamed()
        let term = getenv("TERM").map { String(cString: $0) } ?? ""
        guard let screen = termbank_newterm(), let window = termbank_stdscr() else {
            throw .noTerminal(term)
        }
        guard termbank_can_address_cursor() != 0 else {
            // Give the terminal back before saying so: nothing half drawn stays.
            endwin()
            delscreen(screen)
            throw .cannotAddressTheCursor(term)
        }
        self.screen = screen
        self.window = window
        TerminalRestore.cursesActive.store(true, ordering: .releasing)
        raw()
        noecho()
        nonl()
        keypad(window, true)
        scrollok(window, false)
        curs_set(0)
        // Long enough for an arrow key's escape sequence over SSH to arrive in
        // one piece, short enough that Esc alone feels immediate.
        set_escdelay(25)
        // Pasted text arrives bracketed, as one paste, never as keys.
        BracketedPaste.recognise()
        BracketedPaste.turnOn()
        styles = RoleStyles.colour() ?? RoleStyles.monochrome()
        // Erasing fills the window with blanks in the normal style, so the
        // first paint (and every full redraw) draws only the other cells.
        var blank = Self.character(for: Cell.blank, style: styles[StyleRole.normal.index])
        wbkgrndset(window, &blank)
        shown = nil
    }

    /// Gives the terminal back (`endwin`). Safe to call more than once, and
    /// also done on exit and on fatal signals.
    public func stop() {
        TerminalRestore.restore()
    }

    /// The run loop is done with the screen: the terminal goes back at once.
    public func release() {
        stop()
    }

    /// The terminal's size now.
    public var size: Size {
        guard let window else { return .zero }
        return Size(columns: max(Int(getmaxx(window)), 0), rows: max(Int(getmaxy(window)), 0))
    }

    /// Makes the next `paint` redraw the whole screen from scratch (Ctrl-L),
    /// for when something else wrote to the terminal behind our back.
    public func forceRedraw() {
        redrawRequested = true
    }

    /// Shows a frame: only the cells that differ from the last frame painted,
    /// or every cell after a size change or `forceRedraw()`; then one refresh.
    /// Cells outside the terminal are left out.
    public func paint(_ frame: Frame) {
        guard let window, TerminalRestore.cursesActive.load(ordering: .acquiring) else { return }
        let screenSize = size
        let previous = (redrawRequested || screenSize != shownScreenSize || shown?.size != frame.size) ? nil : shown
        if previous == nil {
            werase(window)
            // The next refresh clears the terminal and rewrites every cell.
            if redrawRequested { clearok(window, true) }
        }
        let rows = min(frame.size.rows, screenSize.rows)
        let columns = min(frame.size.columns, screenSize.columns)
        for row in 0..<rows {
            let cells = frame.rows[row]
            let before = previous?.rows[row]
            for column in 0..<columns where cells[column] != (before?[column] ?? Cell.blank) {
                // A wide character's glyph covers its tail; drawing the tail
                // would erase it. A changed tail always comes with a changed
                // left half (the frame never leaves half a wide character).
                if cells[column].isWideTail { continue }
                var cell = cells[column]
                if column + 1 < frame.size.columns && cells[column + 1].isWideTail && column + 1 >= columns {
                    cell.scalar = " "   // its right half would be off the screen
                }
                draw(cell, row: row, column: column, screenSize: screenSize, window: window)
            }
        }
        wrefresh(window)
        shown = frame
        shownScreenSize = screenSize
        redrawRequested = false
    }

    private func draw(_ cell: Cell, row: Int, column: Int, screenSize: Size, window: UnsafeMutablePointer<WINDOW>) {
        var character = charset == .ascii && Frame.isLineDrawing(cell.character)
            ? Self.lineDrawing(for: cell, style: styles[cell.role.index])
            : Self.character(for: cell, style: styles[cell.role.index])
        if row == screenSize.rows - 1 && column == screenSize.columns - 1 {
            // Adding a character to the bottom-right cell would move the cursor
            // past the end of the screen; inserting it there moves nothing.
            mvwins_wch(window, Int32(row), Int32(column), &character)
        } else {
            mvwadd_wch(window, Int32(row), Int32(column), &character)
        }
    }

    /// A box-drawing cell as the terminal's own line-drawing character (ACS),
    /// for terminals that show only ASCII: the bytes sent are the terminal's
    /// alternate-set switch and an ASCII letter.
    private static func lineDrawing(for cell: Cell, style: RoleStyle) -> cchar_t {
        let letter = acsLetter(for: cell.character)
        return Self.cchar(termbank_acs_char(letter), attributes: style.attributes | termbank_acs_attributes(letter),
                          pair: style.pair)
    }

    /// The VT100 line-drawing letter for a box-drawing character; rounded,
    /// heavy and double lines have only the plain ones there.
    static func acsLetter(for character: Character) -> UInt8 {
        switch character {
        case "─", "━", "═", "┄", "┈", "╌": return UInt8(ascii: "q")
        case "│", "┃", "║", "┆", "┊", "╎": return UInt8(ascii: "x")
        case "┌", "╭", "┏", "╔": return UInt8(ascii: "l")
        case "┐", "╮", "┓", "╗": return UInt8(ascii: "k")
        case "└", "╰", "┗", "╚": return UInt8(ascii: "m")
        case "┘", "╯", "┛", "╝": return UInt8(ascii: "j")
        case "├", "┣", "╠": return UInt8(ascii: "t")
        case "┤", "┫", "╣": return UInt8(ascii: "u")
        case "┬", "┳", "╦": return UInt8(ascii: "w")
        case "┴", "┻", "╩": return UInt8(ascii: "v")
        default: return UInt8(ascii: "n")   // a crossing: the closest for any other joint
        }
    }

    private static func character(for cell: Cell, style: RoleStyle) -> cchar_t {
        // Frames hold single-scalar characters of one or two columns only.
        Self.cchar(wchar_t(bitPattern: cell.scalar.value), attributes: style.attributes, pair: style.pair)
    }

    /// One wide character and its look as ncurses' `cchar_t`. The two-element
    /// string `setcchar` reads is a tuple on the stack: an array was a heap
    /// allocation for every cell painted.
    private static func cchar(_ wide: wchar_t, attributes: attr_t, pair: Int16) -> cchar_t {
        var text: (wchar_t, wchar_t) = (wide, 0)
        var character = cchar_t()
        withUnsafeMutablePointer(to: &text) { pointer in
            pointer.withMemoryRebound(to: wchar_t.self, capacity: 2) { text in
                _ = setcchar(&character, text, attributes, pair, nil)
            }
        }
        return character
    }
}
