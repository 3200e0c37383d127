import Glibc
import TermBankSystem

/// /etc/termbank/termbank.conf: what flags and environment variables set,
/// written down once for a host (decision 0106). One `key = value` a line;
/// `#` starts a comment line. A flag given on the command line wins, then the
/// environment variable, then this file, then the built-in default.
///
/// Read as strictly as the bank file: never through a symbolic link, only a
/// regular file, owned by root or by whoever runs TermBank, and writable by
/// no one else (its `sms-command` runs a program and its `database` says
/// where money is written), in a folder no one else may write to. A line it
/// cannot use stops the command with the file's name and the line's number.
enum ConfigFile {
    static let defaultPath = "/etc/termbank/termbank.conf"

    /// One key: the option it stands for and the variable that overrides it.
    struct Key: Sendable {
        let name: String
        let option: String
        let environment: String?
        let isSwitch: Bool
        let meaning: String
        /// The value the file's template shows, commented out.
        let example: String
    }

    /// Every key the file may hold. `listen` is the SSH demo's
    /// (/usr/lib/termbank/ssh-demo reads it); the binary checks it only.
    static let keys: [Key] = [
        Key(name: "database", option: "db", environment: "TERMBANK_DB", isSwitch: false,
            meaning: "the bank: a SQLite file, or postgresql://user@host/db", example: "/var/lib/termbank/bank/bank.sqlite"),
        Key(name: "key-file", option: "key-file", environment: "TERMBANK_KEY_FILE", isSwitch: false,
            meaning: "the authenticator sealing key (default: beside a SQLite bank)", example: "/var/lib/termbank/bank/bank.key"),
        Key(name: "sms-command", option: "sms-command", environment: "TERMBANK_SMS_COMMAND", isSwitch: false,
            meaning: "the verification provider: deliver codes through this program (default: the simulated phone)", example: "/usr/local/bin/send-sms"),
        Key(name: "verify", option: "verify", environment: "TERMBANK_VERIFY", isSwitch: false,
            meaning: "who sends the codes: simulated, vonage or twilio (credentials never here: the environment or verify-credentials)", example: "simulated"),
        Key(name: "verify-url", option: "verify-url", environment: "TERMBANK_VERIFY_URL", isSwitch: false,
            meaning: "the Verify service's base URL, for a regional endpoint", example: "https://api.nexmo.com"),
        Key(name: "verify-credentials", option: "verify-credentials", environment: nil, isSwitch: false,
            meaning: "a file, mode 0600, holding the Verify service's credentials", example: "/etc/termbank/verify.credentials"),
        Key(name: "brand", option: "brand", environment: nil, isSwitch: false,
            meaning: "the name the SMS says it comes from: 1 to 16 characters", example: "TermBank"),
        Key(name: "pin-length", option: "pin-length", environment: nil, isSwitch: false,
            meaning: "digits in a code sent by SMS: 4 or 6", example: "6"),
        Key(name: "pin-expiry", option: "pin-expiry", environment: nil, isSwitch: false,
            meaning: "minutes a code sent by SMS lasts: 1 to 10", example: "5"),
        Key(name: "busy-timeout", option: "busy-timeout", environment: "TERMBANK_BUSY_TIMEOUT_MS", isSwitch: false,
            meaning: "milliseconds to wait for a busy SQLite bank", example: "5000"),
        Key(name: "language", option: "lang", environment: "TERMBANK_LANG", isSwitch: false,
            meaning: "the app's language, over a customer's saved choice and the terminal's: en, pt-BR, it or uk (L changes it)", example: "en"),
        Key(name: "step-up-over", option: "step-up-over", environment: nil, isSwitch: false,
            meaning: "transfers below this amount need only Touch ID / Face ID", example: "50.00"),
        Key(name: "daily-limit", option: "daily-limit", environment: "TERMBANK_DAILY_LIMIT", isSwitch: false,
            meaning: "the most a customer may pay other customers in a day", example: "10000.00"),
        Key(name: "demo", option: "demo", environment: nil, isSwitch: true,
            meaning: "yes: the app runs in demo mode (only on the demo bank)", example: "no"),
        Key(name: "listen", option: "", environment: nil, isSwitch: false,
            meaning: "ADDR:PORT where the SSH demo's sshd listens (default 127.0.0.1:2222)", example: "127.0.0.1:2222"),
    ]

    /// What termbank(1) says of the file.
    static var summary: [String] {
        ["The host's settings, one \"key = value\" a line (# starts a comment). A flag wins over the",
         "environment, which wins over this file. Owned by root (or the user running termbank), writable by",
         "no one else, never a symbolic link; a line it cannot use stops termbank, naming the line.",
         "TERMBANK_CONFIG names another file. Keys:"]
            + keys.map { "\($0.name): \($0.meaning)." }
    }

    /// The file the package installs: every key, commented out at an example value.
    static var template: String {
        var lines = ["# \(defaultPath): TermBank's settings on this host (termbank(1), FILES).",
                     "# One \"key = value\" a line; a line starting with # is a comment. A flag wins over the",
                     "# environment variable, which wins over this file. Keep it root's, mode 0644, never a",
                     "# symbolic link: TermBank refuses it otherwise, and names the line it cannot use."]
        for key in keys {
            lines += ["", "# \(key.name): \(key.meaning)" + (key.option.isEmpty ? "" : " (--\(key.option))") + ".",
                      "#\(key.name) = \(key.example)"]
        }
        return lines.joined(separator: "\n")
    }

    struct Setting: Equatable {
        let key: String
        let value: String
        let line: Int
    }

    /// The file's settings, or none when there is no file.
    static func settings(environment: [String: String]) throws -> [Setting] {
        let path = environment["TERMBANK_CONFIG"].flatMap { $0.isEmpty ? nil : $0 } ?? defaultPath
        var entry = stat()
        guard lstat(path, &entry) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return [] }
            throw failure(path, "cannot be read: \(String(cString: strerror(errno)))")
        }
        try checkOwnership(path: path, entry: entry)
        var folder = stat()
        let directory = Paths.directory(of: path)
        if stat(directory, &folder) == 0, folder.st_mode & 0o022 != 0 && folder.st_mode & S_ISVTX == 0 {
            throw failure(path, "is in \(directory), which others may write to; make it 0755")
        }
        // O_NOFOLLOW: a link put in its place between the look and the read is refused too.
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw failure(path, "cannot be read: \(String(cString: strerror(errno)))") }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count <= 0 { break }
            bytes += buffer[0..<count]
            if bytes.count > 65_536 { close(fd); throw failure(path, "is larger than 64 KiB") }
        }
        close(fd)
        return try parse(String(decoding: bytes, as: UTF8.self), path: path)
    }

    static func checkOwnership(path: String, entry: stat) throws {
        switch entry.st_mode & S_IFMT {
        case S_IFLNK: throw failure(path, "is a symbolic link; TermBank reads only the file itself")
        case S_IFREG: break
        default: throw failure(path, "is not a regular file")
        }
        guard entry.st_uid == 0 || entry.st_uid == geteuid() else {
            throw failure(path, "belongs to user \(entry.st_uid); it must be root's (or yours): chown root:root \(path)")
        }
        guard entry.st_mode & 0o022 == 0 else {
            throw failure(path, "may be changed by others; make it 0644: chmod go-w \(path)")
        }
    }

    /// The settings of `text`; each line that is not one is refused, with its number.
    static func parse(_ text: String, path: String) throws -> [Setting] {
        var settings: [Setting] = []
        // A line ends at LF, CRLF or CR: in Swift "\r\n" is one Character, so
        // splitting on "\n" alone would keep a CRLF file as one long line.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        for (index, raw) in lines.enumerated() {
            let number = index + 1
            let line = trimmed(Substring(raw))
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let equals = line.firstIndex(of: "=") else {
                throw failure(path, "line \(number): expected KEY = VALUE, found \(Console.quoted(String(line)))")
            }
            let name = String(trimmed(line[..<equals]))
            let value = String(trimmed(line[line.index(after: equals)...]))
            guard let key = keys.first(where: { $0.name == name }) else {
                throw failure(path, "line \(number): unknown key \(Console.quoted(name)); the keys are "
                              + keys.map(\.name).joined(separator: ", "))
            }
            if let earlier = settings.first(where: { $0.key == name }) {
                throw failure(path, "line \(number): \(name) is set already on line \(earlier.line)")
            }
            guard !value.isEmpty else { throw failure(path, "line \(number): \(name) has no value") }
            // A path or a command with a control character in it is a typing slip, not a setting.
            guard value.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
                throw failure(path, "line \(number): \(name)'s value holds a control character")
            }
            if key.isSwitch && value != "yes" && value != "no" {
                throw failure(path, "line \(number): \(name) takes yes or no, not \(Console.quoted(value))")
            }
            settings.append(Setting(key: name, value: value, line: number))
        }
        return settings
    }

    /// The command's arguments with the file's settings added where neither a
    /// flag nor the environment gives them, for the options `accepted`.
    static func apply(_ settings: [Setting], to arguments: [String], accepted: Set<String>,
                      environment: [String: String]) -> [String] {
        var added: [String] = []
        for setting in settings {
            guard let key = keys.first(where: { $0.name == setting.key }), !key.option.isEmpty,
                  accepted.contains(key.option) else { continue }
            let flag = "--" + key.option
            if arguments.contains(where: { $0 == flag || $0.hasPrefix(flag + "=") }) { continue }
            if let variable = key.environment, let value = environment[variable], !value.isEmpty { continue }
            // One token each (`--db=PATH`, so a value that starts with "--" stays a value), before any
            // "--": what follows that is another program's arguments.
            if key.isSwitch {
                if setting.value == "yes" { added.append(flag) }
            } else {
                added.append(flag + "=" + setting.value)
            }
        }
        let end = arguments.firstIndex(of: "--") ?? arguments.count
        return Array(arguments[..<end]) + added + Array(arguments[end...])
    }

    private static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while let first = text.first, first == " " || first == "\t" || first == "\r" { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text = text.dropLast() }
        return text
    }

    private static func failure(_ path: String, _ problem: String) -> CommandFailure {
        CommandFailure("\(path) \(problem)", code: .config)
    }
}
