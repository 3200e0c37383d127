/// The recorder's side of one relay's connection (docs/decisions/0116): bytes as they arrive, in any pieces,
/// become whole `RecorderMessage`s. The session's start comes first and once; a length past the largest
/// payload, an unknown kind or a bad size ends the connection before the rest of its buffer is read.
struct RecorderMessageReader {
    enum Refusal: Error, Equatable {
        case message(RecorderMessage.Refusal)
        case startMissing
        case startAgain
    }

    private var buffer: [UInt8] = []
    /// Where the unread bytes begin: whole messages are taken from the front without moving the rest each time.
    private var consumed = 0
    private(set) var started = false

    /// Bytes from the socket.
    mutating func append(_ bytes: some Sequence<UInt8>) {
        if consumed > 0 {
            buffer.removeFirst(consumed)
            consumed = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next whole message, or nil until more bytes arrive.
    mutating func next() throws(Refusal) -> RecorderMessage? {
        let header = RecorderMessage.headerLength
        guard buffer.count - consumed >= header else { return nil }
        let length = buffer[(consumed + 1)..<(consumed + header)].reduce(0) { $0 << 8 | Int($1) }
        guard length <= RecorderMessage.largestPayload else { throw .message(.tooLong(length)) }
        guard buffer.count - consumed >= header + length else { return nil }
        let kind = buffer[consumed]
        let payload = buffer[(consumed + header)..<(consumed + header + length)]
        consumed += header + length
        let message: RecorderMessage
        do { message = try RecorderMessage(kind: kind, payload: payload) } catch { throw .message(error) }
        if case .start = message {
            guard !started else { throw .startAgain }
            started = true
        } else if !started {
            throw .startMissing
        }
        return message
    }
}
