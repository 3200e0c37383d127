import TermBankApp
@testable import TermBankCore

/// The sitekey picture loader (an operator's `.art` file): any text is
/// refused with a reason or is a picture of the fixed height whose every
/// cell is one safe scalar (ASCII in the ASCII drawing), drawn anywhere
/// without leaving the frame.
enum SitekeyFuzz {
    static func run(_ bytes: [UInt8]) {
        var input = FuzzBytes(bytes)
        let row = input.below(20) - 10, column = input.below(60) - 30
        let text = input.rest()
        guard let art = try? SitekeyArt.parse(text) else { return }
        FuzzCheck.require(art.cells.count == SitekeyArt.height, "a picture of \(art.cells.count) lines")
        FuzzCheck.require(!art.title.isEmpty, "a picture without a title")
        for cell in art.cells.joined() {
            FuzzCheck.require(TerminalText.isSafe(cell.scalar), "U+\(String(cell.scalar.value, radix: 16)) in a picture")
        }
        if let ascii = art.asciiCells {
            FuzzCheck.require(ascii.count == SitekeyArt.height, "an ASCII drawing of \(ascii.count) lines")
            for cell in ascii.joined() { FuzzCheck.require(cell.scalar.isASCII, "a non-ASCII cell in the ASCII drawing") }
        }
        for charset in [TerminalCharset.unicode, .ascii] {
            var frame = Frame(size: Size(columns: 40, rows: 12))
            art.draw(into: &frame, row: row, column: column, charset: charset)
            FuzzCheck.require(frame.size == Size(columns: 40, rows: 12) && frame.text.count == 12, "the frame changed size")
        }
    }
}
