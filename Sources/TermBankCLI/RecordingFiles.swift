import Glibc
import TermBankCore
import TermBankSystem

/// The recordings folder as the operator's commands read it: the files' names, the header's title (which carries
/// the session's origin), what one file says about its session, and removing the old ones (docs/decisions/0117).
enum RecordingFiles {
    static let suffix = ".cast"
    private static let titleLead = "TermBank demo"

    /// "session-2026-12-02T01-42-00Z-1234-1.cast": sorts by start; the process and a counter keep two sessions
    /// started in one second apart. No colons, which some file systems and tools refuse.
    static func name(startedAt seconds: Int, sequence: Int, process: pid_t) -> String {
        let stamp = String(Timestamp(secondsSinceEpoch: Int64(seconds)).description.map { $0 == ":" ? "-" : $0 })
        return "session-\(stamp)-\(process)-\(sequence)\(suffix)"
    }

    /// "TermBank demo (key SHA256:…)": the origin as the audit trail names it, never a secret.
    static func title(origin: String) -> String {
        let plain = String(origin.filter { $0.isASCII && ($0.isLetter || $0.isNumber || " :./+=-_".contains($0)) }.prefix(120))
        return plain.isEmpty ? titleLead : "\(titleLead) (\(plain))"
    }

    /// What one recording says about its session.
    struct Summary: Equatable {
        let path: String
        let start: Int
        /// Seconds from the first event to the last.
        let duration: Double
        let origin: String?
        let columns: Int
        let rows: Int
    }

    /// Reads the header and the last event's time: nil for a file that is not a recording of ours.
    static func summary(of path: String) -> Summary? {
        guard let bytes = Files.read(path) else { return nil }
        let lines = bytes.split(separator: UInt8(ascii: "\n"))
        guard let first = lines.first else { return nil }
        let header = String(decoding: first, as: UTF8.self)
        guard let version = number(after: "\"version\": ", in: header), version == 2,
              let start = number(after: "\"timestamp\": ", in: header),
              let columns = number(after: "\"width\": ", in: header),
              let rows = number(after: "\"height\": ", in: header) else { return nil }
        var origin: String?
        if let title = header.firstRange(ofText: "\"title\": \"\(titleLead) (") {
            let rest = header[title.upperBound...]
            origin = rest.firstIndex(of: ")").map { String(rest[..<$0]) }
        }
        var duration = 0.0
        if lines.count > 1, let last = lines.last {
            let text = String(decoding: last, as: UTF8.self)
            duration = Double(text.dropFirst().prefix { $0 != "," }) ?? 0
        }
        return Summary(path: path, start: start, duration: duration, origin: origin, columns: columns, rows: rows)
    }

    /// Every recording in `folder`, oldest first.
    static func list(_ folder: String) -> [Summary] {
        Files.list(folder).filter { $0.hasSuffix(suffix) }.compactMap { summary(of: folder + "/" + $0) }
            .sorted { ($0.start, $0.path) < ($1.start, $1.path) }
    }

    /// Removes the recordings that began before `cutoff` (seconds since 1970); returns their names.
    static func prune(_ folder: String, startedBefore cutoff: Int) -> [String] {
        list(folder).filter { $0.start < cutoff }.compactMap { summary in
            unlink(summary.path) == 0 ? Paths.lastComponent(of: summary.path) : nil
        }
    }

    private static func number(after key: String, in text: String) -> Int? {
        guard let range = text.firstRange(ofText: key) else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }
}
