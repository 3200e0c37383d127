import Foundation
import Glibc
import TermBankSystem
import XCTest

final class AsciicastRecorderTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        var template = Array("/tmp/termbank-asciicast-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw XCTSkip("no temporary folder") }
        directory = String(cString: made)
    }

    override func tearDown() {
        if let names = try? FileManager.default.contentsOfDirectory(atPath: directory) {
            for name in names { unlink(directory + "/" + name) }
        }
        rmdir(directory)
    }

    /// Every line of the file, each parsed by Foundation's JSON parser.
    private func lines(_ path: String) throws -> [Any] {
        let text = try XCTUnwrap(Files.readText(path))
        XCTAssertTrue(text.hasSuffix("\n"))
        return try text.split(separator: "\n").map {
            try JSONSerialization.jsonObject(with: Data($0.utf8), options: [.fragmentsAllowed])
        }
    }

    func testTheHeaderAndEventsAreAsciicastVersion2() throws {
        let path = directory + "/session.cast"
        let recorder = try AsciicastRecorder.create(
            path: path, header: .init(columns: 80, rows: 24, timestamp: 1_796_000_000, title: "TermBank \"demo\""))
        try recorder.output((Array("\u{1B}[2JWelcome\r\n".utf8))[...], atNanoseconds: 1_500_000)
        try recorder.resize(columns: 120, rows: 30, atNanoseconds: 2_000_000_001)
        try recorder.output((Array("tab\there \\ done".utf8))[...], atNanoseconds: 3_250_000_000)
        recorder.close()

        let parsed = try lines(path)
        XCTAssertEqual(parsed.count, 4)
        let header = try XCTUnwrap(parsed[0] as? [String: Any])
        XCTAssertEqual(header["version"] as? Int, 2)
        XCTAssertEqual(header["width"] as? Int, 80)
        XCTAssertEqual(header["height"] as? Int, 24)
        XCTAssertEqual(header["timestamp"] as? Int, 1_796_000_000)
        XCTAssertEqual(header["title"] as? String, "TermBank \"demo\"")
        let events = try parsed.dropFirst().map { try XCTUnwrap($0 as? [Any]) }
        XCTAssertEqual(events.map { $0[1] as? String }, ["o", "r", "o"])
        XCTAssertEqual(events.map { ($0[0] as? NSNumber)?.doubleValue }, [0.0015, 2.000000, 3.25])
        XCTAssertEqual(events[0][2] as? String, "\u{1B}[2JWelcome\r\n")
        XCTAssertEqual(events[1][2] as? String, "120x30")
        XCTAssertEqual(events[2][2] as? String, "tab\there \\ done")
    }

    func testTheFileIsTheOwnersOnlyAndNeverReplacesAnother() throws {
        let path = directory + "/session.cast"
        let previous = umask(0)
        defer { umask(previous) }
        _ = try AsciicastRecorder.create(path: path, header: .init(columns: 80, rows: 24, timestamp: 0, title: "t"))
        var status = stat()
        XCTAssertEqual(stat(path, &status), 0)
        XCTAssertEqual(status.st_mode & 0o777, 0o600)
        XCTAssertEqual(status.st_uid, geteuid())
        XCTAssertThrowsError(try AsciicastRecorder.create(path: path, header: .init(columns: 80, rows: 24, timestamp: 0, title: "t")))
        XCTAssertEqual(symlink(path, directory + "/link"), 0)
        XCTAssertThrowsError(try AsciicastRecorder.create(path: directory + "/link", header: .init(columns: 1, rows: 1, timestamp: 0, title: "")))
    }

    func testAnyBytesBecomeValidJSONAndCutCharactersAreJoined() throws {
        let path = directory + "/bytes.cast"
        let recorder = try AsciicastRecorder.create(path: path, header: .init(columns: 80, rows: 24, timestamp: 0, title: ""))
        let euro = Array("€".utf8)   // three bytes, cut after the first and after the second
        try recorder.output(([0x41, euro[0]])[...], atNanoseconds: 1)
        try recorder.output(([euro[1]])[...], atNanoseconds: 2)
        try recorder.output(([euro[2], 0x00, 0x07, 0x7F, 0xFF, 0xC0, 0x80, 0xED, 0xA0, 0x80, 0x42])[...], atNanoseconds: 3)
        // Every byte value once, then a cut sequence at the very end.
        try recorder.output(((0...255).map { UInt8($0) } + [0xF0, 0x9F])[...], atNanoseconds: 4)
        recorder.close()

        let events = try lines(path).dropFirst().map { try XCTUnwrap($0 as? [Any]) }
        let texts = events.map { $0[2] as? String }
        // The euro's second byte alone finishes nothing: no event until its third.
        XCTAssertEqual(events.map { ($0[0] as? NSNumber)?.doubleValue }, [0.000000, 0.000000, 0.000000, 0.000000])
        XCTAssertEqual(texts.count, 4)
        XCTAssertEqual(texts[0], "A")
        XCTAssertEqual(texts[1], "€\u{0}\u{7}\u{7F}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}B")
        // Every byte value: 128 ASCII characters, a replacement character for each of the others.
        let all = try XCTUnwrap(texts[2])
        XCTAssertEqual(all.unicodeScalars.filter { $0.value < 0x80 }.count, 128)
        XCTAssertFalse(all.unicodeScalars.contains { $0.value >= 0x80 && $0 != "\u{FFFD}" })
        // The cut sequence at the very end, written when the recording closes.
        XCTAssertEqual(texts[3], "\u{FFFD}")
    }

    func testTimesNeverGoBack() throws {
        let path = directory + "/times.cast"
        let recorder = try AsciicastRecorder.create(path: path, header: .init(columns: 80, rows: 24, timestamp: 0, title: ""))
        try recorder.output((Array("a".utf8))[...], atNanoseconds: 5_000_000_000)
        try recorder.output((Array("b".utf8))[...], atNanoseconds: 4_000_000_000)
        recorder.close()
        let text = try XCTUnwrap(Files.readText(path))
        XCTAssertEqual(text.split(separator: "\n").dropFirst().map(String.init),
                       ["[5.000000, \"o\", \"a\"]", "[5.000000, \"o\", \"b\"]"])
    }
}
