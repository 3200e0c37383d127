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
    public init(durable: Bool = false) throws {
        guard let binaries = Self.binaryDirectory() else {
            throw Unavailable(description: "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb); "
                              + "run scripts/setup-deps")
        }
        self.binaries = binaries
        self.durable = durable
        runAs = getuid() == 0 ? "postgres" : nil
        directory = try Files.makeTemporaryDirectory(prefix: "termbank-pg")
        if let runAs {
            guard let account = getpwnam(runAs) else {
                Files.removeTree(directory)
                throw Unavailable(description: "there is no \(runAs) account to run PostgreSQL as")
            }
            chown(directory, account.pointee.pw_uid, account.pointee.pw_gid)
        }
        do {
            try run("initdb", ["-D", dataDirectory, "-U", superuser, "--auth-local=trust", "--no-sync", "-E", "UTF8",
                               "--locale=C", "--no-instructions"])
            try Files.write("""
                local all \(superuser) trust
                local all all scram-sha-256

                """, to: dataDirectory + "/pg_hba.conf", mode: 0o600)
            if let runAs, let account = getpwnam(runAs) {
                chown(dataDirectory + "/pg_hba.conf", account.pointee.pw_uid, account.pointee.pw_gid)
            }
            try start()
            startWatchdog()
            try psql("CREATE DATABASE termbank")
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
        try run("pg_ctl", ["-D", dataDirectory, "-l", directory + "/log", "-w", "-t", "60", "-o", options, "start"])
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
