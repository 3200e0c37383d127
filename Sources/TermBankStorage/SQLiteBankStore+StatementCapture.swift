import CSQLite
import TermBankCore

/// Every statement SQLite runs on this store's connection while a body runs,
/// as SQLite ran it: the benchmark's baseline replays them in the `sqlite3`
/// shell, so it measures exactly what the store does rather than a hand copy
/// of its SQL that would drift.
///
/// The statements carry their bound values written in (`sqlite3_expanded_sql`),
/// and a bound value can be a secret (a password hash, a code's digest). So
/// capturing is refused on anything but the demo bank, it is on only while
/// the body runs, and only the benchmark calls it.
extension SQLiteBankStore {
    public struct StatementCaptureRefused: Error, CustomStringConvertible {
        public var description: String { "statements are captured only on the demo bank" }
    }

    /// The statements `body` made this store run, in order, with their values
    /// in place; transaction control (`BEGIN IMMEDIATE`, `COMMIT`) included,
    /// triggers' inner statements not (the replayed statement fires them again).
    /// Statements run by other threads meanwhile would be captured too: call it
    /// while nothing else uses the store.
    public func capturingStatements(_ body: () throws -> Void) throws -> [String] {
        guard try bankKind() == .demo else { throw StatementCaptureRefused() }
        let log = StatementLog()
        let context = Unmanaged.passRetained(log)
        defer { context.release() }
        let api = connection.api
        lock.withLock {
            _ = api.traceV2(connection.handle, UInt32(SQLITE_TRACE_STMT), { _, context, statement, text in
                guard let context, let statement, let text else { return 0 }
                // For a trigger's statements SQLite passes "-- TRIGGER name" and the statement that fired it.
                if text.assumingMemoryBound(to: CChar.self).pointee == 0x2D { return 0 }
                guard let api = SQLiteLibrary.shared, let expanded = api.expandedSQL(OpaquePointer(statement)) else { return 0 }
                Unmanaged<StatementLog>.fromOpaque(context).takeUnretainedValue().statements.append(String(cString: expanded))
                api.free(expanded)
                return 0
            }, context.toOpaque())
        }
        defer { lock.withLock { _ = api.traceV2(connection.handle, 0, nil, nil) } }
        try body()
        return log.statements
    }
}

/// Where the trace callback appends; touched only under the store's lock.
private final class StatementLog {
    var statements: [String] = []
}
