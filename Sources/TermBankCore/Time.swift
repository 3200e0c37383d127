import Synchronization

/// A point in time as milliseconds since the Unix epoch, UTC.
/// Integer so that storage, comparison and tests are exact.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let millisecondsSinceEpoch: Int64

    public init(millisecondsSinceEpoch: Int64) { self.millisecondsSinceEpoch = millisecondsSinceEpoch }

    public init(secondsSinceEpoch: Int64) { self.millisecondsSinceEpoch = secondsSinceEpoch * 1000 }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.millisecondsSinceEpoch < rhs.millisecondsSinceEpoch
    }

    public func adding(seconds: Int64) -> Timestamp {
        Timestamp(millisecondsSinceEpoch: millisecondsSinceEpoch + seconds * 1000)
    }

    public func adding(milliseconds: Int64) -> Timestamp {
        Timestamp(millisecondsSinceEpoch: millisecondsSinceEpoch + milliseconds)
    }

    /// ISO 8601 UTC with seconds, e.g. "2026-11-30T06:38:44Z". Computed by hand
    /// (civil-from-days) so the pure core needs no Foundation calendar.
    public var description: String {
        let seconds = millisecondsSinceEpoch >= 0 ? millisecondsSinceEpoch / 1000
                                                  : (millisecondsSinceEpoch - 999) / 1000
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = Timestamp.civil(fromDays: days)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay % 3600 / 60)):\(two(secondOfDay % 60))Z"
    }

    /// "06:38 UTC": the short form used in messages such as "locked until".
    public var timeOfDay: String {
        let text = description
        let start = text.index(text.startIndex, offsetBy: 11)
        return String(text[start..<text.index(start, offsetBy: 5)]) + " UTC"
    }

    // Howard Hinnant's days-to-civil algorithm.
    static func civil(fromDays daysSinceEpoch: Int64) -> (Int64, Int64, Int64) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let y = yoe + era * 400
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (m <= 2 ? y + 1 : y, m, d)
    }
}

/// Where the core learns the time. Live: the system clock. Tests: a driven clock.
public protocol TimeSource: Sendable {
    func now() -> Timestamp
}

/// A clock that only moves when told to, for deterministic tests and simulations.
public final class DrivenClock: TimeSource {
    private let current: Mutex<Timestamp>

    public init(_ start: Timestamp = Timestamp(secondsSinceEpoch: 1_796_000_000)) { current = Mutex(start) }

    public func now() -> Timestamp { current.withLock { $0 } }

    public func advance(seconds: Int64) { current.withLock { $0 = $0.adding(seconds: seconds) } }

    public func advance(milliseconds: Int64) { current.withLock { $0 = $0.adding(milliseconds: milliseconds) } }
}
