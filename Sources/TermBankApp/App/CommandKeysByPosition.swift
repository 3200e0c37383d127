/// A command key is read by where it sits on the keyboard: on the Ukrainian
/// ЙЦУКЕН layout the key marked T types "е", and on a screen whose letters
/// are commands "е" does what "t" does (decision 38).
///
/// A terminal sends characters, never key positions, so the app cannot ask
/// which key was pressed; it can only read a Ukrainian letter back to the
/// Latin one that shares its key. The Russian ЙЦУКЕН layout, which many
/// Ukrainian customers switch to as well, is read too: it differs only in
/// the letters it puts where Ukrainian has і, є, ї (ы, э, ъ) and in ё. No
/// letter of the table is a Latin letter, so a Latin layout's letters are
/// untouched; its one ASCII key is ".", which both layouts type on the key
/// where a Latin layout has "/" (the statement's search), and which no
/// screen whose letters are commands takes for anything else. Where a letter is text (a focused field:
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

    /// The Russian layout's letters on keys where the Ukrainian has others
    /// (ы where і is, э where є is, ъ where ї is) or none (ё, on the key
    /// left of 1), over the US keys, unshifted and shifted.
    static let russianOnly: [(russian: Character, latin: Character, latinShifted: Character)] = [
        ("ы", "s", "S"), ("э", "'", "\""), ("ъ", "]", "}"), ("ё", "`", "~"),
    ]

    /// Both layouts type "." on the key where a Latin layout has "/" (and
    /// "," shifted, where "?" is: not read, see decision 38).
    static let period: (typed: Character, latin: Character) = (".", "/")

    /// Every Ukrainian and Russian letter (small and capital), and the
    /// layouts' ".", to its key's Latin character.
    public static let latinByPlace: [Character: Character] = {
        var table: [Character: Character] = [:]
        for row in ukrainianRows {
            for (ukrainian, (latin, shifted)) in zip(row.ukrainian, zip(row.latin, row.latinShifted)) {
                table[ukrainian] = latin
                table[Character(ukrainian.uppercased())] = shifted
            }
        }
        for (russian, latin, shifted) in russianOnly {
            table[russian] = latin
            table[Character(russian.uppercased())] = shifted
        }
        table[period.typed] = period.latin
        return table
    }()

    /// The key as the Latin key in its place, for a screen whose letters are
    /// commands; every other key as it came.
    /// A Latin key other than "." never builds the table (an idle session
    /// holds only what it needs, decision 33).
    public static func command(_ key: Key) -> Key {
        guard case .character(let typed) = key, !typed.isASCII || typed == period.typed,
              let latin = latinByPlace[typed] else { return key }
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
