import Glibc
import TermBankSystem

/// A PostgreSQL cluster of its own in a private temporary folder, for tests
/// and benchmarks: `initdb` and `pg_ctl` from Debian's postgresql package,
/// run as the `postgres` account when this process is root (initdb refuses
/// root). It listens only on a Unix socket in that folder (no TCP port, so it
/// cannot collide with, or be reached like, the system's own clusters, which
/// it never touches), trusts the `termbank` superuser there, and asks a
/// password (SCRAM) of every other role, so authentication failures can be
/// tested. `stop()` removes it; so does a watchdog if this process dies first.
///
/// `makeStandby` gives it a streaming-replication hot standby made with
/// `pg_basebackup -R` in a folder of its own (its own socket, the same
/// rules), synchronous by default, for the failover tests
/// (docs/postgresql.md, "Standby and failover").
public final class ThrowawayPostgres: @unchecked Sendable {
    public struct Unavailable: Error, CustomStringConvertible {
        public let description: String
    }

    /// The folder holding the data, the socket and the log.
    public let directory: String
    public let binaries: String
    public let superuser = "termbank"
    private let runAs: String?
    private let durable: Bool
    private var watchdog: ChildProcess?
    private let lock = Lock()
    private var schemas = 0

    /// `durable`: fsync on, as a real server (benchmarks); off for tests,
    /// which never pull the power. `synchronous_commit` is on either way.
    public convenience init(durable: Bool = false) throws {
        try self.init(durable: durable, standbyOf: nil, name: nil)
    }

    /// The name a standby gives the primary (`cluster_name`, which its WAL
    /// receiver uses as `application_name`): what `synchronous_standby_names` lists.
    public let standbyName: String?

    /// A new cluster (`initdb`), or a standby of `primary` (`pg_basebackup -R`).
    private init(durable: Bool, standbyOf primary: ThrowawayPostgres?, name: String?) throws {
        guard let binaries = Self.binaryDirectory() else {
            throw Unavailable(description: "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb); "
                              + "run scripts/setup-deps")
        }
        self.binaries = binaries
        self.durable = durable
        standbyName = name
        runAs = getuid() == 0 ? "postgres" : nil
        directory = try Files.makeTemporaryDirectory(prefix: primary == nil ? "termbank-pg" : "termbank-pg-standby")
        if let runAs {
            guard let account = getpwnam(runAs) else {
                Files.removeTree(directory)
                throw Unavailable(description: "there is no \(runAs) account to run PostgreSQL as")
            }
            chown(directory, account.pointee.pw_uid, account.pointee.pw_gid)
        }
        do {
            if let primary {
                // -R writes primary_conninfo (the primary's socket) and standby.signal: it starts as a hot standby.
                try run("pg_basebackup", ["-D", dataDirectory, "-h", primary.directory, "-U", superuser, "-R",
                                          "-X", "stream", "-c", "fast"] + (durable ? [] : ["--no-sync"]))
            } else {
                try run("initdb", ["-D", dataDirectory, "-U", superuser, "--auth-local=trust", "--no-sync", "-E", "UTF8",
                                   "--locale=C", "--no-instructions"])
                // The superuser may also stream the WAL over the private socket (pg_basebackup, a standby).
                try Files.write("""
                    local all \(superuser) trust
                    local replication \(superuser) trust
                    local all all scram-sha-256

                    """, to: dataDirectory + "/pg_hba.conf", mode: 0o600)
                if let runAs, let account = getpwnam(runAs) {
                    chown(dataDirectory + "/pg_hba.conf", account.pointee.pw_uid, account.pointee.pw_gid)
                }
            }
            try start()
            startWatchdog()
            if primary == nil { try psql("CREATE DATABASE termbank") }
        } catch {
            stop()
            throw error
        }
    }

    var dataDirectory: String { directory + "/data" }

    nonisolated(unsafe) private static var started: Result<ThrowawayPostgres, Error>?
    private static let startLock = Lock()

    /// One cluster for this whole process (a test run), started on first use
    /// and stopped when the process exits. A failure to start is kept and
    /// thrown to every caller: missing PostgreSQL fails the tests, never skips them.
    public static func shared() throws -> ThrowawayPostgres {
        try startLock.withLock {
            if let started { return try started.get() }
            let result = Result { try ThrowawayPostgres() }
            started = result
            if case .success = result {
                atexit {
                    if case .success(let cluster)? = ThrowawayPostgres.started { cluster.stop() }
                }
            }
            return try result.get()
        }
    }

    /// The newest installed PostgreSQL's programs.
    public static func binaryDirectory() -> String? {
        let versions = Files.list("/usr/lib/postgresql").compactMap(Int.init).sorted()
        for version in versions.reversed() where Files.isExecutable("/usr/lib/postgresql/\(version)/bin/initdb") {
            return "/usr/lib/postgresql/\(version)/bin"
        }
        return nil
    }

    /// A URL for `database` over the cluster's socket, as `user` (the superuser by default).
    public func url(database: String = "termbank", user: String? = nil, password: String? = nil,
                    schema: String? = nil) -> String {
        var url = "postgresql://\(user ?? superuser)"
        if let password { url += ":" + password }
        url += "@/\(database)?host=\(directory)"
        if let schema { url += "&options=-csearch_path%3D\(schema)" }
        return url
    }

    /// One URL naming several clusters (a primary and its standbys), as an
    /// operator lists every server: libpq tries them in order and keeps the
    /// first whose session matches `target_session_attrs` (`read-write`: the primary).
    public static func url(naming clusters: [ThrowawayPostgres], database: String = "termbank",
                           sessionAttributes: String = "read-write") -> String {
        let superuser = clusters.first?.superuser ?? "termbank"
        return "postgresql://\(superuser)@/\(database)?host=\(clusters.map(\.directory).joined(separator: ","))"
            + "&target_session_attrs=\(sessionAttributes)"
    }

    /// A URL for a new, empty schema of its own in the `termbank` database:
    /// one per test, far cheaper than a database each.
    public func freshSchemaURL() throws -> String {
        let name = lock.withLock { () -> String in
            schemas += 1
            return "t\(getpid())_\(schemas)"
        }
        try psql("CREATE SCHEMA \(name)", database: "termbank")
        return url(schema: name)
    }

    /// Runs SQL as the superuser; returns psql's unaligned output.
    @discardableResult
    public func psql(_ sql: String, database: String = "postgres") throws -> String {
        let child = try ChildProcess(executable: binaries + "/psql",
                                     arguments: ["-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", directory,
                                                 "-U", superuser, "-d", database, "-c", sql],
                                     input: .null, output: .capture, errors: .capture)
        let done = child.wait(seconds: 60)
        guard done.succeeded else { throw Unavailable(description: "psql failed: \(done.outputText)") }
        return done.outputText.trimmingWhitespace()
    }

    // MARK: Server

    public func start() throws {
        let options = "-k \(directory) -c listen_addresses='' -c fsync=\(durable ? "on" : "off") "
            + "-c synchronous_commit=on -c max_connections=200"
            + (standbyName.map { " -c cluster_name=\($0)" } ?? "")
        try run("pg_ctl", ["-D", dataDirectory, "-l", directory + "/log", "-w", "-t", "60", "-o", options, "start"])
    }

    // MARK: Replication

    /// A hot standby of this cluster, made with `pg_basebackup -R` in a
    /// folder of its own and streaming from this one's socket. `synchronous`:
    /// this cluster then waits, at every commit, for the standby to have the
    /// commit on its disk (`synchronous_standby_names`, with
    /// `synchronous_commit=on`), so a failover loses no acknowledged commit.
    /// Returns once the standby streams (and, if synchronous, is the sync one).
    public func makeStandby(name: String = "standby1", synchronous: Bool = true) throws -> ThrowawayPostgres {
        let standby = try ThrowawayPostgres(durable: durable, standbyOf: self, name: name)
        do {
            try waitUntil("the standby \(name) streams") {
                try psql("SELECT count(*) FROM pg_stat_replication WHERE application_name = '\(name)' AND state = 'streaming'") == "1"
            }
            if synchronous { try setSynchronousStandby(name) }
        } catch {
            standby.stop()
            throw error
        }
        return standby
    }

    /// Names the synchronous standby (nil: none, commits wait for this disk
    /// only) with `ALTER SYSTEM` and a reload, and waits until it is in force.
    /// Not a command-line `-c` setting, which `ALTER SYSTEM` could not override.
    public func setSynchronousStandby(_ name: String?) throws {
        try psql("ALTER SYSTEM SET synchronous_standby_names = '\(name.map { "\"\($0)\"" } ?? "")'")
        try psql("SELECT pg_reload_conf()")
        try waitUntil("synchronous_standby_names in force") {
            let wanted = name.map { "\"\($0)\"" } ?? ""
            guard try psql("SHOW synchronous_standby_names") == wanted else { return false }
            guard let name else { return true }
            return try psql("SELECT sync_state FROM pg_stat_replication WHERE application_name = '\(name)'") == "sync"
        }
    }

    /// Whether this cluster is a standby (in recovery) rather than a primary.
    public func isStandby() throws -> Bool { try psql("SELECT pg_is_in_recovery()") == "t" }

    /// Waits until this standby has replayed everything `primary` has written so far.
    public func waitForReplay(of primary: ThrowawayPostgres) throws {
        let written = try primary.psql("SELECT pg_current_wal_lsn()")
        try waitUntil("the standby replays up to \(written)") {
            try psql("SELECT pg_last_wal_replay_lsn() >= '\(written)'::pg_lsn") == "t"
        }
    }

    /// `pg_ctl promote`: this standby becomes a primary; returns when it takes writes.
    public func promote() throws {
        try run("pg_ctl", ["-D", dataDirectory, "-w", "-t", "60", "promote"])
    }

    /// Polls `condition` every 20 ms for up to a minute: a guard against a
    /// hang, never a measure of speed.
    private func waitUntil(_ what: String, _ condition: () throws -> Bool) throws {
        for _ in 0..<3_000 {
            if try condition() { return }
            usleep(20_000)
        }
        throw Unavailable(description: "gave up waiting: \(what)")
    }

    /// Stops the server (`immediate`: as a crash would, for fault tests), keeping the data.
    public func halt(mode: String = "fast") throws {
        try run("pg_ctl", ["-D", dataDirectory, "-w", "-m", mode, "stop"])
    }

    /// Stops the server and removes the folder.
    public func stop() {
        _ = try? run("pg_ctl", ["-D", dataDirectory, "-w", "-m", "immediate", "stop"])
        Files.removeTree(directory)
    }

    /// If this process dies without `stop()` (a crash, SIGKILL), a small shell
    /// waiting on it stops the server and removes the folder.
    private func startWatchdog() {
        let stopCommand = (runAs.map { "/usr/sbin/runuser -u \($0) -- " } ?? "")
            + "\(binaries)/pg_ctl -D \(dataDirectory) -m immediate stop"
        let script = "while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done; "
            + "\(stopCommand) >/dev/null 2>&1; rm -rf \(directory)"
        watchdog = try? ChildProcess(executable: "/bin/sh", arguments: ["-c", script], input: .null, output: .null,
                                     errors: .null)
    }

    private func run(_ program: String, _ arguments: [String]) throws {
        let executable = binaries + "/" + program
        let child: ChildProcess
        if let runAs {
            child = try ChildProcess(executable: "/usr/sbin/runuser", arguments: ["-u", runAs, "--", executable] + arguments,
                                     input: .null, output: .capture, errors: .capture)
        } else {
            child = try ChildProcess(executable: executable, arguments: arguments, input: .null, output: .capture,
                                     errors: .capture)
        }
        let done = child.wait(seconds: 120)
        guard done.succeeded else {
            throw Unavailable(description: "\(program) failed: \(done.outputText.trimmingWhitespace())")
        }
    }
}
