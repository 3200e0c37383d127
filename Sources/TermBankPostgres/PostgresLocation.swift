import CPostgreSQL
import TermBankCore

/// A PostgreSQL database named by a `postgresql://` URL, as libpq reads it
/// (its `PG*` variables and `~/.pgpass` fill in what the URL leaves out).
///
/// The URL may hold a password. It goes to libpq and nowhere else: every
/// message names the database by `display`, rebuilt from the URL's user, host,
/// port and database only, and whatever libpq says is scrubbed of the
/// password before it is shown (`scrub`).
public struct PostgresLocation: Sendable, CustomStringConvertible {
    /// What libpq connects with. Never printed.
    let conninfo: String
    /// `postgresql://user@host:port/database`, without the password; with
    /// several hosts, `user@db1:5432,db2:5432/database`.
    public let display: String
    /// The password as written in the URL and as decoded, to scrub from libpq's messages.
    private let secrets: [String]
    /// How many servers the URL names (`host=a,b` or `db1,db2`): with more
    /// than one, `display` alone does not say which one a reason is about.
    let hostCount: Int

    public var description: String { display }

    /// Whether `text` names a PostgreSQL database rather than a SQLite file.
    public static func isURL(_ text: String) -> Bool {
        text.hasPrefix("postgresql://") || text.hasPrefix("postgres://")
    }

    public init(url: String) throws {
        guard let library = PostgresLibrary.shared else { throw PostgresLocation.libraryMissing }
        var secrets = Self.writtenPasswords(in: url)
        var fields: [String: String] = [:]
        var parseError: UnsafeMutablePointer<CChar>?
        guard let options = library.conninfoParse(url, &parseError) else {
            // libpq's reason may quote part of the URL (a bad percent escape
            // in the password), so it is not shown.
            if let parseError { library.freemem(parseError) }
            throw StoreError.backend("the database URL could not be read; write it as postgresql://user@host:port/database")
        }
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { fields[String(cString: keyword)] = String(cString: value) }
            option += 1
        }
        library.conninfoFree(options)
        if let password = fields["password"], !password.isEmpty { secrets.append(password) }
        conninfo = url
        self.secrets = secrets.filter { !$0.isEmpty }
        var display = "postgresql://"
        if let user = fields["user"] { display += user + "@" }
        let host = fields["host"] ?? fields["hostaddr"] ?? ""
        let hosts = host.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        hostCount = hosts.count
        let ports = fields["port"].map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) } ?? []
        // A socket folder is a path: written as libpq takes it, after the database.
        let socket = hosts.contains { $0.hasPrefix("/") }
        if socket {
            if let port = fields["port"] { display += ":" + port }
        } else {
            // Each host with its port (one port given serves them all), as the URL pairs them.
            display += hosts.enumerated().map { index, name in
                let port = ports.count == hosts.count ? ports[index] : ports.first
                return name + (port.map { ":" + $0 } ?? "")
            }.joined(separator: ",")
        }
        display += "/" + (fields["dbname"] ?? "")
        if socket { display += "?host=" + host }
        self.display = Self.scrub(display, secrets: self.secrets)
    }

    /// The password between `user:` and `@` as the URL spells it (percent escapes included).
    private static func writtenPasswords(in url: String) -> [String] {
        guard let schemeEnd = url.firstRange(ofText: "://") else { return [] }
        let rest = url[schemeEnd.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" }
        guard let at = authority.lastIndex(of: "@") else { return [] }
        let userInfo = authority[..<at]
        guard let colon = userInfo.firstIndex(of: ":") else { return [] }
        return [String(userInfo[userInfo.index(after: colon)...])]
    }

    /// `text` with every form of the password replaced.
    func scrub(_ text: String) -> String { Self.scrub(text, secrets: secrets) }

    private static func scrub(_ text: String, secrets: [String]) -> String {
        var result = Array(text.unicodeScalars)
        for secret in secrets.sorted(by: { $0.unicodeScalars.count > $1.unicodeScalars.count }) where !secret.isEmpty {
            result = replacing(Array(secret.unicodeScalars), in: result, with: Array("***".unicodeScalars))
        }
        return String(String.UnicodeScalarView(result))
    }

    /// Every occurrence of `target`, by scalars rather than characters: a
    /// password that begins with a combining mark joins the ":" before it
    /// into one character, where a search by characters never finds it
    /// (found by fuzzing, decision 70).
    private static func replacing(_ target: [Unicode.Scalar], in text: [Unicode.Scalar],
                                  with replacement: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        var index = 0
        while index < text.count {
            if index + target.count <= text.count, text[index..<(index + target.count)].elementsEqual(target) {
                result += replacement
                index += target.count
            } else {
                result.append(text[index])
                index += 1
            }
        }
        return result
    }

    static var libraryMissing: StoreError {
        .backend("PostgreSQL's client library \(PostgresLibrary.soname) could not be opened (\(PostgresLibrary.loadError)); "
                 + "install Debian's libpq5")
    }
}
