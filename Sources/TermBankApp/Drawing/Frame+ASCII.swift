/// A frame for a terminal that shows only ASCII (`TerminalCharset.ascii`).
extension Frame {
    /// Every cell ASCII, one stand-in per cell so no layout moves: line
    /// drawing stays (the painter draws it with the terminal's ACS line
    /// set), known symbols become their stand-ins, and anything else (a
    /// customer's accented name, a wide character and its tail) becomes
    /// `?` (and a blank), never bytes the terminal would garble.
    public func inASCII() -> Frame {
        var copy = self
        for row in copy.rows.indices {
            for column in copy.rows[row].indices {
                let cell = copy.rows[row][column]
                if cell.isWideTail {
                    copy.rows[row][column] = Cell(character: " ", role: cell.role)
                    continue
                }
                let character = cell.character
                if character.isASCII || Self.isLineDrawing(character) { continue }
                copy.rows[row][column] = Cell(character: Self.asciiStandIn(for: character), role: cell.role)
            }
        }
        return copy
    }

    /// Box drawing (U+2500–U+257F): the painter's to draw with ACS.
    public static func isLineDrawing(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else { return false }
        return (0x2500...0x257F).contains(scalar.value)
    }

    /// The ASCII character that stands in for a symbol the app draws.
    static func asciiStandIn(for character: Character) -> Character {
        asciiStandIns[character] ?? placeholder
    }

    static let asciiStandIns: [Character: Character] = [
        "…": ".", "“": "\"", "”": "\"", "‘": "'", "’": "'", "–": "-", "—": "-", "•": "*", "·": ".",
        "✓": "v", "✔": "v", "✗": "x", "✘": "x", "×": "x",
        "←": "<", "→": ">", "↑": "^", "↓": "v", "▲": "^", "▼": "v", "◀": "<", "▶": ">", "↵": "<",
        "▁": "_", "▂": "_", "▃": "-", "▄": "-", "▅": "=", "▆": "=", "▇": "#", "█": "#",
        "▀": "\"", "▌": "|", "▐": "|", "░": ":", "▒": ":", "▓": "#",
        "●": "o", "○": "o", "◉": "o", "◦": "o", "■": "#", "□": "o", "▸": ">", "▏": "|", "‿": "_",
        "\u{00A0}": " ", "\u{202F}": " ",
    ]
}
