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
    /// The terminal's real size (`WindowSize`): ncurses' screen is at most `AppState.maximumSize`.
    private var terminalSize: Size?
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
        WindowSize.install()
        terminalSize = WindowSize.terminal()
        guard let screen = WindowSize.starting({ termbank_newterm() }), let window = termbank_stdscr() else {
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
        // Every byte whole: the reader decodes UTF-8 itself (`Painter.readInput`).
        meta(window, true)
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
        var blank = styles[StyleRole.normal.index].template
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

    /// The terminal's size now, as the kernel says it: larger than ncurses'
    /// screen when past `AppState.maximumSize` (the app then says so).
    public var size: Size {
        terminalSize ?? cursesSize
    }

    /// ncurses' screen: what is painted into.
    private var cursesSize: Size {
        guard let window else { return .zero }
        return Size(columns: max(Int(getmaxx(window)), 0), rows: max(Int(getmaxy(window)), 0))
    }

    /// After SIGWINCH: the terminal's new size, with ncurses' screen resized
    /// to it, or to the maximum when it is larger. Nil when nothing changed.
    func takeResize() -> Size? {
        guard WindowSize.changed.exchange(false, ordering: .acquiringAndReleasing), window != nil else { return nil }
        guard let real = WindowSize.terminal() else { return nil }
        terminalSize = real
        let bounded = WindowSize.curses(for: real)
        if bounded != cursesSize { resizeterm(Int32(bounded.rows), Int32(bounded.columns)) }
        return real
    }

    /// Makes the next `paint` redraw the whole screen from scratch (Ctrl-L),
    /// for when something else wrote to the terminal behind our back.
    public func forceRedraw() {
        redrawRequested = true
    }

    /// Shows a frame: only the cells that differ from the last frame painted,
    /// or every cell after a size change or `forceRedraw()`; then one refresh.
    /// Cells outside the terminal are left out.
    ///
    /// Changed cells go into the window a run at a time (`mvwadd_wchnstr`):
    /// a run is copied into the window's line as it is, where `mvwadd_wch`
    /// moved the cursor and interpreted each cell on its own (a third of the
    /// first frame's painting, decision 92). A copy
    /// never moves the cursor, so the bottom-right cell needs no care, and
    /// ncurses gives a wide character its second column itself.
    public func paint(_ frame: Frame) {
        guard let window, TerminalRestore.cursesActive.load(ordering: .acquiring) else { return }
        let screenSize = cursesSize
        let previous = (redrawRequested || screenSize != shownScreenSize || shown?.size != frame.size) ? nil : shown
        if previous == nil {
            werase(window)
            // The next refresh clears the terminal and rewrites every cell.
            if redrawRequested { clearok(window, true) }
        }
        let rows = min(frame.size.rows, screenSize.rows)
        let columns = min(frame.size.columns, screenSize.columns)
        let blank = Cell.blank
        // A local buffer: appending to a property checked exclusive access for every cell.
        var run: [cchar_t] = []
        run.reserveCapacity(columns)
        // Where the last run ended: the window's cursor goes there, as if the
        // cells had been added one by one, so the next refresh does not start
        // by moving the terminal's cursor back (bytes on every key).
        var end: (row: Int, column: Int)?
        for row in 0..<rows {
            let cells = frame.rows[row]
            let before = previous?.rows[row]
            var runStart = 0
            var column = 0
            while column < columns {
                let cell = cells[column]
                // A wide character's tail is covered by its glyph: it belongs
                // to the run of its left half, and is never drawn itself. A
                // changed tail always comes with a changed left half (the
                // frame never leaves half a wide character).
                if cell.isWideTail {
                    if run.isEmpty { runStart = column + 1 }
                    column += 1
                    continue
                }
                guard cell != (before?[column] ?? blank) else {
                    if !run.isEmpty { end = (row, column) }
                    flush(&run, row: row, column: runStart, window: window)
                    column += 1
                    runStart = column
                    continue
                }
                var shownCell = cell
                if column + 1 < frame.size.columns && cells[column + 1].isWideTail && column + 1 >= columns {
                    shownCell.scalar = " "   // its right half would be off the screen
                }
                run.append(character(for: shownCell))
                column += 1
            }
            if !run.isEmpty { end = (row, column) }
            flush(&run, row: row, column: runStart, window: window)
        }
        if let end {
            // Past the last column the cursor wraps to the next row, as adding a cell there would.
            let wraps = end.column >= screenSize.columns && end.row + 1 < screenSize.rows
            wmove(window, Int32(wraps ? end.row + 1 : end.row),
                  Int32(wraps ? 0 : min(end.column, screenSize.columns - 1)))
        }
        wrefresh(window)
        shown = frame
        shownScreenSize = screenSize
        redrawRequested = false
    }

    /// Puts a run of cells into the window from `column` on, and empties it.
    private func flush(_ run: inout [cchar_t], row: Int, column: Int, window: UnsafeMutablePointer<WINDOW>) {
        guard !run.isEmpty else { return }
        run.withUnsafeBufferPointer { cells in
            _ = mvwadd_wchnstr(window, Int32(row), Int32(column), cells.baseAddress, Int32(cells.count))
        }
        run.removeAll(keepingCapacity: true)
    }

    private func character(for cell: Cell) -> cchar_t {
        let style = styles[cell.role.index]
        if charset == .ascii && Frame.isLineDrawing(cell.character) { return Self.lineDrawing(for: cell, style: style) }
        // Frames hold single-scalar characters of one or two columns only.
        var character = style.template
        character.chars.0 = wchar_t(bitPattern: cell.scalar.value)
        return character
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

    /// One wide character and its look as ncurses' `cchar_t`. The two-element
    /// string `setcchar` reads is a tuple on the stack: an array was a heap
    /// allocation for every cell painted.
    static func cchar(_ wide: wchar_t, attributes: attr_t, pair: Int16) -> cchar_t {
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
