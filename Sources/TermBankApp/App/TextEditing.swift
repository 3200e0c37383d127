import TermBankCore

/// How every field takes a key: one place, so every screen's limits and
/// rules for pasted or hostile input are the same.
enum TextEditing {
    /// Appends a printable character or takes the last scalar back. A key
    /// from the terminal is one Unicode scalar, so Backspace undoes one key.
    /// A combining mark typed after a letter is composed with it (NFC,
    /// `CanonicalText`): "e" then U+0301 is "é", one character in one cell,
    /// stored as the letter the customer meant (and Backspace then takes back
    /// the letter). The limit is in scalars and bytes: once it is reached a
    /// key costs O(1) and changes nothing. A paste is inserted at the cursor
    /// (a field's cursor is always at its end) as the same text typed would
    /// be, up to the limit, and composed the same way.
    static func edit(_ text: String, _ key: Key, limit: InputLimit, allowed: (Character) -> Bool = { _ in true }) -> String {
        let edited = editAsTyped(text, key, limit: limit, allowed: allowed)
        guard edited.utf8.count != text.utf8.count, mayCompose(key) else { return edited }
        let composed = CanonicalText.composed(edited)
        // NFC spells a few characters with more scalars (U+0344 is two marks):
        // kept as typed if composing them would pass the limit.
        return limit.contains(composed) ? composed : edited
    }

    /// Whether what the key added could compose with the field (the quick
    /// check: plain letters, digits and ASCII never ask the library).
    private static func mayCompose(_ key: Key) -> Bool {
        switch key {
        case .character(let character): return character.unicodeScalars.contains(where: CanonicalText.mayChange)
        case .paste(let pasted): return CanonicalText.mayChange(pasted)
        default: return false
        }
    }

    /// The key applied to the scalars as they came: passwords keep what was
    /// typed (the hash is made from their canonical form, `PasswordForms`).
    private static func editAsTyped(_ text: String, _ key: Key, limit: InputLimit,
                                    allowed: (Character) -> Bool) -> String {
        switch key {
        case .backspace:
            guard !text.isEmpty else { return text }
            return String(text.unicodeScalars.dropLast())
        case .character(let character):
            var result = text
            append(character, to: &result, limit: limit, allowed: allowed)
            return result
        case .paste(let pasted):
            var result = text
            for character in typedCharacters(pasted) {
                if limit.isFull(result) { break }
                append(character, to: &result, limit: limit, allowed: allowed)
            }
            return result
        default:
            return text
        }
    }

    /// The printable characters of pasted text, one per scalar, exactly as
    /// the same text typed key by key would give them: Enter, Tab, Esc, Ctrl
    /// keys and anything the terminal must not be sent (C1 controls, bidi
    /// overrides) are dropped. So a pasted line break never presses Enter and
    /// a field holds the same text whether it was typed or pasted.
    ///
    /// But a line break between words is a space: every field is one line,
    /// and "Invoice 12" copied over two lines should not become "Invoice12".
    /// One space for a run of breaks (CRLF, a blank line), none beside a
    /// space already there, and none at the start or end of the paste (the
    /// line break a copied line ends with), so a break never makes two
    /// spaces in a row or an edge space the customer did not copy.
    static func typedCharacters(_ pasted: String) -> [Character] {
        var characters: [Character] = []
        var brokenLine = false
        for scalar in pasted.unicodeScalars {
            if isLineBreak(scalar) {
                brokenLine = true
                continue
            }
            guard case .character(let character) = Key(typed: scalar) else { continue }
            if brokenLine, let last = characters.last, last != " ", character != " " { characters.append(" ") }
            brokenLine = false
            characters.append(character)
        }
        return characters
    }

    /// Unicode's mandatory breaks (UAX #14's BK, CR, LF, NL): LF, VT, FF, CR,
    /// NEL, and the line and paragraph separators.
    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// One typed character, if the field allows it and both caps admit it;
    /// otherwise the text is left as it was.
    private static func append(_ character: Character, to text: inout String, limit: InputLimit,
                               allowed: (Character) -> Bool) {
        guard allowed(character),
              !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return }
        var result = text
        for scalar in character.unicodeScalars {
            guard limit.admits(scalar, after: result) else { return }
            result.unicodeScalars.append(scalar)
        }
        text = result
    }

    /// The digits of a pasted code ("123 456", "123-456", a password
    /// manager's "123456\n"), for the code screens that take digits as keys:
    /// they go in one by one as if typed, so a paste that completes the code
    /// checks it, as the last digit typed does, and no letter in the paste is
    /// ever taken for the screen's letter keys (r resend, u recovery code).
    static func pastedDigits(_ pasted: String) -> [Character] {
        typedCharacters(pasted).filter { $0.isASCII && $0.isNumber }
    }

    static func edit(_ secret: Secret, _ key: Key, limit: InputLimit) -> Secret {
        Secret(editAsTyped(secret.exposedValue, key, limit: limit, allowed: { _ in true }))
    }
}
