import Foundation
import TermBankApp
import TermBankCore
import XCTest

final class SitekeyArtTests: XCTestCase {
    static let assets = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("assets/sitekeys")

    static func text(_ image: String) throws -> String {
        try String(contentsOf: assets.appendingPathComponent(image + ".art"), encoding: .utf8)
    }

    static func fox() -> SitekeyArt {
        // Force-try: every asset parsing is itself a test below.
        try! SitekeyArt.parse(try! text("fox"))
    }

    func testEveryAssetParses() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.assets.path)
            .filter { $0.hasSuffix(".art") }.map { String($0.dropLast(4)) }
        XCTAssertEqual(Set(files), Set(Sitekey.images), "an image the core offers has no picture, or the reverse")
        for image in Sitekey.images {
            let art = try SitekeyArt.parse(Self.text(image))
            XCTAssertEqual(art.title.lowercased(), image)
            XCTAssertEqual(art.size, Size(columns: 18, rows: 9), image)
            XCTAssertTrue(art.cells.joined().contains { $0.role != .normal }, image)
        }
    }

    func testFoxColoursSitUnderTheirCharacters() {
        let fox = Self.fox()
        XCTAssertEqual(fox.title, "Fox")
        XCTAssertEqual(fox.cells[0].map(\.character), Array("  ▗▙          ▟▖  "))
        XCTAssertEqual(fox.cells[0][2], Cell(character: "▗", role: .red))
        XCTAssertEqual(fox.cells[4][5], Cell(character: "●", role: .yellow))
        XCTAssertEqual(fox.cells[8][8], Cell(character: "▜", role: .grey))
        XCTAssertEqual(fox.cells[8][10].role, .normal, "past the end of a shorter colour line")
        XCTAssertEqual(fox.cells[1][3].role, .white)
    }

    func testDrawingPlacesThePictureAndClips() {
        let fox = Self.fox()
        var frame = Frame(size: Size(columns: 24, rows: 11))
        frame.fill(Rect(row: 0, column: 0, columns: 24, rows: 11), role: .normal, character: ".")
        fox.draw(into: &frame, row: 1, column: 3)
        XCTAssertEqual(frame.text[0], String(repeating: ".", count: 24))
        XCTAssertEqual(frame.text[1], "...  ▗▙          ▟▖  ...")
        XCTAssertEqual(frame.text[9], "...        ▜▛        ...")
        XCTAssertEqual(frame[5, 8], Cell(character: "●", role: .yellow))

        var corner = Frame(size: Size(columns: 5, rows: 3))
        fox.draw(into: &corner, row: -7, column: -6)
        XCTAssertEqual(corner.text, ["█████", "  ▜▛", ""])
        XCTAssertEqual(corner[1, 2]?.role, .grey)

        var empty = Frame(size: .zero)
        fox.draw(into: &empty, row: 0, column: 0)
        fox.draw(into: &empty, row: Int.max, column: Int.min)
        XCTAssertEqual(empty.text, [])
    }

    private func problem(_ text: String) -> SitekeyArt.Problem? {
        do {
            _ = try SitekeyArt.parse(text)
            return nil
        } catch {
            return error
        }
    }

    private func picture(title: String = "title: Test", art: [String]? = nil, separator: String? = "---",
                         colours: [String]? = nil) -> String {
        let art = art ?? Array(repeating: "ab", count: 9)
        let colours = colours ?? Array(repeating: "rg", count: 9)
        return ([title] + art + (separator.map { [$0] } ?? []) + colours).joined(separator: "\n") + "\n"
    }

    func testAWellFormedPictureParsesWithWindowsLineEndingsToo() throws {
        XCTAssertNil(problem(picture()))
        let crlf = picture().replacingOccurrences(of: "\n", with: "\r\n")
        XCTAssertEqual(try SitekeyArt.parse(crlf), try SitekeyArt.parse(picture()))
        XCTAssertEqual(try SitekeyArt.parse(picture(title: "title:  Spaced  ")).title, "Spaced")
    }

    func testBadHeader() {
        XCTAssertEqual(problem(picture(title: "Fox")), .badHeader)
        XCTAssertEqual(problem(picture(title: "title:")), .badHeader)
        XCTAssertEqual(problem(picture(title: "title:   ")), .badHeader)
        XCTAssertEqual(problem(""), .badHeader)
    }

    func testWrongLineCounts() {
        XCTAssertEqual(problem(picture(separator: nil)), .missingSeparator)
        XCTAssertEqual(problem(picture(art: Array(repeating: "ab", count: 8))), .wrongLineCount(section: .art, found: 8))
        XCTAssertEqual(problem(picture(art: Array(repeating: "ab", count: 10))), .wrongLineCount(section: .art, found: 10))
        XCTAssertEqual(problem(picture(colours: Array(repeating: "rg", count: 8))),
                       .wrongLineCount(section: .colours, found: 8))
        XCTAssertEqual(problem(picture() + "extra\n"), .wrongLineCount(section: .colours, found: 10))
        XCTAssertEqual(problem("title: Empty\n---\n"), .wrongLineCount(section: .art, found: 0))
    }

    func testColourLineLongerThanItsArtLine() {
        var colours = Array(repeating: "rg", count: 9)
        colours[3] = "rgb"
        XCTAssertEqual(problem(picture(colours: colours)), .colourLineTooLong(line: 4))
        colours[3] = "rg "   // trailing spaces count too
        XCTAssertEqual(problem(picture(colours: colours)), .colourLineTooLong(line: 4))
    }

    func testUnknownColourLetter() {
        var colours = Array(repeating: "rg", count: 9)
        colours[8] = "rx"
        XCTAssertEqual(problem(picture(colours: colours)), .unknownColour("x", line: 9, column: 2))
        colours[8] = "R "
        XCTAssertEqual(problem(picture(colours: colours)), .unknownColour("R", line: 9, column: 1))
    }

    func testArtCharactersMustBeOneColumn() {
        var art = Array(repeating: "ab", count: 9)
        art[1] = "a日"
        XCTAssertEqual(problem(picture(art: art)), .characterNotOneColumn(line: 2, column: 2))
        art[1] = "\tb"
        XCTAssertEqual(problem(picture(art: art)), .characterNotOneColumn(line: 2, column: 1))
    }

    func testProblemsReadAsSentences() {
        XCTAssertEqual(SitekeyArt.Problem.unknownColour("x", line: 9, column: 2).description,
                       "Unknown colour \"x\" at colour line 9, column 2; use r g y b m c w k or a space.")
        XCTAssertEqual(SitekeyArt.Problem.wrongLineCount(section: .art, found: 8).description,
                       "A sitekey picture has 9 art lines, not 8.")
    }
}
