import TermBankApp
import TermBankTerminal

/// A frame as an SVG picture of a dark terminal, for the docs: each cell's
/// colour is its role's look on the terminal (`RoleLook`, which the painter
/// uses too) in a fixed palette. Test support only: nothing here ships.
///
/// Block elements and box drawing are drawn as shapes, not glyphs, so the
/// sitekeys and QR codes have no gaps between rows and boxes join up whatever
/// monospace font the browser picks. Every other character is text, placed
/// cell by cell.
enum ScreenPicture {
    static let cellWidth = 10
    static let cellHeight = 20
    static let margin = 16
    /// From the top of a cell to the text's baseline.
    static let baseline = 15

    /// A dark theme's terminal colours (those of VS Code's terminal).
    enum Palette {
        static let foreground = "#cccccc"
        static let background = "#1e1e1e"

        static func hex(_ colour: RoleLook.Colour) -> String {
            switch colour {
            case .black: "#000000"
            case .red: "#cd3131"
            case .green: "#0dbc79"
            case .yellow: "#e5e510"
            case .blue: "#2472c8"
            case .magenta: "#bc3fbc"
            case .cyan: "#11a8cd"
            case .white: "#e5e5e5"
            case .brightBlack: "#767676"
            }
        }
    }

    /// What a role's cells look like in the picture.
    struct Paint: Equatable {
        let ink: String
        /// nil: the terminal's background shows through.
        let paper: String?
        let bold: Bool

        init(ink: String, paper: String?, bold: Bool) {
            self.ink = ink
            self.paper = paper
            self.bold = bold
        }

        init(_ role: StyleRole) {
            let look = RoleLook.of(role)
            var ink = look.ink.map(Palette.hex) ?? Palette.foreground
            var paper = look.paper.map(Palette.hex)
            switch look.emphasis {
            case .normal, .bold: break
            // Dim text: the ink 60% of the way from the background.
            case .dim: ink = ScreenPicture.mix(ink, Palette.background, inkShare: 0.6)
            case .reverse: (ink, paper) = (paper ?? Palette.background, ink)
            }
            self.ink = ink
            self.paper = paper
            bold = look.emphasis == .bold
        }
    }

    static func svg(_ frame: Frame, title: String) -> String {
        let width = frame.size.columns * cellWidth + 2 * margin
        let height = frame.size.rows * cellHeight + 2 * margin
        var svg = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\""
                + " font-family=\"'DejaVu Sans Mono', Menlo, Consolas, monospace\" font-size=\"16.6\">",
            "<title>\(escaped(title))</title>",
            "<rect width=\"\(width)\" height=\"\(height)\" rx=\"8\" fill=\"\(Palette.background)\"/>",
        ]
        svg += papers(frame)
        for role in StyleRole.allCases {
            svg += inks(frame, role: role)
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    // MARK: Layers

    /// Backgrounds of cells whose role has its own (fields, focus), one
    /// rectangle per run of cells.
    private static func papers(_ frame: Frame) -> [String] {
        var rects: [String] = []
        for (row, cells) in frame.rows.enumerated() {
            var column = 0
            while column < cells.count {
                guard let paper = Paint(cells[column].role).paper else { column += 1; continue }
                let start = column
                while column < cells.count, Paint(cells[column].role).paper == paper { column += 1 }
                rects.append(rect(x: x(start), y: y(row), width: (column - start) * cellWidth, height: cellHeight, fill: paper))
            }
        }
        return rects.isEmpty ? [] : ["<g shape-rendering=\"crispEdges\">"] + rects + ["</g>"]
    }

    /// One group per role: its text, its block elements as rectangles, its
    /// box drawing as one path.
    private static func inks(_ frame: Frame, role: StyleRole) -> [String] {
        let paint = Paint(role)
        var texts: [String] = []
        var blocks: [String] = []
        var lines = Lines()
        for (row, cells) in frame.rows.enumerated() {
            var column = 0
            while column < cells.count {
                let cell = cells[column]
                guard cell.role == role, cell.character != " " else { column += 1; continue }
                if let parts = blockParts[cell.character] {
                    // A run of the same full-width block is one rectangle per part.
                    let start = column
                    let spansCell = parts.allSatisfy { $0.left == 0 && $0.right == 1 }
                    repeat { column += 1 } while spansCell && column < cells.count && cells[column].role == role
                        && cells[column].character == cell.character
                    for part in parts {
                        let left = x(start) + Int(part.left * Double(cellWidth))
                        let right = x(column - 1) + Int(part.right * Double(cellWidth))
                        blocks.append(rect(x: left, y: y(row), dy: part.top * Double(cellHeight), width: right - left,
                                           height: (part.bottom - part.top) * Double(cellHeight), fill: nil))
                    }
                } else if let arms = boxArms[cell.character] {
                    lines.add(arms, column: column, row: row)
                    column += 1
                } else {
                    let start = column
                    var run: [Character] = []
                    while column < cells.count, cells[column].role == role, cells[column].character != " ",
                          blockParts[cells[column].character] == nil, boxArms[cells[column].character] == nil {
                        run.append(cells[column].character)
                        column += 1
                    }
                    // textLength holds a word to its cells in any monospace font
                    // a browser picks; the font size makes DejaVu Sans Mono's
                    // advance one cell for renderers that ignore it.
                    texts.append("<text x=\"\(x(start))\" y=\"\(y(row) + baseline)\" textLength=\"\(run.count * cellWidth)\">"
                                 + escaped(String(run)) + "</text>")
                }
            }
        }
        let path = lines.path
        if texts.isEmpty && blocks.isEmpty && path.isEmpty { return [] }
        var group = ["<g class=\"\(role)\" fill=\"\(paint.ink)\"\(paint.bold ? " font-weight=\"bold\"" : "")>"]
        if !path.isEmpty {
            group.append("<path fill=\"none\" stroke=\"\(paint.ink)\" stroke-width=\"1.2\" stroke-linecap=\"square\" d=\"\(path)\"/>")
        }
        if !blocks.isEmpty { group += ["<g shape-rendering=\"crispEdges\">"] + blocks + ["</g>"] }
        group += texts
        group.append("</g>")
        return group
    }

    // MARK: Shapes

    /// A block element as parts of its cell, in fractions from the top left.
    struct Part { let left, top, right, bottom: Double }

    private static let upperLeft = Part(left: 0, top: 0, right: 0.5, bottom: 0.5)
    private static let upperRight = Part(left: 0.5, top: 0, right: 1, bottom: 0.5)
    private static let lowerLeft = Part(left: 0, top: 0.5, right: 0.5, bottom: 1)
    private static let lowerRight = Part(left: 0.5, top: 0.5, right: 1, bottom: 1)
    private static let upperHalf = Part(left: 0, top: 0, right: 1, bottom: 0.5)
    private static let lowerHalf = Part(left: 0, top: 0.5, right: 1, bottom: 1)
    private static let leftHalf = Part(left: 0, top: 0, right: 0.5, bottom: 1)
    private static let rightHalf = Part(left: 0.5, top: 0, right: 1, bottom: 1)

    static let blockParts: [Character: [Part]] = [
        "█": [Part(left: 0, top: 0, right: 1, bottom: 1)],
        "▀": [upperHalf], "▄": [lowerHalf], "▌": [leftHalf], "▐": [rightHalf],
        "▁": [Part(left: 0, top: 0.875, right: 1, bottom: 1)],
        "▏": [Part(left: 0, top: 0, right: 0.125, bottom: 1)],
        "▖": [lowerLeft], "▗": [lowerRight], "▘": [upperLeft], "▝": [upperRight],
        "▚": [upperLeft, lowerRight], "▞": [upperRight, lowerLeft],
        "▙": [leftHalf, lowerRight], "▛": [upperHalf, lowerLeft],
        "▜": [upperHalf, lowerRight], "▟": [rightHalf, lowerLeft],
    ]

    /// Box drawing: which edges of the cell a line runs to from its centre;
    /// a rounded corner's two arms meet in an arc.
    struct Arms: OptionSet {
        let rawValue: Int
        static let up = Arms(rawValue: 1), down = Arms(rawValue: 2), left = Arms(rawValue: 4), right = Arms(rawValue: 8)
        static let rounded = Arms(rawValue: 16)
    }

    static let boxArms: [Character: Arms] = [
        "─": [.left, .right], "│": [.up, .down],
        "┌": [.down, .right], "┐": [.down, .left], "└": [.up, .right], "┘": [.up, .left],
        "├": [.up, .down, .right], "┤": [.up, .down, .left], "┬": [.down, .left, .right], "┴": [.up, .left, .right],
        "┼": [.up, .down, .left, .right],
        "╭": [.down, .right, .rounded], "╮": [.down, .left, .rounded],
        "╰": [.up, .right, .rounded], "╯": [.up, .left, .rounded],
    ]

    /// Box-drawing lines: straight segments joined into the longest lines
    /// they make, and the arcs of rounded corners.
    struct Lines {
        /// Per row's centre line, horizontal spans; per column's, vertical ones.
        private var horizontal: [Int: [(Int, Int)]] = [:]
        private var vertical: [Int: [(Int, Int)]] = [:]
        private var arcs = ""

        mutating func add(_ arms: Arms, column: Int, row: Int) {
            let left = x(column), top = y(row)
            let centreX = left + cellWidth / 2, centreY = top + cellHeight / 2
            let right = left + cellWidth, bottom = top + cellHeight
            // A rounded corner's arms meet in a quarter circle instead of at the centre.
            let r = arms.contains(.rounded) ? cellWidth / 2 : 0
            if arms.contains(.left) { horizontal[centreY, default: []].append((left, centreX - r)) }
            if arms.contains(.right) { horizontal[centreY, default: []].append((centreX + r, right)) }
            if arms.contains(.up) { vertical[centreX, default: []].append((top, centreY - r)) }
            if arms.contains(.down) { vertical[centreX, default: []].append((centreY + r, bottom)) }
            if r > 0 {
                let fromY = arms.contains(.up) ? centreY - r : centreY + r
                let toX = arms.contains(.left) ? centreX - r : centreX + r
                // From the vertical arm: coming down then turning left (╯), or
                // up then right (╭), is clockwise, SVG's sweep 1.
                let clockwise = arms.contains(.up) == arms.contains(.left)
                arcs += "M\(centreX) \(fromY)A\(r) \(r) 0 0 \(clockwise ? 1 : 0) \(toX) \(centreY)"
            }
        }

        var path: String {
            var d = ""
            for (y, spans) in horizontal.sorted(by: { $0.key < $1.key }) {
                for (from, to) in Self.joined(spans) where from < to { d += "M\(from) \(y)H\(to)" }
            }
            for (x, spans) in vertical.sorted(by: { $0.key < $1.key }) {
                for (from, to) in Self.joined(spans) where from < to { d += "M\(x) \(from)V\(to)" }
            }
            return d + arcs
        }

        private static func joined(_ spans: [(Int, Int)]) -> [(Int, Int)] {
            var result: [(Int, Int)] = []
            for span in spans.sorted(by: { $0.0 < $1.0 }) {
                if let last = result.last, span.0 <= last.1 {
                    result[result.count - 1].1 = max(last.1, span.1)
                } else {
                    result.append(span)
                }
            }
            return result
        }
    }

    // MARK: Writing

    static func x(_ column: Int) -> Int { margin + column * cellWidth }
    static func y(_ row: Int) -> Int { margin + row * cellHeight }

    private static func rect(x: Int, y: Int, dy: Double = 0, width: Int, height: Double, fill: String?) -> String {
        rect(x: x, y: number(Double(y) + dy), width: width, height: number(height), fill: fill)
    }

    private static func rect(x: Int, y: Int, width: Int, height: Int, fill: String?) -> String {
        rect(x: x, y: String(y), width: width, height: String(height), fill: fill)
    }

    private static func rect(x: Int, y: String, width: Int, height: String, fill: String?) -> String {
        "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(width)\" height=\"\(height)\"" + (fill.map { " fill=\"\($0)\"" } ?? "") + "/>"
    }

    /// A coordinate without a trailing ".0", so the files stay small and stable.
    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// Text as SVG character data: frames are sanitised for terminals, not
    /// for XML, and a customer's name or phrase may hold "<" or "&".
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }

    /// `ink` blended towards `paper`: share 1 is all ink.
    static func mix(_ ink: String, _ paper: String, inkShare: Double) -> String {
        func channels(_ hex: String) -> [Int] {
            let digits = Array(hex.dropFirst())
            return stride(from: 0, to: 6, by: 2).map { Int(String(digits[$0...$0 + 1]), radix: 16) ?? 0 }
        }
        let mixed = zip(channels(ink), channels(paper)).map { ink, paper in
            Int((Double(ink) * inkShare + Double(paper) * (1 - inkShare)).rounded())
        }
        return "#" + mixed.map { value in
            let digits = String(value, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }
}
