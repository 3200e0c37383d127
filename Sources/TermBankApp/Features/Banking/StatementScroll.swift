import TermBankCore

/// Where the statement's window of the history is taken from.
public enum StatementAnchor: Hashable, Sendable {
    /// The newest postings: the window follows new ones as they are booked.
    case newest
    /// The oldest postings.
    case oldest
    /// Around this posting.
    case at(PostingID)
}

/// What the statement asks the bank for: which postings (an account or
/// both, a search as typed) and which window of them. The bank answers with
/// a window of a few pages, never the whole history.
public struct StatementRequest: Hashable, Sendable {
    /// nil: both accounts.
    public var account: AccountKind?
    /// The search as typed; the bank matches it in the reader's language.
    public var search: String?
    public var anchor: StatementAnchor
    /// Lines on one screen.
    public var pageSize: Int

    public init(account: AccountKind? = nil, search: String? = nil, anchor: StatementAnchor = .newest, pageSize: Int) {
        self.account = account
        self.search = search
        self.anchor = anchor
        self.pageSize = max(1, pageSize)
    }

    /// Pages a window holds at most: two newer than the anchor, three from it on.
    public static let newerPages = 2
    public static let olderPages = 3
    public var windowSize: Int { (StatementRequest.newerPages + StatementRequest.olderPages) * pageSize }
}

/// A window of the history as the bank read it: newest first, and whether
/// it reaches either end (so the screen knows there is more to ask for).
public struct StatementWindow: Equatable, Sendable {
    public let lines: [StatementLine]
    public let reachesNewest: Bool
    public let reachesOldest: Bool

    public init(lines: [StatementLine], reachesNewest: Bool, reachesOldest: Bool) {
        self.lines = lines
        self.reachesNewest = reachesNewest
        self.reachesOldest = reachesOldest
    }

    /// Reads the window a request asks for, a keyset page or two at a time:
    /// `page(cursor, limit)` returns at most `limit` lines from the cursor,
    /// newest first (the store's `statementPage`). One line more than needed
    /// is asked for, to learn whether the window reaches the end.
    public static func read(_ request: StatementRequest,
                            page: (StatementCursor, Int) throws -> [StatementLine]) rethrows -> StatementWindow {
        let size = request.windowSize
        switch request.anchor {
        case .newest:
            let lines = try page(.newest, size + 1)
            return StatementWindow(lines: Array(lines.prefix(size)), reachesNewest: true, reachesOldest: lines.count <= size)
        case .oldest:
            let lines = try page(.oldest, size + 1)
            return StatementWindow(lines: Array(lines.suffix(size)), reachesNewest: lines.count <= size, reachesOldest: true)
        case .at(let posting):
            let newerLimit = StatementRequest.newerPages * request.pageSize
            let olderLimit = StatementRequest.olderPages * request.pageSize
            let newer = try page(.above(posting), newerLimit + 1)
            let older = try page(.below(PostingID(posting.rawValue &+ 1)), olderLimit + 1)
            return StatementWindow(lines: Array(newer.suffix(newerLimit)) + Array(older.prefix(olderLimit)),
                                   reachesNewest: newer.count <= newerLimit, reachesOldest: older.count <= olderLimit)
        }
    }
}

/// The statement's place in the history, kept for the whole session (a
/// transfer and back returns to the same place): the filter, the window
/// asked for, and the first line on screen.
public struct StatementScroll: Equatable, Sendable {
    public var account: AccountKind?
    public var search: String?
    /// The window last asked for.
    public var anchor: StatementAnchor = .newest
    /// The first line on screen: `.newest` follows new postings, `.oldest` is the last page.
    public var top: StatementAnchor = .newest
    /// The search being typed after `/`, until Enter or Esc.
    public var searchDraft: String?

    public init() {}

    public func request(pageSize: Int) -> StatementRequest {
        StatementRequest(account: account, search: search, anchor: anchor, pageSize: pageSize)
    }

    /// The index in `lines` of the first line on screen.
    public func topIndex(in lines: [StatementLine], pageSize: Int) -> Int {
        switch top {
        case .newest: return 0
        case .oldest: return max(0, lines.count - pageSize)
        case .at(let posting):
            if let index = lines.firstIndex(where: { $0.posting == posting }) { return index }
            // Not in this window (yet): the nearest older line.
            return lines.firstIndex(where: { $0.posting < posting }) ?? max(0, lines.count - pageSize)
        }
    }
}
