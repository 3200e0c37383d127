import TermBankApp
@testable import TermBankWeb

/// What the page sends the web door over its WebSocket (decision 110), in pieces as libwebsockets hands them
/// over: each piece's length and whether it ends its message come from the input. A message is whole only at a
/// final piece and never over the limit; typed bytes are the message's own; a window size is always within
/// 1x1 and the app's largest; anything else the page never sends is refused.
enum WebMessageFuzz {
    static func run(_ bytes: [UInt8]) {
        var input = FuzzBytes(bytes)
        // A limit of a few pieces (the server's is a mebibyte), so the fuzzer reaches it often.
        let limit = 1 + input.below(256)
        var assembler = WebMessage.Assembler(limit: limit)
        var sent: [UInt8] = []
        while !input.isEmpty {
            let control = input.byte()
            // A piece of up to 127 bytes, final or not.
            let piece = (0..<Int(control & 0x7F)).map { _ in input.byte() }
            let final = control & 0x80 != 0
            let before = assembler.pending.count
            switch assembler.add(piece, final: final) {
            case .more:
                FuzzCheck.require(!final, "a final piece kept waiting")
                sent += piece
                FuzzCheck.require(assembler.pending == sent, "pieces joined out of order")
            case .tooLong:
                FuzzCheck.require(before + piece.count > limit, "a message refused within the limit")
                FuzzCheck.require(assembler.pending.isEmpty, "a refused message kept")
                sent = []
            case .message(let message):
                FuzzCheck.require(final, "a message before its final piece")
                FuzzCheck.require(message == sent + piece && message.count <= limit,
                                  "a message that is not its pieces")
                FuzzCheck.require(assembler.pending.isEmpty, "a message's bytes kept after it")
                sent = []
                check(message)
            }
        }
        check(bytes)
    }

    private static func check(_ message: [UInt8]) {
        let parsed = WebMessage(message)
        switch parsed {
        case .nothing?:
            FuzzCheck.require(message.isEmpty, "a message read as nothing")
        case .typed(let typed)?:
            FuzzCheck.require(message.first == 0 && typed == Array(message.dropFirst()), "typed bytes that are not the message's")
        case .size(let columns, let rows)?:
            FuzzCheck.require(message.first == 1 && message.count == 5, "a size from a message that is none")
            FuzzCheck.require((1...AppState.maximumSize.columns).contains(columns) && (1...AppState.maximumSize.rows).contains(rows),
                              "a window of \(columns)x\(rows)")
            let asked = (Int(message[1]) << 8 | Int(message[2]), Int(message[3]) << 8 | Int(message[4]))
            FuzzCheck.require(asked.0 < 1 || asked.0 > AppState.maximumSize.columns || asked.0 == columns, "columns changed")
            FuzzCheck.require(asked.1 < 1 || asked.1 > AppState.maximumSize.rows || asked.1 == rows, "rows changed")
        case nil:
            FuzzCheck.require(!message.isEmpty && message[0] != 0 && !(message[0] == 1 && message.count == 5),
                              "a message the page sends was refused")
        }
    }
}
