/// The placeholders of a text: `{name}`, Python's brace format, which PO
/// editors (Poedit, Weblate) highlight and `msgfmt --check` compares.
/// Named, never numbered: a translation may put them in any order.
public enum Placeholders {
    /// A placeholder that cannot be read: an unclosed `{`, a lone `}`, a
    /// number or nothing between the braces.
    public struct Malformed: Equatable, Sendable {
        public let text: String
    }

    public static func names(in text: String) -> [String] { read(text).names }

    public static func read(_ text: String) -> (names: [String], malformed: [Malformed]) {
        var names: [String] = [], malformed: [Malformed] = []
        var current: String?
        for character in text {
            switch character {
            case "{":
                if let open = current { malformed.append(Malformed(text: "{" + open)) }
                current = ""
            case "}":
                guard let name = current else {
                    malformed.append(Malformed(text: "}"))
                    continue
                }
                let isName = name.first.map { $0.isLetter } ?? false
                    && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
                if isName { names.append(name) } else { malformed.append(Malformed(text: "{" + name + "}")) }
                current = nil
            default:
                current?.append(character)
            }
        }
        if let open = current { malformed.append(Malformed(text: "{" + open)) }
        return (names, malformed)
    }
}
