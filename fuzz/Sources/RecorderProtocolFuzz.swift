import Glibc
@testable import TermBankCLI
import TermBankSystem
import TermBankVerify

/// What a relay sends the operator's recorder (decision 116): the demo account, which anyone at the demo acts
/// as, writes any bytes to the socket. Read whole or in pieces, they give the same messages and the same
/// refusal; the session's start comes first and once, sizes are 1 to 9999, the origin printable ASCII of at
/// most 120 bytes; each message taken is exactly what the link writes (an origin aside, which is filtered);
/// and the file the recorder writes from them is asciicast: every line JSON, no control byte but its line
/// ends, the title read back as the origin, the output text and sizes as sent. No name from the socket
/// reaches the disk: the recorder names the files itself.
enum RecorderProtocolFuzz {
    static func run(_ bytes: [UInt8]) {
        var input = FuzzBytes(bytes)
        let piece = 1 + input.below(64)
        let stream = input.restBytes()

        let (whole, wholeRefusal) = read([stream])
        let pieces = stride(from: 0, to: stream.count, by: piece).map { Array(stream[$0..<min($0 + piece, stream.count)]) }
        let (cut, cutRefusal) = read(pieces)
        FuzzCheck.require(whole == cut && wholeRefusal == cutRefusal,
                          "in pieces of \(piece): \(cut.count) messages and \(String(describing: cutRefusal)), whole: \(whole.count) and \(String(describing: wholeRefusal))")

        var offset = 0
        for (index, message) in whole.enumerated() {
            let length = stream[(offset + 1)..<(offset + 5)].reduce(0) { $0 << 8 | Int($1) }
            let frame = Array(stream[offset..<(offset + 5 + length)])
            offset += 5 + length
            switch message {
            case .start(let columns, let rows, let origin):
                FuzzCheck.require(index == 0, "a start as message \(index)")
                FuzzCheck.require(RecorderMessage.sides.contains(columns) && RecorderMessage.sides.contains(rows), "a start at \(columns)x\(rows)")
                FuzzCheck.require(origin.utf8.count <= RecorderMessage.longestOrigin && origin.utf8.allSatisfy { (0x20...0x7E).contains($0) },
                                  "an origin of \(origin.debugDescription)")
                let sizeLine = frame.dropFirst(5).prefix { $0 != UInt8(ascii: "\n") }
                FuzzCheck.require(Array(sizeLine) == Array("\(columns)x\(rows)".utf8),
                                  "a start's size \(String(decoding: sizeLine, as: UTF8.self).debugDescription) read as \(columns)x\(rows)")
            case .output, .resize:
                FuzzCheck.require(index > 0, "\(message) before the start")
                FuzzCheck.require(message.frames == [frame], "\(frame) read as \(message), which the link writes as \(message.frames)")
            }
        }
        record(whole)
    }

    /// Every message the reader gives for these pieces, and its refusal if any.
    private static func read(_ pieces: [[UInt8]]) -> ([RecorderMessage], RecorderMessageReader.Refusal?) {
        var reader = RecorderMessageReader()
        var messages: [RecorderMessage] = []
        for piece in pieces {
            reader.append(piece)
            do {
                while let message = try reader.next() { messages.append(message) }
            } catch {
                return (messages, error)
            }
        }
        return (messages, nil)
    }

    private static let path = "/tmp/termbank-fuzz-recorder-\(getpid()).cast"

    /// The messages written as the recorder writes them, and the file read back.
    private static func record(_ messages: [RecorderMessage]) {
        guard case .start(let columns, let rows, let origin) = messages.first else { return }
        unlink(path)
        defer { unlink(path) }
        let title = RecordingFiles.title(origin: origin)
        guard let recorder = try? AsciicastRecorder.create(
            path: path, header: .init(columns: columns, rows: rows, timestamp: 1_764_640_920, title: title)) else {
            return FuzzCheck.require(false, "cannot create \(path)")
        }
        var output: [UInt8] = []
        var sizes: [String] = []
        for (index, message) in messages.enumerated().dropFirst() {
            switch message {
            case .output(let bytes):
                output += bytes
                try? recorder.output(bytes[...], atNanoseconds: UInt64(index) * 1_000_000)
            case .resize(let columns, let rows):
                sizes.append("\(columns)x\(rows)")
                try? recorder.resize(columns: columns, rows: rows, atNanoseconds: UInt64(index) * 1_000_000)
            case .start:
                break
            }
        }
        recorder.close()

        let file = Files.read(path) ?? []
        FuzzCheck.require(file.last == UInt8(ascii: "\n") && file.allSatisfy { $0 == 0x0A || ($0 >= 0x20 && $0 != 0x7F) },
                          "a control byte in the file, or no line end at its end")
        var text = ""
        var resized: [String] = []
        for (index, line) in file.split(separator: UInt8(ascii: "\n")).enumerated() {
            guard let value = JSONValue.parse(Array(line)) else {
                return FuzzCheck.require(false, "line \(index) is not JSON: \(String(decoding: line, as: UTF8.self).debugDescription)")
            }
            if index == 0 {
                FuzzCheck.require(value["title"]?.string == title && value["width"]?.string == "\(columns)"
                                  && value["height"]?.string == "\(rows)", "the header \(value.text)")
                continue
            }
            guard case .array(let items) = value, items.count == 3, let code = items[1].string, let data = items[2].string else {
                return FuzzCheck.require(false, "the event \(value.text)")
            }
            if code == "o" { text += data } else { resized.append(data) }
        }
        FuzzCheck.require(text == String(decoding: output, as: UTF8.self), "the output text \(text.debugDescription)")
        FuzzCheck.require(resized == sizes, "the sizes \(resized), sent \(sizes)")
        guard let summary = RecordingFiles.summary(of: path) else { return FuzzCheck.require(false, "no summary") }
        FuzzCheck.require(summary.columns == columns && summary.rows == rows && RecordingFiles.title(origin: summary.origin ?? "") == title,
                          "the summary \(summary) of a start at \(columns)x\(rows) from \(origin.debugDescription)")
    }
}
