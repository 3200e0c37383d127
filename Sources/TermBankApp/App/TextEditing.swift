import TermBankCore

/// How every field takes a key: one place, so every screen's limits and
/// rules for pasted or hostile input are the same.
enum TextEditing {
    /// Appends a printable character or takes the last scalar back. A key
    /// from the terminal is one Unicode scalar, so Backspace undoes one key
    /// (a combining mark, not the whole letter it sits on). The limit is in
    /// scalars and bytes: once it is reached a key costs O(1) and changes nothing.
    /// A paste is inserted at the cursor (a field's cursor is always at its
    /// end) as the same text typed would be, up to the limit.
    static func edit(_ text: String, _ key: Key, limit: InputLimit, allowed: (Character) -> Bool = { _ in true }) -> String {
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
    static func typedCharacters(_ pasted: String) -> [Character] {
        pasted.unicodeScalars.compactMap { scalar in
            if case .character(let character) = Key(typed: scalar) { return character }
            return nil
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
        Secret(edit(secret.exposedValue, key, limit: limit))
    }
}
