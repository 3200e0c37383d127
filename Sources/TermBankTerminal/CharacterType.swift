import Glibc

/// The character type ncursesw draws with. TermBank draws boxes, arrows and
/// four languages' letters, so it needs a UTF-8 `LC_CTYPE`; the locale
/// variables may name none (a bare environment, a cron job), or name a UTF-8
/// locale this machine has not generated (an SSH client's `uk_UA.UTF-8`,
/// accepted by the demo's sshd). In both cases the app sets `C.UTF-8`
/// itself, which glibc always has, so the client's language does not cost
/// it its letters. A variable that names another codeset (`C`, `POSIX`,
/// `ISO-8859-1`) is left as it says.
enum CharacterType {
    static func useUTF8IfUnnamed() {
        setlocale(LC_ALL, "")
        if isUTF8 { return }
        let named = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { variable -> String? in
            guard let value = getenv(variable).map({ String(cString: $0) }), !value.isEmpty else { return nil }
            return value
        }.first
        if let named, !namesUTF8(named) { return }
        setlocale(LC_CTYPE, "C.UTF-8")
    }

    /// Whether the character type in force is UTF-8.
    static var isUTF8: Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        return namesUTF8(String(cString: codeset))
    }

    /// "UTF-8", "utf8", "uk_UA.UTF-8", "en_US.utf8@euro": "utf8" in any case,
    /// hyphens left out. On bytes (a locale name is ASCII): lowercasing and
    /// searching Unicode text took 0.15 million instructions before the first frame.
    static func namesUTF8(_ name: String) -> Bool {
        let folded = name.utf8.filter { $0 != UInt8(ascii: "-") }
            .map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 | 0x20 : $0 }
        let wanted = Array("utf8".utf8)
        guard folded.count >= wanted.count else { return false }
        return (0...(folded.count - wanted.count)).contains { start in
            folded[start..<(start + wanted.count)].elementsEqual(wanted)
        }
    }
}
