/// The customer's own words on a payment ("Rent March", "Invoice 4471"),
/// shown on both statements and in exports. Up to 35 characters (the SEPA
/// "unstructured remittance" line is 140; 35 fits a statement column and a
/// text message), printable only: a control character, an escape sequence or
/// a bidi override could recolour a terminal or disguise what the payee reads,
/// and a reference reaches another customer's screen. Spaces at the ends are
/// trimmed and runs of spaces become one. Empty means no reference.
public struct PaymentReference: Hashable, Sendable, CustomStringConvertible {
    public static let maximumLength = 35

    public let text: String

    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case tooLong(maximum: Int)
        /// A control character, an escape, a bidi override, or a character with no printed form.
        case unprintable

        public var description: String { EnglishCoreCatalog().text(self) }
    }

    /// nil for an empty (or all-space) reference.
    /// Composed (NFC) first, so "é" typed as "e" and a combining accent is
    /// the one character it looks like, counted and stored once.
    public static func parse(_ typed: String) throws(Problem) -> PaymentReference? {
        var collapsed = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in CanonicalText.composed(typed).unicodeScalars {
            if scalar == " " {
                pendingSpace = !collapsed.isEmpty
                continue
            }
            guard PaymentReference.isPrintable(scalar) else { throw .unprintable }
            if pendingSpace { collapsed.append(" ") }
            pendingSpace = false
            collapsed.append(scalar)
        }
        guard !collapsed.isEmpty else { return nil }
        // Scalars, not characters: one character may carry any number of combining marks.
        guard collapsed.count <= maximumLength else { throw .tooLong(maximum: maximumLength) }
        return PaymentReference(trusted: String(collapsed))
    }

    /// For values read back from our own database, checked on the way in.
    public init(trusted text: String) { self.text = text }

    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        guard TerminalText.isSafe(scalar), scalar.value != 0x200D else { return false }
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .unassigned, .privateUse, .surrogate,
             .spaceSeparator:
            // The only space kept is U+0020 (handled by the caller): no-break and other spaces look alike.
            return false
        default:
            return true
        }
    }

    public var description: String { text }
}
