@testable import TermBankCLI
import XCTest

/// The recorder's socket protocol as the recorder reads it (docs/decisions/0116): what the relay's link writes
/// reads back, whole or a byte at a time, and what the demo account could write instead ends the connection.
final class RecorderMessageTests: XCTestCase {
    private func read(_ bytes: [UInt8], pieceLength: Int = .max) -> ([RecorderMessage], RecorderMessageReader.Refusal?) {
        var reader = RecorderMessageReader()
        var messages: [RecorderMessage] = []
        for start in stride(from: 0, to: bytes.count, by: min(pieceLength, max(bytes.count, 1))) {
            reader.append(bytes[start..<min(start + pieceLength, bytes.count)])
            do {
                while let message = try reader.next() { messages.append(message) }
            } catch {
                return (messages, error)
            }
        }
        return (messages, nil)
    }

    private func frame(_ kind: Character, _ payload: [UInt8]) -> [UInt8] {
        let length = UInt32(payload.count)
        return [kind.asciiValue!, UInt8(length >> 24), UInt8((length >> 16) & 0xFF), UInt8((length >> 8) & 0xFF),
                UInt8(length & 0xFF)] + payload
    }

    func testWhatTheLinkWritesReadsBackWholeOrAByteAtATime() {
        let session: [RecorderMessage] = [.start(columns: 80, rows: 24, origin: "key SHA256:abc"),
                                          .output(Array("\u{1B}[2Jwelcome €".utf8)), .resize(columns: 120, rows: 30),
                                          .output([])]
        let bytes = session.flatMap { Array($0.frames.joined()) }
        XCTAssertEqual(read(bytes).0, session)
        XCTAssertEqual(read(bytes, pieceLength: 1).0, session)
        XCTAssertNil(read(bytes, pieceLength: 1).1)
    }

    func testLongOutputGoesAsSeveralMessagesOfTheLargestPayload() {
        let output = [UInt8](repeating: 0x41, count: RecorderMessage.largestPayload * 2 + 1)
        let frames = RecorderMessage.output(output).frames
        XCTAssertEqual(frames.map(\.count), [5 + RecorderMessage.largestPayload, 5 + RecorderMessage.largestPayload, 6])
        let (messages, refusal) = read(Array(RecorderMessage.start(columns: 80, rows: 24, origin: "").frames.joined()) + frames.joined())
        XCTAssertNil(refusal)
        XCTAssertEqual(messages.dropFirst().flatMap { message -> [UInt8] in
            guard case .output(let bytes) = message else { return [] }
            return bytes
        }, output)
    }

    func testALengthPastTheLargestPayloadEndsTheConnectionBeforeItsBytesArrive() {
        let start = frame("h", Array("80x24".utf8))
        let (messages, refusal) = read(start + [UInt8(ascii: "o"), 0, 1, 0, 1])
        XCTAssertEqual(messages.count, 1)
        XCTAssertEqual(refusal, .message(.tooLong(65_537)))
    }

    func testTheStartComesFirstAndOnce() {
        XCTAssertEqual(read(frame("o", [0x41])).1, .startMissing)
        XCTAssertEqual(read(frame("r", Array("80x24".utf8))).1, .startMissing)
        let start = frame("h", Array("80x24\nkey".utf8))
        XCTAssertEqual(read(start + start).1, .startAgain)
        XCTAssertEqual(read(start + frame("x", [])).1, .message(.unknownKind(UInt8(ascii: "x"))))
    }

    func testTheOriginIsOneLineOfPrintableASCIIAndSizesAreOneTo9999() {
        let origin = Array("key SHA256:a\u{1B}[31mb\tc\nd".utf8) + [0xFF] + Array(repeating: UInt8(ascii: "z"), count: 200)
        let (messages, _) = read(frame("h", Array("80x24\n".utf8) + origin))
        XCTAssertEqual(messages, [.start(columns: 80, rows: 24, origin: "key SHA256:a[31mbcd" + String(repeating: "z", count: 101))])
        for size in ["0x24", "80x0", "10000x24", "80x", "x24", "80x24x1", "80 x24", ""] {
            XCTAssertEqual(read(frame("h", Array(size.utf8))).1, .message(.badSize), size)
        }
        XCTAssertEqual(read(frame("h", Array("9999x1".utf8))).0, [.start(columns: 9_999, rows: 1, origin: "")])
    }

    /// Found by the recorder fuzz target: "029x30" read as 29x30, which the link never writes.
    func testASizeIsReadOnlyAsTheLinkWritesIt() {
        let start = frame("h", Array("80x24".utf8))
        for size in ["029x30", "60x030", "+60x30", "60x+30", "-1x30", "0060x30", "6_0x30", "٦٠x30"] {
            XCTAssertEqual(read(start + frame("r", Array(size.utf8))).1, .message(.badSize), size)
        }
        XCTAssertEqual(read(start + frame("r", Array("60x30".utf8))).0.last, .resize(columns: 60, rows: 30))
    }
}
