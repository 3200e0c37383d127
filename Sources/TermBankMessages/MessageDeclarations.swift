import TermBankSystem

/// The message types as the sources declare them: each enum's cases, with the
/// doc comments written above them and where they stand. Swift cannot list
/// the cases of an enum whose cases carry values, so this is what tells the
/// export which messages exist (a case the sample table lacks stops it), and
/// the doc comments are the context a translator reads beside each text.
/// A small reader of declarations, not a Swift parser: it follows braces
/// outside string literals and the `enum`/`struct`/`extension` names that open
/// them, which is all the message types' files use.
public struct MessageDeclarations: Sendable {
    public struct Case: Equatable, Sendable {
        public let name: String
        /// The `///` lines above the case, joined.
        public let doc: String
        /// The file, relative to the folder read, and the line.
        public let file: String
        public let line: Int
    }

    /// Every enum's cases by the enum's qualified name ("SignInText", "PasswordSignIn.Refusal").
    public private(set) var cases: [String: [Case]] = [:]
    /// The doc comment above each type's declaration.
    public private(set) var typeDocs: [String: String] = [:]
    /// Each protocol's requirements' first parameter types: for a catalog
    /// protocol, the message types it words ("func text(_ problem: Username.Problem)").
    public private(set) var requirements: [String: [String]] = [:]

    public init() {}

    /// The declarations in every Swift file under the given folders.
    public static func read(folders: [String], root: String) -> MessageDeclarations {
        var declarations = MessageDeclarations()
        for folder in folders {
            for path in swiftFiles(under: root + "/" + folder) {
                guard let text = Files.readText(path) else { continue }
                let relative = String(path.dropFirst(root.count + 1))
                declarations.read(text, file: relative)
            }
        }
        return declarations
    }

    private static func swiftFiles(under folder: String) -> [String] {
        Files.list(folder).sorted().flatMap { name -> [String] in
            let path = folder + "/" + name
            if Files.isDirectory(path) { return swiftFiles(under: path) }
            return name.hasSuffix(".swift") ? [path] : []
        }
    }

    private struct Open {
        let name: [String]
        let isEnum: Bool
        let isProtocol: Bool
        /// The brace depth of the declaration's body.
        let depth: Int
    }

    /// Reads one file's declarations into this value.
    public mutating func read(_ text: String, file: String) {
        var open: [Open] = []
        var depth = 0
        var doc: [String] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("///") {
                doc.append(String(line.dropFirst(3).drop { $0 == " " }))
                continue
            }
            if line.hasPrefix("//") { continue }
            let code = Self.code(of: line)
            let joinedDoc = doc.joined(separator: " ")
            doc = []
            if let innermost = open.last, innermost.isEnum, depth == innermost.depth, code.hasPrefix("case ") {
                let type = innermost.name.joined(separator: ".")
                for name in Self.caseNames(String(code.dropFirst(5))) {
                    cases[type, default: []].append(Case(name: name, doc: joinedDoc, file: file, line: index + 1))
                }
            }
            if let innermost = open.last, innermost.isProtocol, depth == innermost.depth, code.hasPrefix("func "),
               let type = Self.firstParameterType(code) {
                requirements[innermost.name.joined(separator: "."), default: []].append(type)
            }
            let opens = code.filter { $0 == "{" }.count, closes = code.filter { $0 == "}" }.count
            if opens > 0, let (keyword, name) = Self.declaration(in: code) {
                let outer = open.last?.name ?? []
                let qualified = keyword == "extension" ? name : outer + name
                open.append(Open(name: qualified, isEnum: keyword == "enum", isProtocol: keyword == "protocol", depth: depth + 1))
                if keyword != "extension", !joinedDoc.isEmpty { typeDocs[qualified.joined(separator: ".")] = joinedDoc }
            }
            depth += opens - closes
            while let last = open.last, last.depth > depth { open.removeLast() }
        }
    }

    /// A line without its string literals' contents and its trailing comment,
    /// so that braces in texts are not counted.
    private static func code(of line: Substring) -> String {
        var result = ""
        var inString = false
        var escaped = false
        var previous: Character = " "
        for character in line {
            if inString {
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" {
                    inString = false
                    result.append(character)
                }
                continue
            }
            if character == "/" && previous == "/" {
                result.removeLast()
                break
            }
            if character == "\"" { inString = true }
            result.append(character)
            previous = character
        }
        return result
    }

    /// The type a line declares, as the keyword and its name's components.
    private static func declaration(in code: String) -> (String, [String])? {
        let words = code.split { $0 == " " || $0 == "\t" }
        for (index, word) in words.enumerated().dropLast()
        where ["enum", "struct", "class", "extension", "protocol", "actor"].contains(String(word)) {
            let name = words[index + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
            guard !name.isEmpty else { return nil }
            return (String(word), name.split(separator: ".").map(String.init))
        }
        return nil
    }

    /// "Username.Problem" in "func text(_ problem: Username.Problem) -> String".
    private static func firstParameterType(_ code: String) -> String? {
        guard let open = code.firstIndex(of: "(") else { return nil }
        let parameter = code[code.index(after: open)...].prefix { $0 != "," && $0 != ")" }
        guard let colon = parameter.firstIndex(of: ":") else { return nil }
        let type = parameter[parameter.index(after: colon)...].filter { $0 != " " }
        return type.isEmpty ? nil : type
    }

    /// The names in a case declaration ("a, b(x: Int, y: (A, B)), c = \"x\"").
    static func caseNames(_ list: String) -> [String] {
        var names: [String] = []
        var parentheses = 0
        var atStart = true
        var name = ""
        for character in list {
            switch character {
            case "(": parentheses += 1
            case ")": parentheses -= 1
            case "," where parentheses == 0:
                if !name.isEmpty { names.append(name) }
                name = ""
                atStart = true
                continue
            default: break
            }
            guard atStart else { continue }
            if character.isLetter || character.isNumber || character == "_" {
                name.append(character)
            } else if !(character == " " && name.isEmpty) {
                atStart = false
            }
        }
        if !name.isEmpty { names.append(name) }
        return names
    }
}
