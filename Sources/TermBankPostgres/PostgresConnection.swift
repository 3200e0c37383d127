import CPostgreSQL
import Glibc
import TermBankCore
import TermBankSQL

/// SQLSTATE 40001 (serialization failure) or 40P01 (deadlock): the
/// transaction was rolled back and may run again from the start.
struct PostgresSerializationFailure: Error {}

/// One connection to one PostgreSQL database, opened once per process.
///
/// Every write runs as `SERIALIZABLE` and is run again from the start, a
/// bounded number of times, when the server reports a serialization failure
/// or a deadlock (docs/decisions: "PostgreSQL transactions are serializable").
/// Statements are prepared once per connection. The connection listens on
/// `termbank_changes`; every transaction that changed rows notifies it before
/// committing, so `pollNotifications` tells whether anything was committed
/// anywhere without sending a query. Not thread-safe by itself:
/// `PostgresBankStore` serialises access.
///
/// The server may be a hot standby (a URL naming a replica): it serves
/// reads, and every write is refused as `readOnlyStandby` after one more
/// look for a primary (`requireWritable`). A standby cannot LISTEN, so the
/// connection listens once the server it is on takes writes (promoted).
final class PostgresConnection {
    static let channel = "termbank_changes"

    let library: PostgresLibrary
    let location: PostgresLocation
    let maximumAttempts: Int
    private var handle: OpaquePointer
    /// SQL text to its prepared statement's name and whether it writes rows.
    private var statements: [String: (name: String, writes: Bool)] = [:]
    private var statementCount = 0
    /// Commit notifications seen (any process's, this connection's own included).
    private(set) var notificationsSeen: Int64 = 0
    /// How often the connection was opened again after it was lost.
    private(set) var reconnections: Int64 = 0
    /// Statements sent to the server: `changeStamp` must send none.
    private(set) var statementsSent = 0
    /// Rows the last INSERT, UPDATE or DELETE changed.
    private(set) var changes = 0
    private var rowsChangedInTransaction = 0
    /// Write transactions run again after a serialization failure or a
    /// deadlock (40001, 40P01), over this connection's life: `bench ledger` reports them.
    private(set) var serializationRetries = 0
    private var sawSerializationFailure = false
    /// No statement has succeeded since `ensureConnected`: an operation whose
    /// connection turns out dead now has sent nothing that could commit.
    private var nothingSentYet = false
    /// The connection was found lost before the operation's first statement
    /// ran: running the operation again on a new connection is safe.
    private(set) var lostBeforeAnyWork = false
    /// libpq failed a statement with an error of its own while still calling
    /// the connection good: it is not used again (`ensureConnected` reopens it).
    private var brokenWhileCalledGood = false
    /// LISTEN is in force on this connection (never on a standby).
    private var listening = false
    /// For a server that does not report `in_hot_standby` (before PostgreSQL 14): asked once per connection.
    private var recoveryAtConnect = false

    /// How many times a write runs in all before "busy, try again" (decision 25).
    static let defaultMaximumAttempts = 24

    init(location: PostgresLocation, maximumAttempts: Int = PostgresConnection.defaultMaximumAttempts) throws {
        guard let library = PostgresLibrary.shared else { throw PostgresLocation.libraryMissing }
        self.library = library
        self.location = location
        self.maximumAttempts = maximumAttempts
        handle = try Self.connect(library, location)
        do {
            try configure()
        } catch {
            library.finish(handle)
            throw error
        }
    }

    deinit { library.finish(handle) }

    // MARK: Opening

    /// libpq reads the URL (`expand_dbname`), its `PG*` variables and
    /// `~/.pgpass`; a connect timeout applies unless the URL sets one, so a
    /// host that drops packets is an error in seconds, not a hang.
    private static func connect(_ library: PostgresLibrary, _ location: PostgresLocation) throws -> OpaquePointer {
        let keywords = ["connect_timeout", "fallback_application_name", "client_encoding", "dbname"]
        let values = ["10", "termbank", "UTF8", location.conninfo]
        let handle = withCStrings(keywords) { keys in
            withCStrings(values) { vals in library.connectdbParams(keys, vals, 1) }
        }
        guard let handle else { throw StoreError.serverUnavailable(location: location.display, reason: "out of memory") }
        if library.status(handle) != CONNECTION_OK {
            let message = library.errorMessage(handle).map { String(cString: $0) } ?? ""
            library.finish(handle)
            throw connectError(message, location)
        }
        return handle
    }

    /// libpq's reason for a failed connection, in the bank's words, without
    /// the password (`PostgresLocation.scrub`). With several hosts in the
    /// URL libpq tried each in turn: the reason names each with what it said
    /// ("/run/a: No such file or directory; db2:5432: session is read-only").
    /// libpq may stop before the last: a server that closes the connection
    /// during sign-in (a primary in `pg_ctl stop -m immediate`) ends the
    /// attempt at that host. The reason still names it, since the URL names several.
    static func connectError(_ message: String, _ location: PostgresLocation) -> StoreError {
        let text = location.scrub(message)
        if text.containsText("authentication failed") || text.containsText("no password supplied")
            || text.containsText("pg_hba.conf") || text.containsText("password is required") {
            return .authenticationFailed(location: location.display)
        }
        let attempts = hostFailures(text)
        if attempts.count > 1 || (attempts.count == 1 && location.hostCount > 1) {
            return .serverUnavailable(location: location.display,
                                      reason: attempts.map { "\($0.server): \($0.reason)" }.joined(separator: "; "))
        }
        // The first line's last part is the reason ("Connection refused", "database \"x\" does not exist").
        let firstLine = text.split(separator: "\n").first.map(String.init) ?? text
        let reason = firstLine.split(separator: ":").last.map { String($0.drop { $0 == " " }) } ?? firstLine
        return .serverUnavailable(location: location.display, reason: reason.isEmpty ? "no reason given" : reason)
    }

    /// Each server libpq tried, from its lines `connection to server on
    /// socket "/run/a/.s.PGSQL.5432" failed: REASON` and `connection to
    /// server at "db1" (10.0.0.1), port 5432 failed: REASON` (hints follow, indented).
    static func hostFailures(_ text: String) -> [(server: String, reason: String)] {
        let prefix = "connection to server "
        return text.split(separator: "\n").compactMap { (line: Substring) -> (server: String, reason: String)? in
            guard line.hasPrefix(prefix), let failed = line.firstRange(ofText: " failed: ") else { return nil }
            let place = line[line.index(line.startIndex, offsetBy: prefix.count)..<failed.lowerBound]
            let quoted = place.split(separator: "\"", omittingEmptySubsequences: false)
            var server = quoted.count > 1 ? String(quoted[1]) : String(place)
            if let socketFile = server.firstRange(ofText: "/.s.PGSQL.") {
                server = String(server[..<socketFile.lowerBound])
            } else if let port = place.firstRange(ofText: ", port ") {
                server += ":" + place[port.upperBound...]
            }
            // The server's own refusal comes as "FATAL:  the database system is shutting down".
            var reason = line[failed.upperBound...]
            if reason.hasPrefix("FATAL:") { reason = reason.dropFirst("FATAL:".count).drop { $0 == " " } }
            return (server, String(reason))
        }
    }

    /// Notices (a NOTICE from the server) go nowhere: libpq would print them
    /// on standard error, over the full-screen app.
    private func configure() throws {
        _ = library.setNoticeProcessor(handle, { _, _ in }, nil)
        listening = false
        recoveryAtConnect = false
        if library.parameterStatus(handle, "in_hot_standby") == nil {
            recoveryAtConnect = try query("SELECT pg_is_in_recovery()").first?.text(0) == "t"
        }
        try listenIfPrimary()
    }

    /// A standby refuses LISTEN ("cannot execute LISTEN during recovery"):
    /// the connection listens once its server takes writes.
    private func listenIfPrimary() throws {
        guard !listening, !isStandby else { return }
        try executeScript("LISTEN \(Self.channel)")
        listening = true
    }

    /// Whether the server on the other end is a hot standby. PostgreSQL 14
    /// and later report `in_hot_standby` with every change, a promotion
    /// included, so this asks nothing of the server.
    var isStandby: Bool {
        guard let reported = library.parameterStatus(handle, "in_hot_standby") else { return recoveryAtConnect }
        return String(cString: reported) == "on"
    }

    /// A write needs a primary. On a standby, the connection is opened once
    /// more first: with several hosts in the URL libpq looks for one again
    /// (a failover may have promoted another meanwhile); still a standby,
    /// the write is refused in one line, nothing having been sent.
    func requireWritable() throws {
        guard isStandby else { return }
        try reopen()
        guard isStandby else { return }
        throw StoreError.readOnlyStandby(location: location.display)
    }

    /// Opens the connection again when it was lost (a server restart, a
    /// terminated backend). Prepared statements died with the old one.
    /// The change count moves, since commits may have been missed meanwhile.
    ///
    /// Reading first what the server sent meanwhile (without waiting) finds a
    /// connection the server closed while it sat idle, so an operation that
    /// starts after a restart reconnects rather than failing; one that was
    /// under way when the connection dropped fails (`connectionLost`), since
    /// its commit may or may not have happened, and is the caller's to retry.
    func ensureConnected() throws {
        lostBeforeAnyWork = false
        nothingSentYet = true
        if !inTransaction { _ = library.consumeInput(handle) }
        guard library.status(handle) == CONNECTION_BAD || brokenWhileCalledGood else {
            // A standby promoted while this connection sat on it: it listens now.
            if !listening && !inTransaction { try listenIfPrimary() }
            return
        }
        try reopen()
    }

    /// `PQreset`: the URL's hosts are tried again, in order, as at the start.
    private func reopen() throws {
        brokenWhileCalledGood = false
        library.reset(handle)
        statements.removeAll()
        listening = false
        guard library.status(handle) == CONNECTION_OK else {
            let message = library.errorMessage(handle).map { String(cString: $0) } ?? ""
            throw Self.connectError(message, location)
        }
        reconnections += 1
        try configure()
    }

    var serverVersion: Int { Int(library.serverVersion(handle)) }
    var backendPID: Int32 { library.backendPID(handle) }

    // MARK: Statements

    /// Runs one statement, returning every row. Statements are prepared once
    /// and reused; `?` placeholders are written as SQLite's so the store's SQL
    /// reads the same on both backends (`?NNN` numbers one).
    @discardableResult
    func query(_ sql: String, _ arguments: [any SQLBindable]) throws -> [SQLRow] {
        let statement = try prepared(sql)
        let texts = arguments.map(\.sqlValue.postgresText)
        statementsSent += 1
        let result = Self.withOptionalCStrings(texts) { values in
            library.execPrepared(handle, statement.name, Int32(texts.count), values, nil, nil, 0)
        }
        defer { library.clear(result) }
        try check(result)
        let rowCount = library.ntuples(result)
        let columnCount = library.nfields(result)
        var rows: [SQLRow] = []
        rows.reserveCapacity(Int(rowCount))
        for row in 0..<rowCount {
            var values: [SQLValue] = []
            values.reserveCapacity(Int(columnCount))
            for column in 0..<columnCount {
                if library.getisnull(result, row, column) != 0 {
                    values.append(.null)
                } else {
                    values.append(library.getvalue(result, row, column).map { .text(String(cString: $0)) } ?? .null)
                }
            }
            rows.append(SQLRow(values: values))
        }
        if statement.writes {
            changes = library.cmdTuples(result).flatMap { Int(String(cString: $0)) } ?? 0
            rowsChangedInTransaction += changes
        }
        drainNotifications()
        return rows
    }

    /// Several statements with no arguments (schema scripts, transaction control).
    func executeScript(_ sql: String) throws {
        statementsSent += 1
        let result = library.exec(handle, sql)
        defer { library.clear(result) }
        try check(result)
        drainNotifications()
    }

    private func prepared(_ sql: String) throws -> (name: String, writes: Bool) {
        if let cached = statements[sql] { return cached }
        statementCount += 1
        let name = "termbank_\(statementCount)"
        let text = Self.numberedPlaceholders(sql)
        statementsSent += 1
        let result = library.prepare(handle, name, text, 0, nil)
        defer { library.clear(result) }
        try check(result)
        let verb = sql.drop { $0 == " " || $0 == "\n" }.prefix { $0.isLetter }.uppercased()
        let statement = (name: name, writes: ["INSERT", "UPDATE", "DELETE"].contains(verb))
        statements[sql] = statement
        return statement
    }

    /// `?` becomes `$1`, `$2`, ... in order and `?3` becomes `$3`; text in
    /// single quotes is left alone.
    static func numberedPlaceholders(_ sql: String) -> String {
        var result = ""
        var next = 0
        var quoted = false
        var characters = sql.makeIterator()
        var pending: Character? = nil
        while let character = pending ?? characters.next() {
            pending = nil
            if character == "'" { quoted.toggle() }
            guard character == "?", !quoted else { result.append(character); continue }
            var digits = ""
            while let following = characters.next() {
                if following.isASCII && following.isNumber { digits.append(following) } else { pending = following; break }
            }
            if digits.isEmpty {
                next += 1
                result += "$\(next)"
            } else {
                result += "$" + digits
            }
        }
        return result
    }

    // MARK: Notifications

    /// Reads what the server sent while the connection sat idle, without
    /// sending anything: a `recv` that does not wait. Returns the count of
    /// commit notifications seen so far.
    func pollNotifications() throws -> Int64 {
        if library.consumeInput(handle) == 0 {
            if library.status(handle) == CONNECTION_BAD { throw StoreError.connectionLost(location: location.display) }
        }
        drainNotifications()
        return notificationsSeen
    }

    private func drainNotifications() {
        while let notification = library.notifies(handle) {
            notificationsSeen += 1
            library.freemem(notification)
        }
    }

    // MARK: Transactions

    /// A serializable write transaction: commits when `body` returns, rolls
    /// back when it throws, and runs again from the start (up to
    /// `maximumAttempts` times in all, after a short random pause) when the
    /// server reports a serialization failure or a deadlock. A body therefore
    /// must do nothing outside the transaction (the core's never do: codes
    /// are sent and passwords hashed outside). Notifies `termbank_changes`
    /// when it changed rows, so every listening process sees the commit.
    func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        var attempt = 0
        while true {
            attempt += 1
            sawSerializationFailure = false
            rowsChangedInTransaction = 0
            try requireWritable()
            // No sequential scans inside a write: under SERIALIZABLE a sequential scan
            // takes a predicate lock on the whole table, so once the planner prefers
            // one for a small table (the demo bank's 39 accounts, after autovacuum's
            // ANALYZE) every other transfer conflicts with it (docs/benchmarks.md
            // measured 1,228-4,330 retries per 1,000). PostgreSQL's manual on
            // serializable isolation advises steering the planner to index scans.
            try executeScript("BEGIN ISOLATION LEVEL SERIALIZABLE; SET LOCAL enable_seqscan = off")
            do {
                let result = try body()
                // A body that caught the server's error left an aborted transaction.
                if library.transactionStatus(handle) == PQTRANS_INERROR {
                    if sawSerializationFailure { throw PostgresSerializationFailure() }
                    throw StoreError.backend("a statement failed inside the transaction; nothing was changed")
                }
                if rowsChangedInTransaction > 0 { try executeScript("NOTIFY \(Self.channel)") }
                try executeScript("COMMIT")
                return result
            } catch {
                rollbackIfOpen()
                let retry = error is PostgresSerializationFailure || sawSerializationFailure
                guard retry else { throw error }
                guard attempt < maximumAttempts else {
                    throw StoreError.busy(path: location.display, waitedMilliseconds: 0)
                }
                serializationRetries += 1
                // Exponential back-off with full jitter (1, 2, 4 … ms, at most 50 ms), so
                // retrying writers spread out instead of colliding again in step; 24
                // attempts wait at most about 1 s in all before "busy, try again".
                let ceiling = UInt32(min(50_000, 1_000 << min(attempt, 6)))
                usleep(UInt32.random(in: ceiling / 2...ceiling))
            }
        }
    }

    /// A read transaction: every query inside sees one snapshot, and a
    /// read-only snapshot never fails to serialize.
    func readTransaction<T>(_ body: () throws -> T) throws -> T {
        try executeScript("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
        defer { rollbackIfOpen(commit: true) }
        return try body()
    }

    /// A transaction with no retry and READ COMMITTED, for schema changes
    /// serialised by an advisory lock (`PostgresBankStore.migrate`).
    func schemaTransaction<T>(_ body: () throws -> T) throws -> T {
        try executeScript("BEGIN")
        do {
            let result = try body()
            try executeScript("COMMIT")
            return result
        } catch {
            rollbackIfOpen()
            throw error
        }
    }

    var inTransaction: Bool { library.transactionStatus(handle) != PQTRANS_IDLE }

    private func rollbackIfOpen(commit: Bool = false) {
        let status = library.transactionStatus(handle)
        guard status == PQTRANS_INTRANS || status == PQTRANS_INERROR else { return }
        let result = library.exec(handle, commit && status == PQTRANS_INTRANS ? "COMMIT" : "ROLLBACK")
        library.clear(result)
    }

    // MARK: Errors

    /// The server's errors in the bank's words. Only the primary message is
    /// ever shown: PostgreSQL's DETAIL line quotes the values of a violated
    /// key, and bound values must never appear in messages.
    private func check(_ result: OpaquePointer?) throws {
        guard let result else {
            if library.status(handle) == CONNECTION_BAD {
                lostBeforeAnyWork = nothingSentYet
                throw StoreError.connectionLost(location: location.display)
            }
            throw StoreError.backend("the database server did not answer")
        }
        let status = library.resultStatus(result)
        if status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_EMPTY_QUERY {
            nothingSentYet = false
            return
        }
        func field(_ code: Character) -> String {
            library.resultErrorField(result, Int32(code.asciiValue!)).map { String(cString: $0) } ?? ""
        }
        let state = field("C")
        let message = location.scrub(field("M"))
        if state == "40001" || state == "40P01" {
            sawSerializationFailure = true
            throw PostgresSerializationFailure()
        }
        if state.hasPrefix("23") { throw SQLConstraintViolation(message: message) }
        if library.status(handle) == CONNECTION_BAD || state.hasPrefix("08") || state.hasPrefix("57P") {
            lostBeforeAnyWork = nothingSentYet
            throw StoreError.connectionLost(location: location.display)
        }
        // Every error the server sends has a SQLSTATE; one without is libpq's
        // own, about the connection, even when libpq has not (yet) marked it
        // bad: a primary killed by `pg_ctl stop -m immediate` mid-request was
        // once reported as "Database error: SQLSTATE " and ended the client.
        // It is a lost connection: its commit may or may not have happened,
        // and the caller's retry (same client id) books a transfer at most once.
        if state.isEmpty {
            brokenWhileCalledGood = true
            lostBeforeAnyWork = nothingSentYet
            throw StoreError.connectionLost(location: location.display)
        }
        switch state {
        case "53100": throw StoreError.diskFull(path: location.display)
        case "42501": throw StoreError.permissionDenied(path: location.display)
        case "25006":
            throw isStandby ? StoreError.readOnlyStandby(location: location.display) : StoreError.readOnly(path: location.display)
        case "55P03", "57014": throw StoreError.busy(path: location.display, waitedMilliseconds: 0)
        case "28P01", "28000": throw StoreError.authenticationFailed(location: location.display)
        default: throw StoreError.backend(message.isEmpty ? "SQLSTATE \(state)" : message)
        }
    }

    // MARK: C strings

    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
        let copies: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    private static func withOptionalCStrings<R>(_ strings: [String?],
                                                _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R) -> R {
        let copies: [UnsafeMutablePointer<CChar>?] = strings.map { $0.map { strdup($0) } ?? nil }
        defer { copies.forEach { free($0) } }
        let pointers: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
    }
}
