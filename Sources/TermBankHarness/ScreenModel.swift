import TermBankCore

/// A small model of an xterm-like screen, for the benchmarks and tests: it follows
/// what a curses program writes to its terminal (cursor moves, text, erases,
/// scroll regions, colours) so a driver can tell which screen is up and
/// how many cells a keystroke really changed. Not a terminal emulator: every
/// character is one column wide, and requests the program sends to the
/// terminal (window titles, mode switches, queries) are skipped.
package struct ScreenModel {
    package struct Attributes: Equatable {
        package var bold = false
        package var dim = false
        package var italic = false
        package var underline = false
        package var blink = false
        package var reverse = false
        package var invisible = false
        /// -1 is the terminal's default colour; 0-255 a palette index; above that 24-bit RGB + 256.
        package var foreground = -1
        package var background = -1
    }

    package struct Cell: Equatable {
        package var scalar: Unicode.Scalar = " "
        package var attributes = Attributes()
    }

    package let columns: Int
    package let rows: Int
    package private(set) var cells: [[Cell]]
    package private(set) var cursorRow = 0
    package private(set) var cursorColumn = 0
    private var wrapPending = false
    private var attributes = Attributes()
    private var scrollTop = 0
    private var scrollBottom: Int
    private var saved: (row: Int, column: Int, attributes: Attributes)?
    private var lastPrinted: Unicode.Scalar = " "
    /// G0 is DEC special graphics (line drawing), as `ESC ( 0` selects.
    private var lineDrawing = false

    private enum State { case ground, escape, charset(designatesG0: Bool), csi, string, stringEscape }
    private var state = State.ground
    private var sequence: [UInt8] = []
    private var utf8: [UInt8] = []
    private var utf8Needed = 0

    package init(columns: Int, rows: Int) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        scrollBottom = self.rows - 1
        cells = Array(repeating: Array(repeating: Cell(), count: self.columns), count: self.rows)
    }

    /// One row as text, trailing spaces removed.
    package func text(row: Int) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: cells[row].map(\.scalar))
        var text = String(scalars)
        while text.last == " " { text.removeLast() }
        return text
    }

    package var lines: [String] { (0..<rows).map { text(row: $0) } }

    package func contains(_ needle: String) -> Bool {
        (0..<rows).contains { text(row: $0).containsText(needle) }
    }

    /// Cells that differ (character or look) from another screen of the same size.
    package func changedCells(since other: ScreenModel) -> Int {
        guard other.rows == rows, other.columns == columns else { return rows * columns }
        var count = 0
        for row in 0..<rows {
            for column in 0..<columns where cells[row][column] != other.cells[row][column] { count += 1 }
        }
        return count
    }

    package mutating func feed<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        for byte in bytes { feed(byte) }
    }

    package mutating func feed(_ byte: UInt8) {
        switch state {
        case .ground:
            ground(byte)
        case .escape:
            escape(byte)
        case .charset(let designatesG0):
            if designatesG0 { lineDrawing = byte == UInt8(ascii: "0") }
            state = .ground
        case .csi:
            if byte == 0x1B {
                state = .escape
            } else if (0x40...0x7E).contains(byte) {
                controlSequence(final: byte)
                state = .ground
            } else if byte >= 0x20 {
                sequence.append(byte)
            }
        case .string:
            if byte == 0x07 { state = .ground } else if byte == 0x1B { state = .stringEscape }
        case .stringEscape:
            state = byte == UInt8(ascii: "\\") ? .ground : .string
        }
    }

    // MARK: Plain bytes

    private mutating func ground(_ byte: UInt8) {
        if utf8Needed > 0 {
            if byte & 0xC0 == 0x80 {
                utf8.append(byte)
                utf8Needed -= 1
                if utf8Needed == 0 { printUTF8() }
                return
            }
            utf8Needed = 0
            utf8 = []
            put("\u{FFFD}")
        }
        switch byte {
        case 0x1B: state = .escape
        case 0x0D:
            cursorColumn = 0
            wrapPending = false
        case 0x0A, 0x0B, 0x0C: lineFeed()
        case 0x08:
            cursorColumn = max(0, cursorColumn - 1)
            wrapPending = false
        case 0x09:
            cursorColumn = min(columns - 1, (cursorColumn / 8 + 1) * 8)
            wrapPending = false
        case 0x00..<0x20, 0x7F: break
        case 0x20..<0x7F:
            let scalar = Unicode.Scalar(byte)
            put(lineDrawing ? Self.decSpecialGraphics(scalar) : scalar)
        case 0xC2...0xDF: startUTF8(byte, needing: 1)
        case 0xE0...0xEF: startUTF8(byte, needing: 2)
        case 0xF0...0xF4: startUTF8(byte, needing: 3)
        default: put("\u{FFFD}")
        }
    }

    private mutating func startUTF8(_ byte: UInt8, needing: Int) {
        utf8 = [byte]
        utf8Needed = needing
    }

    private mutating func printUTF8() {
        let decoded = String(decoding: utf8, as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
        utf8 = []
        put(decoded)
    }

    private mutating func put(_ scalar: Unicode.Scalar) {
        if wrapPending {
            cursorColumn = 0
            lineFeed()
        }
        cells[cursorRow][cursorColumn] = Cell(scalar: scalar, attributes: attributes)
        lastPrinted = scalar
        if cursorColumn == columns - 1 {
            wrapPending = true
        } else {
            cursorColumn += 1
        }
    }

    // MARK: Escape sequences

    private mutating func escape(_ byte: UInt8) {
        state = .ground
        switch byte {
        case UInt8(ascii: "["):
            sequence = []
            state = .csi
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"), UInt8(ascii: "X"):
            state = .string
        case UInt8(ascii: "("): state = .charset(designatesG0: true)
        case UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"): state = .charset(designatesG0: false)
        case UInt8(ascii: "7"): saved = (cursorRow, cursorColumn, attributes)
        case UInt8(ascii: "8"): restoreCursor()
        case UInt8(ascii: "D"): lineFeed()
        case UInt8(ascii: "E"):
            cursorColumn = 0
            lineFeed()
        case UInt8(ascii: "M"): reverseIndex()
        case UInt8(ascii: "c"): self = ScreenModel(columns: columns, rows: rows)
        default: break
        }
    }

    private mutating func controlSequence(final: UInt8) {
        let isPrivate = sequence.first.map { (0x3C...0x3F).contains($0) } ?? false
        let body = isPrivate ? sequence.dropFirst() : sequence[...]
        let parameters = body.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map { part in
            Int(String(decoding: part.prefix { (0x30...0x39).contains($0) }, as: UTF8.self))
        }
        func parameter(_ index: Int, default fallback: Int) -> Int {
            index < parameters.count ? (parameters[index] ?? fallback) : fallback
        }
        let count = max(1, parameter(0, default: 1))
        if isPrivate {
            // Entering the alternate screen starts an empty one. Leaving it keeps
            // the last picture here (a terminal would show its main screen
            // again), so what a program drew before it ended can still be read.
            if [47, 1047, 1049].contains(parameter(0, default: 0)), final == UInt8(ascii: "h") {
                erase(fromRow: 0, column: 0, toRow: rows - 1, column: columns - 1)
            }
            return
        }
        switch final {
        case UInt8(ascii: "H"), UInt8(ascii: "f"):
            moveTo(row: parameter(0, default: 1) - 1, column: parameter(1, default: 1) - 1)
        case UInt8(ascii: "A"): moveTo(row: max(cursorRow - count, 0), column: cursorColumn)
        case UInt8(ascii: "B"): moveTo(row: cursorRow + count, column: cursorColumn)
        case UInt8(ascii: "C"): moveTo(row: cursorRow, column: cursorColumn + count)
        case UInt8(ascii: "D"): moveTo(row: cursorRow, column: cursorColumn - count)
        case UInt8(ascii: "E"): moveTo(row: cursorRow + count, column: 0)
        case UInt8(ascii: "F"): moveTo(row: cursorRow - count, column: 0)
        case UInt8(ascii: "G"), UInt8(ascii: "`"): moveTo(row: cursorRow, column: count - 1)
        case UInt8(ascii: "d"): moveTo(row: count - 1, column: cursorColumn)
        case UInt8(ascii: "J"):
            switch parameter(0, default: 0) {
            case 0: erase(fromRow: cursorRow, column: cursorColumn, toRow: rows - 1, column: columns - 1)
            case 1: erase(fromRow: 0, column: 0, toRow: cursorRow, column: cursorColumn)
            default: erase(fromRow: 0, column: 0, toRow: rows - 1, column: columns - 1)
            }
        case UInt8(ascii: "K"):
            switch parameter(0, default: 0) {
            case 0: erase(fromRow: cursorRow, column: cursorColumn, toRow: cursorRow, column: columns - 1)
            case 1: erase(fromRow: cursorRow, column: 0, toRow: cursorRow, column: cursorColumn)
            default: erase(fromRow: cursorRow, column: 0, toRow: cursorRow, column: columns - 1)
            }
        case UInt8(ascii: "X"):
            erase(fromRow: cursorRow, column: cursorColumn, toRow: cursorRow,
                  column: min(columns - 1, cursorColumn + count - 1))
        case UInt8(ascii: "@"):
            let row = cursorRow
            let blanks = min(count, columns - cursorColumn)
            cells[row].insert(contentsOf: Array(repeating: blank(), count: blanks), at: cursorColumn)
            cells[row].removeLast(blanks)
        case UInt8(ascii: "P"):
            let row = cursorRow
            let removed = min(count, columns - cursorColumn)
            cells[row].removeSubrange(cursorColumn..<(cursorColumn + removed))
            cells[row].append(contentsOf: Array(repeating: blank(), count: removed))
        case UInt8(ascii: "L"):
            if (scrollTop...scrollBottom).contains(cursorRow) { scrollDown(count, from: cursorRow) }
        case UInt8(ascii: "M"):
            if (scrollTop...scrollBottom).contains(cursorRow) { scrollUp(count, from: cursorRow) }
        case UInt8(ascii: "S"): scrollUp(count, from: scrollTop)
        case UInt8(ascii: "T"): scrollDown(count, from: scrollTop)
        case UInt8(ascii: "b"):
            for _ in 0..<min(count, rows * columns) { put(lastPrinted) }
        case UInt8(ascii: "r"):
            let top = parameter(0, default: 1) - 1
            let bottom = parameter(1, default: rows) - 1
            if top >= 0, bottom < rows, top < bottom {
                scrollTop = top
                scrollBottom = bottom
            } else {
                scrollTop = 0
                scrollBottom = rows - 1
            }
            moveTo(row: 0, column: 0)
        case UInt8(ascii: "m"):
            selectGraphicRendition(parameters.map { $0 ?? 0 })
        case UInt8(ascii: "s"): saved = (cursorRow, cursorColumn, attributes)
        case UInt8(ascii: "u"): restoreCursor()
        default:
            break  // modes, window operations, queries: nothing to draw
        }
    }

    private mutating func selectGraphicRendition(_ codes: [Int]) {
        var index = 0
        let codes = codes.isEmpty ? [0] : codes
        while index < codes.count {
            let code = codes[index]
            switch code {
            case 0: attributes = Attributes()
            case 1: attributes.bold = true
            case 2: attributes.dim = true
            case 3: attributes.italic = true
            case 4: attributes.underline = true
            case 5: attributes.blink = true
            case 7: attributes.reverse = true
            case 8: attributes.invisible = true
            case 22:
                attributes.bold = false
                attributes.dim = false
            case 23: attributes.italic = false
            case 24: attributes.underline = false
            case 25: attributes.blink = false
            case 27: attributes.reverse = false
            case 28: attributes.invisible = false
            case 30...37: attributes.foreground = code - 30
            case 39: attributes.foreground = -1
            case 40...47: attributes.background = code - 40
            case 49: attributes.background = -1
            case 90...97: attributes.foreground = code - 90 + 8
            case 100...107: attributes.background = code - 100 + 8
            case 38, 48:
                var colour = -1
                if index + 2 < codes.count, codes[index + 1] == 5 {
                    colour = codes[index + 2]
                    index += 2
                } else if index + 4 < codes.count, codes[index + 1] == 2 {
                    colour = 256 + (codes[index + 2] << 16 | codes[index + 3] << 8 | codes[index + 4])
                    index += 4
                }
                if code == 38 { attributes.foreground = colour } else { attributes.background = colour }
            default: break
            }
            index += 1
        }
    }

    // MARK: Cursor, erasing, scrolling

    private mutating func moveTo(row: Int, column: Int) {
        cursorRow = min(max(row, 0), rows - 1)
        cursorColumn = min(max(column, 0), columns - 1)
        wrapPending = false
    }

    private mutating func restoreCursor() {
        guard let saved else { return moveTo(row: 0, column: 0) }
        moveTo(row: saved.row, column: saved.column)
        attributes = saved.attributes
    }

    /// Erased cells take the current background colour (xterm's back-colour erase).
    private func blank() -> Cell {
        var look = Attributes()
        look.background = attributes.background
        return Cell(scalar: " ", attributes: look)
    }

    private mutating func erase(fromRow: Int, column fromColumn: Int, toRow: Int, column toColumn: Int) {
        guard fromRow <= toRow else { return }
        let empty = blank()
        for row in fromRow...toRow {
            let first = row == fromRow ? fromColumn : 0
            let last = row == toRow ? toColumn : columns - 1
            guard first <= last else { continue }
            for column in first...last { cells[row][column] = empty }
        }
        wrapPending = false
    }

    private mutating func lineFeed() {
        wrapPending = false
        if cursorRow == scrollBottom {
            scrollUp(1, from: scrollTop)
        } else if cursorRow < rows - 1 {
            cursorRow += 1
        }
    }

    private mutating func reverseIndex() {
        wrapPending = false
        if cursorRow == scrollTop {
            scrollDown(1, from: scrollTop)
        } else if cursorRow > 0 {
            cursorRow -= 1
        }
    }

    /// Moves the lines from `top` to the region's bottom up by `count`, blank lines entering below.
    private mutating func scrollUp(_ count: Int, from top: Int) {
        let height = scrollBottom - top + 1
        guard height > 0 else { return }
        let shift = min(count, height)
        let empty = Array(repeating: blank(), count: columns)
        for row in top...scrollBottom {
            cells[row] = row + shift <= scrollBottom ? cells[row + shift] : empty
        }
    }

    /// Moves the lines from `top` to the region's bottom down by `count`, blank lines entering at `top`.
    private mutating func scrollDown(_ count: Int, from top: Int) {
        let height = scrollBottom - top + 1
        guard height > 0 else { return }
        let shift = min(count, height)
        let empty = Array(repeating: blank(), count: columns)
        for row in stride(from: scrollBottom, through: top, by: -1) {
            cells[row] = row - shift >= top ? cells[row - shift] : empty
        }
    }

    /// The VT100 line-drawing set, as curses uses it for boxes (`ESC ( 0`).
    package static func decSpecialGraphics(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        switch scalar {
        case "j": return "┘"
        case "k": return "┐"
        case "l": return "┌"
        case "m": return "└"
        case "n": return "┼"
        case "q": return "─"
        case "t": return "├"
        case "u": return "┤"
        case "v": return "┴"
        case "w": return "┬"
        case "x": return "│"
        case "a": return "▒"
        case "`": return "◆"
        case "~": return "·"
        default: return scalar
        }
    }
}
