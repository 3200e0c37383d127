import TermBankApp

/// One whole message from the page over its WebSocket (`WebPage.script`): 0 and the bytes typed, or 1 and the
/// window's columns and rows (two bytes each, big-endian). Read apart from the server so it can be fuzzed.
enum WebMessage: Equatable {
    /// An empty message: nothing to do.
    case nothing
    case typed([UInt8])
    /// Clamped as over SSH: the app draws at most `AppState.maximumSize` whatever the window says, and at least 1x1.
    case size(columns: Int, rows: Int)

    /// nil for anything the page never sends: the server then closes the socket.
    init?(_ message: [UInt8]) {
        guard let kind = message.first else {
            self = .nothing
            return
        }
        switch kind {
        case 0:
            self = .typed(Array(message.dropFirst()))
        case 1 where message.count == 5:
            self = .size(columns: max(1, min(Int(message[1]) << 8 | Int(message[2]), AppState.maximumSize.columns)),
                         rows: max(1, min(Int(message[3]) << 8 | Int(message[4]), AppState.maximumSize.rows)))
        default:
            return nil
        }
    }
}

extension WebMessage {
    /// Joins the pieces libwebsockets hands over (a frame's fragments, at most its receive buffer each) into
    /// whole messages. A message longer than `limit` (1 MiB) ends the connection: the page sends nothing near it (a
    /// paste is cut by the app's own limits), so only a misbehaving client would.
    struct Assembler {
        static let standardLimit = 1 << 20
        let limit: Int
        private(set) var pending: [UInt8] = []

        init(limit: Int = Assembler.standardLimit) {
            self.limit = limit
        }

        enum Outcome: Equatable {
            case more
            case message([UInt8])
            case tooLong
        }

        mutating func add(_ piece: some Collection<UInt8>, final: Bool) -> Outcome {
            guard pending.count + piece.count <= limit else {
                pending = []
                return .tooLong
            }
            pending.append(contentsOf: piece)
            guard final else { return .more }
            defer { pending = [] }
            return .message(pending)
        }
    }
}
