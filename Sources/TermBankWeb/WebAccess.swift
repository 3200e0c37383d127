import Glibc
import TermBankSystem

/// Who may use the browser door: whoever holds the invite printed at start,
/// and then the browsers it let in, each known by a random id in a cookie.
/// That id is the browser's demo origin, as a key is over SSH: guests bind to
/// it, and lock-outs and limits count per browser (decision 0110). Kept in
/// memory: a restart prints a new invite and forgets the browsers.
final class WebAccess: @unchecked Sendable {
    static let cookieName = "termbank_browser"
    let invite: String
    private let lock = Lock()
    private var browsers: Set<String> = []

    init(invite: String = WebAccess.randomHex(bytes: 16)) {
        self.invite = invite
    }

    /// A new browser's id, when the invite it brought is the right one.
    func admit(invite offered: String?) -> String? {
        guard let offered, WebAccess.sameText(offered, invite) else { return nil }
        let id = WebAccess.randomHex(bytes: 32)
        lock.withLock { _ = browsers.insert(id) }
        return id
    }

    /// The browser a request's Cookie header names, if this server let it in.
    func browser(cookieHeader: String?) -> String? {
        guard let value = WebAccess.cookie(WebAccess.cookieName, in: cookieHeader ?? "") else { return nil }
        return lock.withLock { browsers.contains(value) ? value : nil }
    }

    /// The cookie that lets a browser back in: out of scripts' reach, never
    /// sent by another site's page, for the guests' 24 hours.
    static func setCookie(_ id: String, secure: Bool) -> String {
        "\(cookieName)=\(id); Path=/; Max-Age=86400; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }

    static func cookie(_ name: String, in header: String) -> String? {
        for part in header.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingWhitespace() == name else { continue }
            let value = pair[1].trimmingWhitespace()
            // ASCII hex only: `Character.isHexDigit` would take fullwidth digits too.
            let hex = value.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) || (0x41...0x46).contains($0) }
            return hex && !value.isEmpty ? value : nil
        }
        return nil
    }

    /// A WebSocket from this server's own page: its Origin names the host the
    /// browser asked for (http or https, for a TLS proxy in front). Another
    /// site's page, which could otherwise open a socket with the visitor's
    /// cookie, names its own (cross-site WebSocket hijacking).
    static func isOwnOrigin(_ origin: String?, host: String?) -> Bool {
        guard let origin, let host, !host.isEmpty else { return false }
        return origin == "http://" + host || origin == "https://" + host
    }

    /// Compared in time independent of where they differ: the invite is a secret.
    static func sameText(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }

    static func randomHex(bytes count: Int) -> String {
        randomBytes(count).map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// From the kernel's generator (/dev/urandom never blocks once the system is up).
    static func randomBytes(_ count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        precondition(fd >= 0, "cannot open /dev/urandom")
        defer { close(fd) }
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, count - filled) }
            if got > 0 { filled += got } else { precondition(errno == EINTR, "cannot read /dev/urandom") }
        }
        return bytes
    }
}

extension WebAccess {
    var browserCount: Int { lock.withLock { browsers.count } }
}
