import Glibc
import TermBankSystem
import TermBankCore
import TermBankPostgres
import TermBankQR
import TermBankSecurity
import TermBankStorage
import TermBankTerminal
import TermBankUnicode
import TermBankVerify

/// The `termbank` executable's entry point.
public enum TermBankCLI {
    public static let version = "0.1.0"

    /// The operator's commands and the app; `commands` may add others (the executable adds the benchmarks).
    package static func main(_ arguments: [String], commands: Commands = Commands()) -> Int32 {
        // Text is composed (NFC) where it enters; utf8proc opens only when a text needs it.
        CanonicalText.install(UTF8ProcNormalizer())
        return run(arguments, console: .live(), environment: Paths.environment(), commands: commands).rawValue
    }

    static func run(_ raw: [String], console: Console, environment: [String: String],
                    commands: Commands = Commands()) -> ExitCode {
        do {
            return try dispatch(raw, console: console, environment: environment, commands: commands)
        } catch {
            let failure = CommandFailure.from(error)
            console.error(failure.message)
            if failure.code == .usage { console.standardError("Run \"termbank --help\" for usage.") }
            return failure.code
        }
    }

    /// Global options may come before the command ("termbank --db x user list"):
    /// move them after it so the command words lead.
    static func globalOptionsLast(_ raw: [String]) -> [String] {
        var leading: [String] = []
        var rest = raw[...]
        while let first = rest.first, first.hasPrefix("--") {
            let name = String(first.dropFirst(2).prefix { $0 != "=" })
            guard Command.globalValued.contains(name) else { break }
            leading.append(first)
            rest = rest.dropFirst()
            if !first.contains("="), let value = rest.first {
                leading.append(value)
                rest = rest.dropFirst()
            }
        }
        return Array(rest) + leading
    }

    private static func dispatch(_ raw: [String], console: Console, environment: [String: String],
                                 commands: Commands) throws -> ExitCode {
        let raw = globalOptionsLast(raw)
        if raw == ["--help"] || raw == ["-h"] || raw == ["help"] {
            console.standardOutput(commands.overview)
            return .ok
        }
        if raw == ["--version"] || raw == ["version"] {
            console.standardOutput(versionText)
            return .ok
        }
        if raw == ["--version", "--libraries"] || raw == ["version", "--libraries"] {
            console.standardOutput(versionText + "\n" + lazyLibrariesText)
            return .ok
        }
        // The installed demo over SSH takes its own options, and explains them itself.
        if raw.first == SSHDemoLauncher.command.path[0] { return try SSHDemoLauncher.exec(Array(raw.dropFirst())) }
        // The longest command path that the leading words match.
        let words = raw.prefix { !$0.hasPrefix("-") }
        let match = words.isEmpty ? AppCommands.app : commands.all
            .filter { words.starts(with: $0.path) }
            .max { $0.path.count < $1.path.count }
        guard let command = match else {
            let group = commands.all.filter { !$0.hidden && $0.path.first == words.first }
            if !group.isEmpty, raw.contains("--help") || words.count == 1 {
                console.standardOutput(group.map { "  \($0.usage)\n      \($0.summary)" }.joined(separator: "\n"))
                return words.count == 1 && !raw.contains("--help") ? .usage : .ok
            }
            throw CommandFailure.usage("unknown command \(Console.quoted(words.joined(separator: " ")))")
        }
        var rest = Array(raw.dropFirst(command.path.count))
        if rest.contains("--help") || rest.contains("-h") {
            console.standardOutput(command.help)
            return .ok
        }
        // The host's settings (/etc/termbank/termbank.conf) for the app and the
        // operator's commands; never for a benchmark, which must not find the real bank.
        if command.path.isEmpty || Commands.operatorCommands.contains(where: { $0.path == command.path }) {
            rest = ConfigFile.apply(try ConfigFile.settings(environment: environment), to: rest,
                                    accepted: command.valued.union(Command.globalValued).union(command.boolean),
                                    environment: environment)
        }
        let arguments = try Arguments(rest, valued: command.valued.union(Command.globalValued),
                                      boolean: command.boolean.union(Command.globalBoolean))
        let context = try CommandContext(console: console, environment: environment, arguments: arguments,
                                         commands: commands, createsBank: command.createsBank)
        return try command.run(arguments, context)
    }

    /// The linked library's version and, by name only, the ones opened on
    /// first use: loading libcrypto just to print its version was most of
    /// `--version`'s time, and SQLite and libsodium are opened on first use
    /// too (docs/benchmarks.md). `--libraries` loads them.
    static var versionText: String {
        let blocklist = CommonPasswordBlocklist()
        return """
        termbank \(version)
        database schema \(SQLiteBankStore.latestSchemaVersion) on SQLite, \(PostgresBankStore.latestSchemaVersion) on PostgreSQL
        \(TerminalLibrary.cursesVersion)
        password blocklist: \(blocklist.sources.isEmpty ? "MISSING (install cracklib-runtime and john-data)" : blocklist.sources.joined(separator: ", "))
        opened on first use: \(SQLiteBankStore.librarySoname) (the bank), \(SecurityLibraries.sodiumSoname) (passwords, codes, keys), \(OpenSSLHMACSHA1.librarySoname) (authenticator codes), \(QRMatrix.librarySoname) (QR codes), \(CommonPasswordBlocklist.librarySoname) (password dictionary), \(PostgresBankStore.librarySoname) (a postgresql:// database), \(UTF8ProcNormalizer.librarySoname) (accented letters typed decomposed), \(HTTPClient.librarySoname) (a Verify service, --verify); --libraries loads them
        """
    }

    /// Each library opened on first use, loaded now: its version, or MISSING and why.
    static var lazyLibrariesText: String {
        """
        SQLite \(SQLiteBankStore.sqliteVersion), libsodium \(SecurityLibraries.sodiumVersion), \(OpenSSLHMACSHA1.libraryVersion), \(QRMatrix.libraryVersion), \(PostgresBankStore.libraryVersion), \(UTF8ProcNormalizer.libraryVersion), \(HTTPClient.libraryVersion), \(CommonPasswordBlocklist.libraryStatus)
        """
    }
}

/// The storage engines' libraries, named here beside `--version`'s mention of
/// them: only this file and `CommandContext` import the storage modules.
extension FirstUseNeeds {
    static var sqliteSoname: String { SQLiteBankStore.librarySoname }
    static var postgresSoname: String { PostgresBankStore.librarySoname }
}
