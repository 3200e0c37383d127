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
    /// key costs O(1) and changes nothing.
    static func edit(_ text: String, _ key: Key, limit: InputLimit, allowed: (Character) -> Bool = { _ in true }) -> String {
        let edited = editAsTyped(text, key, limit: limit, allowed: allowed)
        guard case .character(let character) = key, edited.utf8.count != text.utf8.count,
              character.unicodeScalars.contains(where: CanonicalText.mayChange) else { return edited }
        let composed = CanonicalText.composed(edited)
        // NFC can spell a few characters with more scalars (U+0344 is two marks): still within the limit.
        return limit.contains(composed) ? composed : text
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
            guard allowed(character),
                  !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return text }
            var result = text
            for scalar in character.unicodeScalars {
                guard limit.admits(scalar, after: result) else { return text }
                result.unicodeScalars.append(scalar)
            }
            return result
        default:
            return text
        }
    }

    static func edit(_ secret: Secret, _ key: Key, limit: InputLimit) -> Secret {
        Secret(editAsTyped(secret.exposedValue, key, limit: limit, allowed: { _ in true }))
    }
}
