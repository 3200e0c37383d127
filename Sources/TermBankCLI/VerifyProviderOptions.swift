import Glibc
import TermBankCore
import TermBankSystem
import TermBankVerify

/// Which Verify service sends the codes (docs/second-factors.md, "Real SMS"):
/// `--verify simulated|vonage|twilio` (or `$TERMBANK_VERIFY`), the service's
/// base URL (`--verify-url`, `$TERMBANK_VERIFY_URL`: regional endpoints, the
/// tests' mocks), and the brand the SMS names (`--brand`, default TermBank).
/// Credentials come only from the environment, under the providers' own
/// names, or from a file only its owner can read (`--verify-credentials`):
/// never from the command line, where `ps` and shell history would show them.
struct VerifyProviderOptions {
    enum Kind: String, CaseIterable {
        case simulated, vonage, twilio
    }

    let kind: Kind
    let url: String?
    let credentialsFile: String?
    let brand: String
    /// The whole request's limit (`$TERMBANK_VERIFY_TIMEOUT`, seconds, default 15); connecting gets a third of it.
    let timeoutSeconds: Int

    static let vonageNames = ["VONAGE_API_KEY", "VONAGE_API_SECRET"]
    static let twilioNames = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_VERIFY_SERVICE_SID"]

    init(arguments: Arguments, environment: [String: String]) throws {
        func option(_ name: String, _ variable: String) -> String? {
            arguments.value(name) ?? environment[variable].flatMap { $0.isEmpty ? nil : $0 }
        }
        let name = option("verify", "TERMBANK_VERIFY") ?? "simulated"
        guard let kind = Kind(rawValue: name) else {
            throw CommandFailure.usage("--verify is simulated, vonage or twilio")
        }
        self.kind = kind
        url = option("verify-url", "TERMBANK_VERIFY_URL")
        credentialsFile = arguments.value("verify-credentials")
        brand = arguments.value("brand") ?? "TermBank"
        guard (1...16).contains(brand.count), brand.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
            throw CommandFailure.usage("--brand needs 1 to 16 printable characters")
        }
        if let url { try Self.checkURL(url) }
        let timeoutText = environment["TERMBANK_VERIFY_TIMEOUT"].flatMap { $0.isEmpty ? nil : $0 }
        guard let timeout = Int(timeoutText ?? "15"), (1...120).contains(timeout) else {
            throw CommandFailure.usage("$TERMBANK_VERIFY_TIMEOUT is seconds from 1 to 120")
        }
        timeoutSeconds = timeout
    }

    private var client: HTTPClient {
        HTTPClient(connectTimeoutMilliseconds: max(1_000, timeoutSeconds * 1_000 / 3),
                   totalTimeoutMilliseconds: timeoutSeconds * 1_000)
    }

    /// https, or http only to this host (a mock in the tests): codes and
    /// credentials never cross a network in clear text.
    static func checkURL(_ url: String) throws {
        let loopback = ["http://127.0.0.1:", "http://127.0.0.1/", "http://localhost:", "http://localhost/", "http://[::1]:"]
        guard url.hasPrefix("https://") || loopback.contains(where: { url.hasPrefix($0) }) else {
            throw CommandFailure.usage("--verify-url needs https:// (or http:// to 127.0.0.1 or localhost)")
        }
    }

    /// The core's code provider: the simulated phone, or the configured service with its credentials.
    func codes(environment: [String: String]) throws -> CodeProvider {
        switch kind {
        case .simulated: return .simulated
        case .vonage:
            let found = try credentials(Self.vonageNames, environment: environment)
            return .provider(VonageVerify(
                base: url ?? VonageVerify.defaultBase,
                credentials: .init(apiKey: found["VONAGE_API_KEY"]!, apiSecret: found["VONAGE_API_SECRET"]!), brand: brand,
                client: client))
        case .twilio:
            let found = try credentials(Self.twilioNames, environment: environment)
            return .provider(TwilioVerify(
                base: url ?? TwilioVerify.defaultBase,
                credentials: .init(accountSID: found["TWILIO_ACCOUNT_SID"]!, authToken: found["TWILIO_AUTH_TOKEN"]!,
                                   serviceSID: found["TWILIO_VERIFY_SERVICE_SID"]!), client: client))
        }
    }

    /// `names` from the credentials file when one is given (NAME=value lines,
    /// # comments), else from the environment. A missing one is named; a
    /// value never is.
    private func credentials(_ names: [String], environment: [String: String]) throws -> [String: String] {
        var source = environment
        var from = "the environment"
        if let credentialsFile {
            source = try Self.readCredentials(credentialsFile)
            from = credentialsFile
        }
        var found: [String: String] = [:]
        for name in names {
            guard let value = source[name], !value.isEmpty else {
                throw CommandFailure("--verify \(kind.rawValue) needs \(names.joined(separator: ", ")); "
                                     + "\(name) is not set in \(from).", code: .config)
            }
            found[name] = value
        }
        return found
    }

    /// The file must be the operator's own and readable by no one else (0600 or 0400).
    static func readCredentials(_ path: String) throws -> [String: String] {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw CommandFailure("Cannot read the credentials file \(Console.quoted(path)).", code: .config)
        }
        guard info.st_mode & 0o077 == 0, info.st_uid == getuid() else {
            throw CommandFailure("The credentials file \(Console.quoted(path)) must be yours and private "
                                 + "(chmod 600).", code: .config)
        }
        guard let text = Files.readText(path) else {
            throw CommandFailure("Cannot read the credentials file \(Console.quoted(path)).", code: .config)
        }
        var values: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "=") else { continue }
            let name = String(trimmed[..<equals]).filter { $0 != " " }
            let value = String(trimmed[trimmed.index(after: equals)...])
            values[name.hasPrefix("export") ? String(name.dropFirst(6)) : name] = value
        }
        return values
    }
}
