/// The Unicode normalisation forms TermBank uses (UAX #15): NFC for all text
/// it stores and shows, NFKC for what a password's hash is made from, NFD
/// only to recognise hashes made before passwords were normalised.
public enum NormalizationForm: Sendable {
    case nfc
    case nfd
    case nfkc
}

/// Unicode normalisation by a library that knows the Unicode tables. Live:
/// utf8proc (TermBankUnicode), opened on first need; the core keeps no
/// tables of its own.
public protocol UnicodeNormalizer: Sendable {
    /// `text` in `form`, or nil when it cannot be normalised here (the
    /// library cannot be opened), in which case callers keep the text as it is.
    func normalized(_ text: String, form: NormalizationForm) -> String?
}
