import TermBankSystem

/// A process's memory as /proc reports it, in KiB: what a session costs the host.
///
/// - `RssAnon`: private memory (heap, stacks, relocated data): paid once per process.
/// - `RssFile`: pages of the program and its libraries that are in memory;
///   processes running the same files share them.
/// - `Pss`: each page divided by the number of processes sharing it, so the
///   sum over N sessions counts shared pages once.
struct ProcessMemory: Equatable {
    var rssAnon = 0
    var rssFile = 0
    var pss = 0
    var pssAnon = 0
    var pssFile = 0

    /// nil when the process is gone or /proc cannot be read.
    static func of(_ pid: Int32) -> ProcessMemory? {
        guard let status = Files.readText("/proc/\(pid)/status"),
              let rollup = Files.readText("/proc/\(pid)/smaps_rollup") else { return nil }
        let fields = kibFields(status).merging(kibFields(rollup)) { first, _ in first }
        guard let anon = fields["RssAnon"], let file = fields["RssFile"], let pss = fields["Pss"] else { return nil }
        return ProcessMemory(rssAnon: anon, rssFile: file, pss: pss, pssAnon: fields["Pss_Anon"] ?? 0,
                             pssFile: fields["Pss_File"] ?? 0)
    }

    /// "Name:   1234 kB" lines as [Name: 1234].
    static func kibFields(_ text: String) -> [String: Int] {
        var fields: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":"), line.hasSuffix(" kB") else { continue }
            let number = line[line.index(after: colon)...].dropLast(3).trimmingWhitespace()
            if let value = Int(number) { fields[String(line[..<colon])] = value }
        }
        return fields
    }

    static func + (left: ProcessMemory, right: ProcessMemory) -> ProcessMemory {
        ProcessMemory(rssAnon: left.rssAnon + right.rssAnon, rssFile: left.rssFile + right.rssFile,
                      pss: left.pss + right.pss, pssAnon: left.pssAnon + right.pssAnon, pssFile: left.pssFile + right.pssFile)
    }
}
