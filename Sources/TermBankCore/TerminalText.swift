/// Text from outside (the database, the command line, another user) made safe
/// to print on a terminal: control characters, escape sequences and bidi
/// overrides could otherwise move the cursor, recolour the screen or disguise
/// what is shown. Each is replaced by U+FFFD so tampering stays visible.
/// What is left is composed (NFC, `CanonicalText`), so a letter stored or
/// typed as a base and a combining mark reaches the screen as one character.
public enum TerminalText {
    public static func sanitized(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var mayChange = false
        for scalar in text.unicodeScalars {
            let safe = isSafe(scalar)
            out.append(safe ? scalar : "\u{FFFD}")
            if safe && !mayChange { mayChange = CanonicalText.mayChange(scalar) }
        }
        let safe = String(out)
        return mayChange ? CanonicalText.composed(safe) : safe
    }

    static func isSafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return false            // C0, DEL, C1 (ESC, CSI, ...)
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return false  // bidi controls
        default: return scalar.properties.generalCategory != .format || scalar.value == 0x200D
        }
    }
}
