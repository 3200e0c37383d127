/// What the terminal can show: every character (UTF-8), or plain ASCII.
///
/// The app draws with Unicode (boxes, sitekey pictures, arrows, ✓, …). A
/// terminal whose locale names another codeset (`C`, `POSIX`,
/// `en_US.ISO-8859-1`, or a locale without one, which glibc gives its
/// legacy 8-bit set) would show those as garbage or nothing; there the app
/// draws ASCII stand-ins, and boxes with the terminal's own line-drawing
/// set (ncurses' ACS). The painter does the ACS part; the frame is ASCII
/// otherwise (`Frame.inASCII`).
public enum TerminalCharset: Equatable, Sendable {
    case unicode
    case ascii

    /// The codeset of the locale that decides the character type: the first
    /// of `LC_ALL`, `LC_CTYPE`, `LANG` that is set and not empty (POSIX's
    /// order). No locale at all is taken as UTF-8: that is what terminals
    /// send and show today, and an SSH session often arrives with no locale
    /// variables (docs/languages.md).
    public static func from(environment: [String: String]) -> TerminalCharset {
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            return namesUTF8(value) ? .unicode : .ascii
        }
        return .unicode
    }

    /// `xx_YY.UTF-8`, `C.utf8`, `uk_UA.UTF-8@modifier`: the codeset is what
    /// follows the dot, up to a modifier; glibc accepts any case and dashes.
    static func namesUTF8(_ locale: String) -> Bool {
        guard let dot = locale.firstIndex(of: ".") else { return false }
        let codeset = locale[locale.index(after: dot)...].prefix { $0 != "@" }
        return codeset.lowercased().filter { $0 != "-" && $0 != "_" } == "utf8"
    }
}
