/// A sitekey picture from `assets/sitekeys/*.art`:
///
///     title: Fox
///     (9 lines of art)
///     ---
///     (9 lines of colour letters, one under each art character)
///     --- ascii
///     (9 lines of the same picture in ASCII, coloured by the same letters)
///
/// Colour letters: r g y b m c w k (red green yellow blue magenta cyan white
/// grey); a space, or the end of a shorter colour line, is normal. Parsing is
/// strict and says what is wrong, because a broken picture should fail in
/// tests, not show up garbled at sign-in.
public struct SitekeyArt: Equatable, Sendable {
    public static let height = 9

    public let title: String
    /// `height` rows of cells, each row as long as its art line.
    public let cells: [[Cell]]
    /// The picture for a terminal that shows only ASCII; nil when the file has
    /// none (the view then names the picture instead of garbling it).
    public let asciiCells: [[Cell]]?

    public init(title: String, cells: [[Cell]], asciiCells: [[Cell]]? = nil) {
        self.title = title
        self.cells = cells
        self.asciiCells = asciiCells
    }

    /// Columns are those of the widest line.
    public var size: Size {
        Size(columns: cells.map(\.count).max() ?? 0, rows: cells.count)
    }

    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case badHeader
        case missingSeparator
        case wrongLineCount(section: Section, found: Int)
        /// Lines are counted from 1 within their section.
        case colourLineTooLong(line: Int)
        case unknownColour(Character, line: Int, column: Int)
        case characterNotOneColumn(line: Int, column: Int)
        case asciiNotASCII(line: Int, column: Int)

        public enum Section: String, Sendable { case art, colours, ascii }

        public var description: String {
            switch self {
            case .badHeader:
                return "A sitekey picture starts with a line \"title: NAME\"."
            case .missingSeparator:
                return "A sitekey picture needs a \"---\" line between the art and its colours."
            case .wrongLineCount(let section, let found):
                return "A sitekey picture has \(SitekeyArt.height) \(section.rawValue) lines, not \(found)."
            case .colourLineTooLong(let line):
                return "Colour line \(line) is longer than art line \(line)."
            case .unknownColour(let letter, let line, let column):
                return "Unknown colour \"\(letter)\" at colour line \(line), column \(column); use r g y b m c w k or a space."
            case .characterNotOneColumn(let line, let column):
                return "Art line \(line), column \(column) is not a character one column wide."
            case .asciiNotASCII(let line, let column):
                return "ASCII line \(line), column \(column) is not a printable ASCII character."
            }
        }
    }

    static let colours: [Character: StyleRole] = [
        " ": .normal, "r": .red, "g": .green, "y": .yellow, "b": .blue,
        "m": .magenta, "c": .cyan, "w": .white, "k": .grey,
    ]

    public static func parse(_ text: String) throws(Problem) -> SitekeyArt {
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        if lines.last == "" { lines.removeLast() }     // the file's final newline

        guard let header = lines.first, header.hasPrefix("title:") else { throw .badHeader }
        let title = header.dropFirst("title:".count).trimmingSpaces
        guard !title.isEmpty else { throw .badHeader }

        let body = lines.dropFirst()
        guard let separator = body.firstIndex(of: "---") else { throw .missingSeparator }
        let art = Array(body[..<separator])
        let afterColours = body[(separator + 1)...]
        let asciiSeparator = afterColours.firstIndex(of: "--- ascii")
        let colourLines = Array(afterColours[..<(asciiSeparator ?? afterColours.endIndex)])
        guard art.count == height else { throw .wrongLineCount(section: .art, found: art.count) }
        guard colourLines.count == height else { throw .wrongLineCount(section: .colours, found: colourLines.count) }
        var asciiCells: [[Cell]]?
        if let asciiSeparator {
            let ascii = Array(afterColours[(asciiSeparator + 1)...])
            guard ascii.count == height else { throw .wrongLineCount(section: .ascii, found: ascii.count) }
            for (index, line) in ascii.enumerated() {
                if let bad = line.firstIndex(where: { !($0.isASCII && ($0 == " " || $0.isPunctuation || $0.isSymbol
                                                                          || $0.isLetter || $0.isNumber)) }) {
                    throw .asciiNotASCII(line: index + 1, column: line.distance(from: line.startIndex, to: bad) + 1)
                }
            }
            asciiCells = try colour(ascii, with: colourLines)
        }
        return SitekeyArt(title: title, cells: try colour(art, with: colourLines), asciiCells: asciiCells)
    }

    /// Each art line's characters in the role of the colour letter under it.
    private static func colour(_ art: [String], with colourLines: [String]) throws(Problem) -> [[Cell]] {

        var cells: [[Cell]] = []
        for (index, (artLine, colourLine)) in zip(art, colourLines).enumerated() {
            let line = index + 1
            let characters = Array(artLine), letters = Array(colourLine)
            guard letters.count <= characters.count else { throw .colourLineTooLong(line: line) }
            var row: [Cell] = []
            for (offset, character) in characters.enumerated() {
                guard CellWidth.fitsOneCell(character) else {
                    throw .characterNotOneColumn(line: line, column: offset + 1)
                }
                let letter: Character = offset < letters.count ? letters[offset] : " "
                guard let role = colours[letter] else {
                    throw .unknownColour(letter, line: line, column: offset + 1)
                }
                row.append(Cell(character: character, role: role))
            }
            cells.append(row)
        }
        return cells
    }

    /// Draws the picture with its top-left corner at a position, clipped by
    /// the frame. Spaces are drawn too, so the picture covers what was there.
    public func draw(into frame: inout Frame, row: Int, column: Int, charset: TerminalCharset = .unicode) {
        let lines = charset == .ascii ? (asciiCells ?? []) : cells
        for (lineOffset, line) in lines.enumerated() {
            for (offset, cell) in line.enumerated() {
                frame.set(cell, row: row.saturatingAdding(lineOffset), column: column.saturatingAdding(offset))
            }
        }
    }
}

extension Substring {
    var trimmingSpaces: String {
        var text = self
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return String(text)
    }
}
