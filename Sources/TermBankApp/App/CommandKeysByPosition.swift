/// A command key is read by where it sits on the keyboard: on the Ukrainian
/// ЙЦУКЕН layout the key marked T types "е", and on a screen whose letters
/// are commands "е" does what "t" does (decision 38).
///
/// A terminal sends characters, never key positions, so the app cannot ask
/// which key was pressed; it can only read a Ukrainian letter back to the
/// Latin one that shares its key. No letter of the table is a Latin letter,
/// so a Latin layout is untouched. Where a letter is text (a focused field:
/// names, references, passwords, the search) or an answer (a question's
/// т/н, decision 34), the reducer never asks: `AppState.lettersAreText` and
/// the modal come first.
public enum CommandKeysByPosition {
    /// The standard Ukrainian layout's letters, unshifted, over the US
    /// layout's key in the same place (three rows, left to right). The
    /// shifted letters are these in capitals, over the shifted US keys.
    static let ukrainianRows: [(ukrainian: String, latin: String, latinShifted: String)] = [
        ("йцукенгшщзхї", "qwertyuiop[]", "QWERTYUIOP{}"),
        ("фівапролджє", "asdfghjkl;'", "ASDFGHJKL:\""),
        ("ячсмитьбю", "zxcvbnm,.", "ZXCVBNM<>"),
    ]

    /// Every Ukrainian letter (small and capital) to its key's Latin character.
    public static let latinByUkrainian: [Character: Character] = {
        var table: [Character: Character] = [:]
        for row in ukrainianRows {
            for (ukrainian, (latin, shifted)) in zip(row.ukrainian, zip(row.latin, row.latinShifted)) {
                table[ukrainian] = latin
                table[Character(ukrainian.uppercased())] = shifted
            }
        }
        return table
    }()

    /// The key as the Latin key in its place, for a screen whose letters are
    /// commands; every other key as it came.
    /// A Latin key never builds the table (an idle session holds only what
    /// it needs, decision 33).
    public static func command(_ key: Key) -> Key {
        guard case .character(let typed) = key, !typed.isASCII, let latin = latinByUkrainian[typed] else { return key }
        return .character(latin)
    }
}

extension CommandKeysByPosition {
    /// Whether the help overlay says that a Ukrainian layout's letters work
    /// the keys listed: where some of them are letters and letters are
    /// commands, on a terminal that can send those letters (an ASCII-only
    /// one cannot).
    static func helpMentions(_ state: AppState, _ items: [KeyHelp.Item]) -> Bool {
        state.charset == .unicode && state.modal == nil && !state.lettersAreText
            && items.contains { $0.keys.count == 1 && $0.keys.first?.isLetter == true && $0.keys.first?.isASCII == true }
    }
}
