import Foundation
import TermBankQR
import XCTest

/// The QR code drawn for a known URI decodes back to the same URI with a
/// packaged decoder (zbarimg, Debian's zbar-tools) reading a rendered image.
final class QRMatrixTests: XCTestCase {
    static let uri = "otpauth://totp/TermBank:carol?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=TermBank"

    func zbarimg(_ image: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/zbarimg")
        process.arguments = ["--quiet", "--raw", image]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// NAME in a new mkdtemp(3) folder: nothing another user made first, no symlink followed.
    func temporaryFile(_ name: String) throws -> String {
        var template = Array((FileManager.default.temporaryDirectory.path + "/termbank-qr.XXXXXX").utf8CString)
        guard let folder = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        return String(cString: folder) + "/" + name
    }

    func testTheMatrixForAnEnrolmentURIDecodesBackToTheSameURI() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/zbarimg") else {
            return XCTFail("zbarimg is missing: scripts/setup-deps installs zbar-tools")
        }
        let matrix = try QRMatrix.encode(QRMatrixTests.uri)
        XCTAssertEqual(matrix.size % 4, 1, "a QR symbol is 17 + 4 × version modules wide")
        XCTAssertTrue(matrix.modules.allSatisfy { $0.count == matrix.size })
        // Finder pattern: the top-left 7x7 square has a dark border and a light ring.
        XCTAssertTrue((0..<7).allSatisfy { matrix.modules[0][$0] && matrix.modules[6][$0] && matrix.modules[$0][0] })
        XCTAssertFalse(matrix.modules[1][1])

        let image = try temporaryFile("uri.pbm")
        defer { try? FileManager.default.removeItem(atPath: (image as NSString).deletingLastPathComponent) }
        try matrix.pbm(scale: 6, quietZone: 4).write(toFile: image, atomically: true, encoding: .ascii)
        let decoded = try zbarimg(image)
        XCTAssertEqual(decoded.status, 0)
        XCTAssertEqual(decoded.output.trimmingCharacters(in: .newlines), QRMatrixTests.uri)
    }

    /// What the app draws at 80x24: level L, a one-module quiet zone. zbarimg
    /// still reads it (the frame itself is compared with the symbol in GoldenFrameTests).
    func testTheAppsLevelLSymbolWithAOneModuleQuietZoneDecodes() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/zbarimg") else {
            return XCTFail("zbarimg is missing: scripts/setup-deps installs zbar-tools")
        }
        let matrix = try QRMatrix.encode(QRMatrixTests.uri, level: .low)
        XCTAssertLessThan(matrix.size, try QRMatrix.encode(QRMatrixTests.uri).size)
        let image = try temporaryFile("level-l.pbm")
        defer { try? FileManager.default.removeItem(atPath: (image as NSString).deletingLastPathComponent) }
        try matrix.pbm(scale: 6, quietZone: 1).write(toFile: image, atomically: true, encoding: .ascii)
        let decoded = try zbarimg(image)
        XCTAssertEqual(decoded.status, 0)
        XCTAssertEqual(decoded.output.trimmingCharacters(in: .newlines), QRMatrixTests.uri)
    }

    func testTheHalfBlockDrawingIsTheSameSymbol() throws {
        // Read the half blocks back into modules and render those: the terminal
        // drawing carries exactly the symbol (light ink on a dark terminal).
        let matrix = try QRMatrix.encode(QRMatrixTests.uri)
        let lines = matrix.halfBlockLines(quietZone: 2)
        XCTAssertEqual(lines.count, (matrix.size + 4 + 1) / 2)
        XCTAssertTrue(lines.allSatisfy { $0.count == matrix.size + 4 })
        var rows: [[Bool]] = []
        for line in lines {
            var top: [Bool] = [], bottom: [Bool] = []
            for character in line {
                // Ink is a light module.
                top.append(!(character == "█" || character == "▀"))
                bottom.append(!(character == "█" || character == "▄"))
            }
            rows.append(top)
            rows.append(bottom)
        }
        let symbol = (0..<matrix.size).map { row in Array(rows[row + 2][2..<(2 + matrix.size)]) }
        XCTAssertEqual(symbol, matrix.modules)
        XCTAssertTrue(rows[0].allSatisfy { !$0 } && rows[1].allSatisfy { !$0 }, "quiet zone above")
    }

    func testAnImageWithoutAQuietZoneIsNotWhatWeDraw() throws {
        // The quiet zone is part of the symbol: the same matrix without it is
        // a different image (and decoders may refuse it). Guard the default.
        let matrix = try QRMatrix.encode("TermBank")
        XCTAssertNotEqual(matrix.pbm(scale: 1, quietZone: 0), matrix.pbm(scale: 1))
        XCTAssertTrue(matrix.pbm(scale: 1).hasPrefix("P1\n\(matrix.size + 8) \(matrix.size + 8)\n"))
    }
}
