/// The one-line string literals of a Swift source file, read as a catalog
/// writes them: text pieces (escapes decoded) between interpolations, and
/// where each literal stands, so that the import can rewrite one in place.
/// Comments, multi-line and raw strings are skipped, never rewritten.
struct SwiftLiterals {
    struct Literal: Equatable {
        /// The opening quote's index in the file's characters, and one past the closing quote.
        let start: Int
        let end: Int
        /// The text between interpolations: one more piece than interpolations.
        let pieces: [String]
        /// Each interpolation's expression, as written (`core.money(money)`).
        let interpolations: [String]
    }

    let characters: [Character]
    private(set) var literals: [Literal] = []

    init(_ text: String) {
        characters = Array(text)
        var index = 0
        while index < characters.count {
            switch (characters[index], at(index + 1), at(index + 2)) {
            case ("/", "/", _):
                while index < characters.count, characters[index] != "\n" { index += 1 }
            case ("/", "*", _):
                index += 2
                while index < characters.count, !(characters[index] == "*" && at(index + 1) == "/") { index += 1 }
                index += 2
            case ("\"", "\"", "\""):
                index = skip(past: ["\"", "\"", "\""], from: index + 3)
            case ("#", "\"", _):
                index = skip(past: ["\"", "#"], from: index + 2)
            case ("\"", _, _):
                if let literal = literal(at: index) {
                    literals.append(literal)
                    index = literal.end
                } else {
                    index += 1
                }
            default:
                index += 1
            }
        }
    }

    private func at(_ index: Int) -> Character? { index < characters.count ? characters[index] : nil }

    private func skip(past closing: [Character], from start: Int) -> Int {
        var index = start
        while index + closing.count <= characters.count {
            if Array(characters[index..<index + closing.count]) == closing { return index + closing.count }
            index += 1
        }
        return characters.count
    }

    /// The literal whose opening quote is at `start`, or nil if it is not a one-line literal.
    private func literal(at start: Int) -> Literal? {
        var pieces = [""], interpolations: [String] = []
        var index = start + 1
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "\"":
                return Literal(start: start, end: index + 1, pieces: pieces, interpolations: interpolations)
            case "\n":
                return nil
            case "\\":
                guard let next = at(index + 1) else { return nil }
                switch next {
                case "(":
                    var depth = 1, cursor = index + 2
                    while cursor < characters.count, depth > 0 {
                        switch characters[cursor] {
                        case "\"":
                            guard let nested = literal(at: cursor) else { return nil }
                            cursor = nested.end
                            continue
                        case "(": depth += 1
                        case ")": depth -= 1
                        case "\n": return nil
                        default: break
                        }
                        cursor += 1
                    }
                    interpolations.append(String(characters[(index + 2)..<(cursor - 1)]))
                    pieces.append("")
                    index = cursor
                case "u":
                    guard at(index + 2) == "{", let close = characters[index...].firstIndex(of: "}"),
                          let value = UInt32(String(characters[(index + 3)..<close]), radix: 16),
                          let scalar = Unicode.Scalar(value) else { return nil }
                    pieces[pieces.count - 1].unicodeScalars.append(scalar)
                    index = close + 1
                default:
                    let decoded: Character
                    switch next {
                    case "n": decoded = "\n"
                    case "t": decoded = "\t"
                    case "r": decoded = "\r"
                    case "0": decoded = "\0"
                    default: decoded = next  // \" \\ \'
                    }
                    pieces[pieces.count - 1].append(decoded)
                    index += 2
                }
            default:
                pieces[pieces.count - 1].append(character)
                index += 1
            }
        }
        return nil
    }

    /// A literal's source for text pieces around interpolations: quotes,
    /// backslashes and line ends escaped, and the invisible spaces a catalog
    /// writes as `\u{00A0}` kept visible in the source the same way.
    static func source(pieces: [String], interpolations: [String]) -> String {
        var out = "\""
        for (index, piece) in pieces.enumerated() {
            for scalar in piece.unicodeScalars {
                switch scalar {
                case "\\": out += "\\\\"
                case "\"": out += "\\\""
                case "\n": out += "\\n"
                case "\t": out += "\\t"
                default:
                    if scalar.properties.generalCategory == .spaceSeparator && scalar != " "
                        || scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format {
                        let hex = String(scalar.value, radix: 16, uppercase: true)
                        out += "\\u{" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "}"
                    } else {
                        out.unicodeScalars.append(scalar)
                    }
                }
            }
            if index < interpolations.count { out += "\\(" + interpolations[index] + ")" }
        }
        return out + "\""
    }
}
