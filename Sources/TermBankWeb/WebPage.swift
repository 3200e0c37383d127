/// The browser door's one page: xterm.js (bundled from Debian's node-xterm,
/// scripts/web-assets) in screen-reader mode, so the screen's text is in the
/// page's accessibility tree, and a script that joins it to the WebSocket.
/// No words of its own: everything the visitor reads is the app's.
enum WebPage {
    static let html = """
        <!doctype html>
        <html>
        <head>
        <meta charset="utf-8">
        <title>TermBank</title>
        <link rel="stylesheet" href="/xterm.css">
        <link rel="stylesheet" href="/termbank-web.css">
        <script src="/xterm.js"></script>
        <script src="/termbank-web.js" defer></script>
        </head>
        <body><div id="terminal"></div></body>
        </html>

        """

    /// No scroll bar: the app draws on the alternate screen, which has nothing to scroll back to, and xterm.js's
    /// always-on bar (light, with its arrows) sat in the page's top-right and bottom-right corners beside the
    /// phone's box, which read as a box with its corners cut off. The fit still leaves the bar's width free.
    static let styleSheet = """
        html, body { height: 100%; margin: 0; background: #000; }
        #terminal { position: absolute; top: 0; right: 0; bottom: 0; left: 0; }
        #terminal .xterm-viewport { overflow-y: hidden; }

        """

    /// Messages to the server: 0 and the bytes typed, or 1 and the columns and
    /// rows (two bytes each, big-endian). From the server: what the app draws.
    static let script = """
        (function () {
          'use strict';
          var term = new window.TermBankTerminal({ screenReaderMode: true });
          term.open(document.getElementById('terminal'));
          term.fit();
          term.focus();
          // The invite has done its work (the cookie holds the browser): out of the address bar and history.
          if (location.search) { history.replaceState(null, '', '/'); }
          var socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/session',
                                     'termbank');
          socket.binaryType = 'arraybuffer';
          var encoder = new TextEncoder();
          var decoder = new TextDecoder();
          function send(kind, bytes) {
            if (socket.readyState !== WebSocket.OPEN) { return; }
            var message = new Uint8Array(bytes.length + 1);
            message[0] = kind;
            message.set(bytes, 1);
            socket.send(message);
          }
          function sendSize() {
            send(1, [term.cols >> 8, term.cols & 255, term.rows >> 8, term.rows & 255]);
          }
          socket.onopen = sendSize;
          socket.onmessage = function (event) {
            term.write(decoder.decode(new Uint8Array(event.data), { stream: true }));
          };
          socket.onclose = function () { term.setOption('disableStdin', true); document.body.className = 'closed'; };
          term.on('data', function (data) { send(0, encoder.encode(data)); });
          term.on('resize', sendSize);
          window.addEventListener('resize', function () { term.fit(); });
        })();

        """

    /// Sent with every file: only this server's own scripts, styles and
    /// socket; no frames, forms, plugins or base URL; types as declared.
    static let securityHeaders = [
        "content-security-policy: default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self';"
            + " img-src 'self'; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        "x-content-type-options: nosniff",
        "referrer-policy: no-referrer",
        "cache-control: no-store",
    ].map { $0 + "\r\n" }.joined()

    /// The POSIX locale for a browser's first language, when TermBank speaks
    /// it: the app chooses its language from LANG, as from an SSH client's.
    static func locale(acceptLanguage: String) -> String? {
        let first = acceptLanguage.split(separator: ",").first.map { $0.split(separator: ";")[0] } ?? ""
        switch first.lowercased().filter({ !$0.isWhitespace }) {
        case "pt-br", "pt": return "pt_BR.UTF-8"
        case "it", "it-it": return "it_IT.UTF-8"
        case "uk", "uk-ua": return "uk_UA.UTF-8"
        case "en", "en-us", "en-gb": return "en_US.UTF-8"
        default: return nil
        }
    }

    /// An address kept to the characters an address has (libwebsockets' peer name, the listen address).
    static func plainAddress(_ text: String) -> String {
        let address = String(text.filter { $0.isHexDigit || $0 == "." || $0 == ":" }.prefix(45))
        return address.isEmpty ? "local" : address
    }

    static func bytes(hex: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var high: UInt8?
        for character in hex {
            guard let nibble = character.hexDigitValue else { continue }
            if let first = high {
                bytes.append(first << 4 | UInt8(nibble))
                high = nil
            } else {
                high = UInt8(nibble)
            }
        }
        return bytes
    }

    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var text = ""
        var index = 0
        while index < bytes.count {
            let chunk = Array(bytes[index..<min(index + 3, bytes.count)])
            let value = chunk.enumerated().reduce(0) { $0 | Int($1.element) << (16 - 8 * $1.offset) }
            for position in 0..<4 {
                text.append(position <= chunk.count ? alphabet[(value >> (18 - 6 * position)) & 63] : "=")
            }
            index += 3
        }
        return text
    }
}
