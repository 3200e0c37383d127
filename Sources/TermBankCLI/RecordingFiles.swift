import Glibc
import TermBankCore
import TermBankSystem

/// The recordings folder as the operator's commands read it: the files' names, the header's title (which carries
/// the session's origin), what one file says about its session, and removing the old ones (docs/decisions/0117).
package enum RecordingFiles {
    static let suffix = ".cast"
    /// Set in a recorded session's app environment: the demo's welcome screen then says the session is recorded.
    package static let recordedVariable = "TERMBANK_RECORDED"
    private static let titleLead = "TermBank demo"

    /// "session-2026-12-02T01-42-00Z-1234-1.cast": sorts by start; the process and a counter keep two sessions
    /// started in one second apart. No colons, which some file systems and tools refuse.
    package static func name(startedAt seconds: Int, sequence: Int, process: pid_t) -> String {
        let stamp = String(Timestamp(secondsSinceEpoch: Int64(seconds)).description.map { $0 == ":" ? "-" : $0 })
        return "session-\(stamp)-\(process)-\(sequence)\(suffix)"
    }

    /// "TermBank demo (key SHA256:…)": the origin as the audit trail names it, never a secret.
    package static func title(origin: String) -> String {
        let plain = String(origin.filter { $0.isASCII && ($0.isLetter || $0.isNumber || " :./+=-_".contains($0)) }.prefix(120))
        return plain.isEmpty ? titleLead : "\(titleLead) (\(plain))"
    }

    /// Past this size a recording stops growing (the session goes on): no session can fill the operator's disk.
    package static let largestRecording = 64 * 1024 * 1024

    /// A browser door's session as its recording's title names it: "browser" and the SHA-256 fingerprint of the
    /// browser's id, as the audit trail names it (the id itself is the cookie, a secret). `authFile` is the
    /// origin file the app reads the id from (sshd's ExposeAuthInfo form).
    package static func browserOrigin(authFile: String) -> String {
        let key = SSHIdentity.acceptedKey(environment: ["SSH_USER_AUTH": authFile])
        return key.map { "browser \($0.fingerprint)" } ?? "browser"
    }

    /// The origin's fingerprint when it names one (an SSH key's or a browser's): the guests are bound to it.
    static func fingerprint(of origin: String) -> String? {
        for lead in ["key ", "browser "] where origin.hasPrefix(lead) { return String(origin.dropFirst(lead.count)) }
        return nil
    }

    /// Why `folder` cannot hold recordings written by this process's user, or nil when it can: it must be a
    /// folder of this user's, that no one else may write into (a file planted there would be listed, pruned
    /// or played as a recording). The same rule as scripts/ssh-demo --record.
    package static func privateFolderProblem(_ folder: String) -> String? {
        guard folder.hasPrefix("/") else { return "\(folder) is not an absolute path" }
        var status = stat()
        guard stat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            return "no folder \(folder) (make it, owned by you, mode 0700)"
        }
        guard status.st_uid == geteuid() else { return "\(folder) is not this user's (uid \(geteuid()))" }
        guard status.st_mode & 0o022 == 0 else { return "\(folder) is group- or world-writable" }
        return nil
    }

    /// Every hour, on a thread of its own, removes the recordings older than a demo customer's lifetime
    /// (docs/decisions/0117). It only unlinks files their writer has closed or never opens again.
    package static func removeOldEveryHour(_ folder: String, log: @escaping @Sendable (String) -> Void) {
        Threads.detach {
            while true {
                var clock = timespec()
                clock_gettime(CLOCK_REALTIME, &clock)
                let cutoff = Int(clock.tv_sec) - Int(GuestPolicy.standard.lifetimeSeconds)
                for name in prune(folder, startedBefore: cutoff) { log("removed \(name)") }
                sleep(3600)
            }
        }
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
