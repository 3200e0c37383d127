import TermBankCore

/// How every field takes a key: one place, so every screen's limits and
/// rules for pasted or hostile input are the same.
enum TextEditing {
    /// Appends a printable character or takes the last scalar back. A key
    /// from the terminal is one Unicode scalar, so Backspace undoes one key
    /// (a combining mark, not the whole letter it sits on). The limit is in
    /// scalars and bytes: once it is reached a key costs O(1) and changes nothing.
    static func edit(_ text: String, _ key: Key, limit: InputLimit, allowed: (Character) -> Bool = { _ in true }) -> String {
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
        Secret(edit(secret.exposedValue, key, limit: limit))
    }
}
