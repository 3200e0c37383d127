import CUTF8Proc
import TermBankCore

/// The core's `UnicodeNormalizer` on utf8proc (Debian's libutf8proc2),
/// opened the first time a text needs it. Where the library cannot be opened
/// every answer is nil, and the core keeps the text as it came (a decomposed
/// letter is then drawn "?", as before normalisation existed).
public struct UTF8ProcNormalizer: UnicodeNormalizer {
    public init() {}

    public func normalized(_ text: String, form: NormalizationForm) -> String? {
        guard let library = UTF8ProcLibrary.shared else { return nil }
        // STABLE: a character unassigned in utf8proc's Unicode version is left
        // as it is, so a later version composes exactly what this one did.
        let options: utf8proc_option_t
        switch form {
        case .nfc: options = utf8proc_option_t(rawValue: UTF8PROC_STABLE.rawValue | UTF8PROC_COMPOSE.rawValue)
        case .nfd: options = utf8proc_option_t(rawValue: UTF8PROC_STABLE.rawValue | UTF8PROC_DECOMPOSE.rawValue)
        case .nfkc: options = utf8proc_option_t(rawValue: UTF8PROC_STABLE.rawValue | UTF8PROC_COMPOSE.rawValue
                                                | UTF8PROC_COMPAT.rawValue)
        }
        return library.mapped(text, options: options)
    }

    /// Debian's package, for messages: `--version` names it without opening it.
    public static let librarySoname = UTF8ProcLibrary.soname

    /// "utf8proc 2.8.0 (Unicode 15.0.0)", or MISSING and why, for `--version --libraries`.
    public static var libraryVersion: String {
        guard let library = UTF8ProcLibrary.shared else {
            return "utf8proc MISSING (\(UTF8ProcLibrary.soname): \(UTF8ProcLibrary.loadError))"
        }
        let version = library.version().map { String(cString: $0) } ?? "?"
        let unicode = library.unicodeVersion().map { String(cString: $0) } ?? "?"
        return "utf8proc \(version) (Unicode \(unicode))"
    }
}
