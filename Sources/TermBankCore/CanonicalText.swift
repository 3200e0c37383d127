import Synchronization

/// Text in one form, NFC, wherever it enters: a key typed into a field, an
/// operator's argument, a row read from the database on its way to the
/// terminal. "é" arrives as one scalar from most keyboards but as "e" and
/// U+0301 COMBINING ACUTE ACCENT from others (macOS over SSH, some input
/// methods, pasted text); Ukrainian "й" likewise as "и" and U+0306. A frame
/// draws one scalar per cell and refuses clusters (`CellWidth`), so the
/// decomposed spelling was drawn "?", and SQLite compares bytes, so the two
/// spellings of one name were two names. Composed, they are one scalar and
/// one name.
///
/// The normaliser is installed once by the executable (`install`); the core
/// only decides when it is needed. Most text never needs it: ASCII, and any
/// text without a combining mark, a Hangul vowel or final jamo, or a
/// character NFC replaces (`Full_Composition_Exclusion`), is already NFC, so
/// the library is never opened for it. Without a normaliser (not installed,
/// or the library missing on this host) text stays as it came, and a
/// decomposed letter is drawn "?" as before (docs/unicode-text.md).
public enum CanonicalText {
    private static let installed = Mutex<(any UnicodeNormalizer)?>(nil)

    /// Called once at start by the executable.
    public static func install(_ normalizer: any UnicodeNormalizer) {
        installed.withLock { $0 = normalizer }
    }

    /// The installed normaliser, if any.
    public static var normalizer: (any UnicodeNormalizer)? { installed.withLock { $0 } }

    /// `text` in NFC by the installed normaliser; unchanged when it is already
    /// NFC by the quick check, or when there is no normaliser.
    public static func composed(_ text: String) -> String {
        guard mayChange(text) else { return text }
        return composed(text, by: normalizer)
    }

    /// `text` in NFC by `normalizer`; unchanged when it is already NFC by the
    /// quick check, or when `normalizer` is nil or cannot answer.
    public static func composed(_ text: String, by normalizer: (any UnicodeNormalizer)?) -> String {
        guard mayChange(text), let normalizer else { return text }
        return normalizer.normalized(text, form: .nfc) ?? text
    }

    /// False when `text` is NFC for certain without asking the library.
    public static func mayChange(_ text: String) -> Bool {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return false }
        return text.unicodeScalars.contains(where: mayChange)
    }

    /// Whether NFC could change text because of this scalar: Unicode's
    /// NFC_Quick_Check is No or Maybe only for characters NFC replaces
    /// (Full_Composition_Exclusion), combining marks (which may join or be
    /// reordered with what precedes them) and the Hangul vowel and final
    /// jamo that join a syllable before them. Below U+0300 every character is
    /// NFC_Quick_Check Yes, so Latin text costs one comparison per scalar.
    public static func mayChange(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x300 { return false }
        if (0x1160...0x11FF).contains(scalar.value) { return true }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return scalar.properties.isFullCompositionExclusion
        }
    }
}
