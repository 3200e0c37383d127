import CWebSockets
import Glibc
import TermBankApp
import TermBankCLI
import TermBankCore
import TermBankSystem

/// `termbank web`'s server: libwebsockets serves the page (to invited
/// browsers only) and one WebSocket per tab, and each socket drives its own
/// `termbank --demo` in a pseudo-terminal (`WebTerminal`). Everything runs on
/// libwebsockets' one loop, on the thread that calls `run`; the terminals'
/// reading threads only queue output and wake it (decision 0110).
final class WebServer: @unchecked Sendable {
    struct Settings {
        var address: String
        var port: Int32
        var assets: String
        var tls: (certificate: String, key: String)?
        var perBrowser: Int
        var sessions: Int
        var idleSeconds: Int
        /// Where each tab's session is recorded (asciicast v2, 0600), if anywhere.
        var recordings: String?
        /// The program each tab runs, and what it is given besides the browser's origin.
        var executable: String
        var arguments: [String]
        var environment: [String: String]
    }

    /// One tab: its browser, and its app once the page has said its window size.
    final class Session {
        let browser: String
        let address: String
        let language: String?
        var terminal: WebTerminal?
        var message = WebMessage.Assembler()
        var lastInput: UInt64
        var closing = false
        /// The session's recording: what was sent to the page, and the page's window sizes (docs/decisions/0130).
        var recorder: AsciicastRecorder?
        var recordingStart: UInt64 = 0
        var recorded = 0
        var recordedSize = (columns: 0, rows: 0)
        /// A tab let in only to be told why it gets no session (the server is full); then closed.
        var refusal: [UInt8]?
        var refusalSent = false

        init(browser: String, address: String, language: String?, now: UInt64) {
            self.browser = browser
            self.address = address
            self.language = language
            lastInput = now
        }
    }

    /// The one server of this process: libwebsockets calls back a plain C function.
    nonisolated(unsafe) static var current: WebServer?
    nonisolated(unsafe) static var stopping: sig_atomic_t = 0

    let lws: WebSocketsLibrary
    let settings: Settings
    let access: WebAccess
    /// The page, its script and style sheet, and each browser's origin file: a 0700 folder of this run.
    let runtime: String
    private var context: OpaquePointer?
    /// The terminals' threads and the tick wake the loop while it may be ending.
    private let contextLock = Lock()
    /// LWS_PRE (a macro Swift cannot import): the room lws_write needs before a frame's bytes.
    static let headroom = 16
    private var sessions: [UInt: Session] = [:]
    private var originFiles: [String: String] = [:]
    /// Keeps two recordings started in one second apart.
    private var recordingSequence = 0
    /// Each of the page's files: its path on disk and its content type, as C strings for the server's lifetime.
    private let files: [String: (path: UnsafeMutablePointer<CChar>?, type: UnsafeMutablePointer<CChar>?)]
    private let log: (String) -> Void

    init(settings: Settings, access: WebAccess, log: @escaping (String) -> Void) throws {
        do {
            lws = try WebSocketsLibrary()
        } catch {
            throw CommandFailure("libwebsockets cannot be loaded (\(error)); install libwebsockets17", code: .unavailable)
        }
        self.settings = settings
        self.access = access
        self.log = log
        runtime = try Files.makeTemporaryDirectory(prefix: "termbank-web")
        chmod(runtime, 0o700)
        try Files.write(WebPage.html, to: runtime + "/index.html", mode: 0o600)
        try Files.write(WebPage.script, to: runtime + "/termbank-web.js", mode: 0o600)
        try Files.write(WebPage.styleSheet, to: runtime + "/termbank-web.css", mode: 0o600)
        let javaScript = strdup("text/javascript; charset=utf-8"), css = strdup("text/css; charset=utf-8")
        files = ["/": (strdup(runtime + "/index.html"), strdup("text/html; charset=utf-8")),
                 "/termbank-web.js": (strdup(runtime + "/termbank-web.js"), javaScript),
                 "/termbank-web.css": (strdup(runtime + "/termbank-web.css"), css),
                 "/xterm.js": (strdup(settings.assets + "/xterm.js"), javaScript),
                 "/xterm.css": (strdup(settings.assets + "/xterm.css"), css)]
    }

    /// Serves until SIGINT or SIGTERM; then hangs up every tab's app.
    func run() throws {
        // The page and the browsers' origin files go with the server, however it ends.
        defer { Files.removeTree(runtime) }
        lws.setLogLevel(1 /* LLL_ERR */, nil)
        let name = strdup("termbank")
        let iface = strdup(settings.address)
        let certificate = settings.tls.map { strdup($0.certificate) }
        let key = settings.tls.map { strdup($0.key) }
        let alpn = strdup("http/1.1")
        defer { for pointer in [name, iface, certificate ?? nil, key ?? nil, alpn] { free(pointer) } }
        let protocols = UnsafeMutablePointer<lws_protocols>.allocate(capacity: 2)
        defer { protocols.deallocate() }
        protocols[0] = lws_protocols(name: UnsafePointer(name), callback: webCallback, per_session_data_size: 0,
                                     rx_buffer_size: 65_536, id: 0, user: nil, tx_packet_size: 0)
        protocols[1] = lws_protocols()
        var info = lws_context_creation_info()
        info.port = settings.port
        info.iface = UnsafePointer(iface)
        info.protocols = UnsafePointer(protocols)
        info.gid = -1   // no change of group or user
        info.uid = -1
        var options: UInt64 = 0
        if !settings.address.utf8.contains(UInt8(ascii: ":")) { options |= UInt64(1 << 5) /* DISABLE_IPV6 */ }
        if settings.tls != nil {
            options |= UInt64(1 << 12) /* DO_SSL_GLOBAL_INIT */
            info.ssl_cert_filepath = UnsafePointer(certificate!)
            info.ssl_private_key_filepath = UnsafePointer(key!)
            // HTTP/1.1 only: the page's headers are written as HTTP/1.1 lines.
            info.alpn = UnsafePointer(alpn)
        }
        info.options = options
        WebServer.current = self
        defer { WebServer.current = nil }
        guard let made = withUnsafePointer(to: &info, { lws.createContext($0) }) else {
            throw CommandFailure("cannot listen on \(settings.address):\(settings.port)", code: .unavailable)
        }
        contextLock.withLock { context = made }
        signal(SIGINT) { _ in WebServer.stopping = 1 }
        signal(SIGTERM) { _ in WebServer.stopping = 1 }
        signal(SIGPIPE, SIG_IGN)
        // libwebsockets 4 waits for its own next event, not for lws_service's timeout: a tick wakes
        // the loop every second to see a stop asked for and the idle sessions.
        Threads.detach { [weak self] in
            while WebServer.stopping == 0, let self {
                sleep(1)
                self.wake()
            }
        }
        while WebServer.stopping == 0 {
            _ = lws.service(made, 1000)
            closeIdleSessions()
        }
        for session in sessions.values {
            session.terminal?.hangUp()
            session.recorder?.close()
        }
        contextLock.withLock { context = nil }
        lws.destroyContext(made)
    }

    /// Called by the terminals' threads: the loop wakes and sends what they queued.
    func wake() {
        contextLock.withLock { if let context { lws.cancelService(context) } }
    }

    private func closeIdleSessions() {
        let now = Stopwatch.nanoseconds()
        for (key, session) in sessions where !session.closing
            && now - session.lastInput > UInt64(settings.idleSeconds) * 1_000_000_000 {
            session.closing = true
            session.terminal?.hangUp()
            log("web: a session idle for \(settings.idleSeconds) seconds was closed")
            _ = lws.callbackOnWritable(OpaquePointer(bitPattern: key))
        }
    }

    // MARK: libwebsockets' events

    func handle(_ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
                _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
        let key = UInt(bitPattern: wsi)
        switch reason {
        case LWS_CALLBACK_HTTP:
            let path = input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "/"
            return serve(wsi, path: path)
        case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
            return admit(wsi) ? 0 : 1
        case LWS_CALLBACK_ESTABLISHED:
            if sessions[key]?.refusal != nil { _ = lws.callbackOnWritable(wsi) }
            return 0
        case LWS_CALLBACK_RECEIVE:
            guard let session = sessions[key], let input else { return 0 }
            switch session.message.add(UnsafeRawBufferPointer(start: input, count: length), final: lws.isFinalFragment(wsi) != 0) {
            case .more: return 0
            case .tooLong: return -1
            case .message(let message): return receive(message, in: session, wsi: wsi) ? 0 : -1
            }
        case LWS_CALLBACK_SERVER_WRITEABLE:
            guard let session = sessions[key] else { return -1 }
            if let refusal = session.refusal {
                // The refusal, then (once it has gone out) the close.
                guard !session.refusalSent else { return -1 }
                session.refusalSent = true
                var frame = [UInt8](repeating: 0, count: WebServer.headroom) + refusal
                let written = frame.withUnsafeMutableBufferPointer {
                    lws.write(wsi, $0.baseAddress! + WebServer.headroom, refusal.count, LWS_WRITE_BINARY)
                }
                if written < refusal.count { return -1 }
                _ = lws.callbackOnWritable(wsi)
                return 0
            }
            guard let terminal = session.terminal else { return session.closing ? -1 : 0 }
            let (bytes, finished) = terminal.take(limit: 65_536)
            if !bytes.isEmpty {
                // Past the cap the recording stops growing and the session goes on (RecordingFiles.largestRecording).
                if session.recorded + bytes.count <= RecordingFiles.largestRecording {
                    session.recorded += bytes.count
                    record(session) { try $0.output(bytes[...], atNanoseconds: $1) }
                }
                var frame = [UInt8](repeating: 0, count: WebServer.headroom) + bytes
                let written = frame.withUnsafeMutableBufferPointer {
                    lws.write(wsi, $0.baseAddress! + WebServer.headroom, bytes.count, LWS_WRITE_BINARY)
                }
                if written < bytes.count { return -1 }
                _ = lws.callbackOnWritable(wsi)
                return 0
            }
            return finished ? -1 : 0
        case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
            for (key, session) in sessions where session.terminal != nil || session.refusal != nil {
                _ = lws.callbackOnWritable(OpaquePointer(bitPattern: key))
            }
            return 0
        case LWS_CALLBACK_CLOSED, LWS_CALLBACK_WSI_DESTROY:
            if let session = sessions.removeValue(forKey: key) {
                // The tab closed (or timed out): the app's session ends at the bank, as when SSH drops.
                session.terminal?.hangUp()
                session.recorder?.close()
                log("web: a session from \(session.address) ended (\(sessions.count) open)")
            }
            return lws.defaultCallback(wsi, reason, user, input, length)
        default:
            return lws.defaultCallback(wsi, reason, user, input, length)
        }
    }

    /// The page and its files, to invited browsers; 403 to anyone else.
    private func serve(_ wsi: OpaquePointer?, path: String) -> Int32 {
        var browser = access.browser(cookieHeader: lws.header(wsi, WSI_TOKEN_HTTP_COOKIE))
        var setCookie = ""
        if path == "/", browser == nil, let admitted = access.admit(invite: lws.queryValue(wsi, "invite")) {
            browser = admitted
            setCookie = "set-cookie: " + WebAccess.setCookie(admitted, secure: settings.tls != nil) + "\r\n"
            log("web: a browser came in with the invite (\(access.browserCount) let in)")
        }
        guard browser != nil else { return finish(wsi, status: 403) }
        guard let file = files[path] else { return finish(wsi, status: 404) }
        // Kept by libwebsockets while the file is sent: the names and types live as long as the server.
        let headers = WebPage.securityHeaders + setCookie
        let result = lws.serveFile(wsi, file.path, file.type, headers, Int32(headers.utf8.count))
        if result < 0 || (result > 0 && lws.transactionCompleted(wsi) != 0) { return -1 }
        return 0
    }

    private func finish(_ wsi: OpaquePointer?, status: UInt32) -> Int32 {
        _ = lws.returnStatus(wsi, status, nil)
        return lws.transactionCompleted(wsi) != 0 ? -1 : 0
    }

    /// A WebSocket is let in only from this server's own page, from an
    /// invited browser, within the caps.
    private func admit(_ wsi: OpaquePointer?) -> Bool {
        let address = lws.peer(wsi)
        guard lws.header(wsi, WSI_TOKEN_GET_URI) == "/session" else { return false }
        guard WebAccess.isOwnOrigin(lws.header(wsi, WSI_TOKEN_ORIGIN), host: lws.header(wsi, WSI_TOKEN_HOST)) else {
            log("web: a WebSocket from \(address) with a foreign Origin was refused")
            return false
        }
        guard let browser = access.browser(cookieHeader: lws.header(wsi, WSI_TOKEN_HTTP_COOKIE)) else {
            log("web: a WebSocket from \(address) without an invited browser's cookie was refused")
            return false
        }
        let language = WebPage.locale(acceptLanguage: lws.header(wsi, WSI_TOKEN_HTTP_ACCEPT_LANGUAGE) ?? "")
        let session = Session(browser: browser, address: address, language: language, now: Stopwatch.nanoseconds())
        sessions[UInt(bitPattern: wsi)] = session
        guard sessions.values.filter({ $0.refusal == nil }).count <= settings.sessions else {
            log("web: a WebSocket from \(address) was refused: \(settings.sessions) sessions open, the most allowed")
            refuse(session, .allSessions(limit: settings.sessions))
            return true
        }
        guard sessions.values.filter({ $0.browser == browser && $0.refusal == nil }).count <= settings.perBrowser else {
            log("web: a WebSocket from \(address) was refused: its browser holds \(settings.perBrowser) sessions")
            refuse(session, .perBrowser(limit: settings.perBrowser))
            return true
        }
        return true
    }

    /// A tab past a cap is let in only to be told so in the page, in its browser's language (as the SSH
    /// door says its limits), and then closed: a blank page would not say why. Its browser's other tabs go on.
    private func refuse(_ session: Session, _ refusal: DemoConnectionLimit.Refusal) {
        let text = (session.language.flatMap(Language.init(posixLocale:)) ?? .english).coreCatalog.text(refusal)
        session.refusal = Array(("\r\n" + text + "\r\n").utf8)
    }

    /// A message from the page (`WebMessage`). The first size starts the app; a refused tab's messages are dropped.
    private func receive(_ message: [UInt8], in session: Session, wsi: OpaquePointer?) -> Bool {
        guard session.refusal == nil else { return true }
        guard let parsed = WebMessage(message) else { return false }
        switch parsed {
        case .nothing:
            return true
        case .typed(let bytes):
            session.lastInput = Stopwatch.nanoseconds()
            session.terminal?.type(bytes)
            return true
        case .size(let columns, let rows):
            session.lastInput = Stopwatch.nanoseconds()
            guard let terminal = session.terminal else { return start(session, columns: columns, rows: rows) }
            terminal.resize(columns: columns, rows: rows)
            if session.recordedSize != (columns, rows) {
                session.recordedSize = (columns, rows)
                record(session) { try $0.resize(columns: columns, rows: rows, atNanoseconds: $1) }
            }
            return true
        }
    }

    private func start(_ session: Session, columns: Int, rows: Int) -> Bool {
        do {
            var environment = settings.environment
            environment["SSH_USER_AUTH"] = try originFile(for: session.browser)
            // The client's address, where the app reads an SSH client's: the demo's per-address counts use it.
            environment["SSH_CONNECTION"] = "\(WebPage.plainAddress(session.address)) 0 \(WebPage.plainAddress(settings.address)) \(settings.port)"
            if let language = session.language { environment["LANG"] = language }
            // Recorded from the app's first byte; the app is told so only once the file is there, and its
            // welcome screen says so (as under `termbank relay`). A file that cannot be made leaves the
            // session unrecorded, and saying nothing of it.
            environment[RecordingFiles.recordedVariable] = nil
            if let folder = settings.recordings, let recorder = startRecording(in: folder, session: session,
                                                                                authFile: environment["SSH_USER_AUTH"] ?? "",
                                                                                columns: columns, rows: rows) {
                session.recorder = recorder
                environment[RecordingFiles.recordedVariable] = "1"
            }
            session.terminal = try WebTerminal(executable: settings.executable, arguments: settings.arguments,
                                               environment: environment, columns: columns, rows: rows,
                                               wake: { [weak self] in self?.wake() })
            log("web: a session from \(session.address) started (\(sessions.count) open)")
            return true
        } catch {
            log("web: \(CommandFailure.from(error).message)")
            return false
        }
    }

    private func startRecording(in folder: String, session: Session, authFile: String, columns: Int,
                                rows: Int) -> AsciicastRecorder? {
        var clock = timespec()
        clock_gettime(CLOCK_REALTIME, &clock)
        recordingSequence += 1
        let name = RecordingFiles.name(startedAt: Int(clock.tv_sec), sequence: recordingSequence, process: getpid())
        let origin = RecordingFiles.browserOrigin(authFile: authFile)
        do {
            let recorder = try AsciicastRecorder.create(
                path: folder + "/" + name,
                header: .init(columns: columns, rows: rows, timestamp: Int(clock.tv_sec), title: RecordingFiles.title(origin: origin)))
            session.recordingStart = Stopwatch.nanoseconds()
            session.recordedSize = (columns, rows)
            log("web: recording \(name) (\(origin))")
            return recorder
        } catch {
            log("web: the session is not recorded: \(error)")
            return nil
        }
    }

    /// Adds to a session's recording; a write that fails (a full disk) ends the recording, never the session.
    private func record(_ session: Session, _ body: (AsciicastRecorder, UInt64) throws -> Void) {
        guard let recorder = session.recorder else { return }
        do {
            try body(recorder, Stopwatch.nanoseconds() - session.recordingStart)
            return
        } catch {
            log("web: a recording stopped: \(error)")
        }
        recorder.close()
        session.recorder = nil
    }

    /// The browser's id presented to the app as sshd presents an accepted key
    /// (ExposeAuthInfo's file, named by SSH_USER_AUTH): the app makes the
    /// browser its own demo phone and origin from it, as it does for a key.
    private func originFile(for browser: String) throws -> String {
        if let path = originFiles[browser] { return path }
        let path = runtime + "/origin-\(originFiles.count + 1)"
        try Files.write("publickey termbank-web \(WebPage.base64(WebPage.bytes(hex: browser)))\n", to: path, mode: 0o600)
        originFiles[browser] = path
        return path
    }
}

/// libwebsockets' callback: everything goes to the one server.
private func webCallback(_ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
                         _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
    WebServer.current?.handle(wsi, reason, user, input, length) ?? 0
}
