/// A GNU gettext PO file, as much of it as the round trip uses: a header
/// entry, and entries with a context (`msgctxt`), the English (`msgid`) and
/// the language's text (`msgstr`), and their comments. What PO editors add
/// (translator comments, `fuzzy`, previous texts, obsolete `#~` entries) is
/// read and kept or skipped as the format says.
public struct POFile: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var translatorComments: [String] = []
        /// `#.`: for the translator, from the program (where the text shows, its limits).
        public var extractedComments: [String] = []
        /// `#:`: where the message is declared.
        public var references: [String] = []
        /// `#,`: `python-brace-format` when the text has placeholders; `fuzzy` when an editor was unsure.
        public var flags: [String] = []
        public var context: String?
        public var id: String
        /// The translation; of a plural entry, its first form.
        public var text: String
        /// A plural entry's English for counts other than one (`msgid_plural`).
        public var idPlural: String?
        /// A plural entry's forms (`msgstr[n]`), in the order of the header's `Plural-Forms`.
        public var plurals: [String] = []
        /// The line of the entry's `msgid` in the file read (for reports).
        public var line: Int = 0
        public var isPlural: Bool { idPlural != nil }

        public init(context: String?, id: String, text: String, extractedComments: [String] = [], references: [String] = [],
                    flags: [String] = []) {
            self.context = context
            self.id = id
            self.text = text
            self.extractedComments = extractedComments
            self.references = references
            self.flags = flags
        }
    }

    /// The header's fields ("Language", "Content-Type").
    public var header: [(String, String)]
    public var entries: [Entry]

    public init(header: [(String, String)], entries: [Entry]) {
        self.header = header
        self.entries = entries
    }

    public static func == (a: POFile, b: POFile) -> Bool {
        a.entries == b.entries && a.header.map { $0.0 + ":" + $0.1 } == b.header.map { $0.0 + ":" + $0.1 }
    }

    public func field(_ name: String) -> String? { header.first { $0.0 == name }?.1 }

    // MARK: Writing

    public var text: String {
        var out = "msgid \"\"\nmsgstr \"\"\n"
        for (name, value) in header { out += Self.quoted(name + ": " + value + "\n") + "\n" }
        for entry in entries {
            out += "\n"
            for comment in entry.translatorComments { out += "# " + comment + "\n" }
            for comment in entry.extractedComments { out += "#. " + comment + "\n" }
            for reference in entry.references { out += "#: " + reference + "\n" }
            if !entry.flags.isEmpty { out += "#, " + entry.flags.joined(separator: ", ") + "\n" }
            if let context = entry.context { out += "msgctxt " + Self.quoted(context) + "\n" }
            out += "msgid " + Self.quoted(entry.id) + "\n"
            if let plural = entry.idPlural {
                out += "msgid_plural " + Self.quoted(plural) + "\n"
                for (index, form) in entry.plurals.enumerated() { out += "msgstr[\(index)] " + Self.quoted(form) + "\n" }
            } else {
                out += "msgstr " + Self.quoted(entry.text) + "\n"
            }
        }
        return out
    }

    static func quoted(_ text: String) -> String {
        var out = "\""
        for character in text {
            switch character {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default: out.append(character)
            }
        }
        return out + "\""
    }

    // MARK: Reading

    public struct SyntaxError: Error, Equatable, CustomStringConvertible {
        public let line: Int
        public let problem: String
        public var description: String { "line \(line): \(problem)" }
    }

    public init(parsing text: String) throws(SyntaxError) {
        var entries: [Entry] = []
        var current = Entry(context: nil, id: "", text: "")
        var keyword: String?
        var sawID = false, sawText = false

        func finish() {
            if sawID { entries.append(current) }
            current = Entry(context: nil, id: "", text: "")
            keyword = nil
            sawID = false
            sawText = false
        }

        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let line = String(rawLine.drop { $0 == " " || $0 == "\t" || $0 == "\r" })
            if line.isEmpty {
                if sawID { finish() }
                continue
            }
            if line.hasPrefix("#~") || line.hasPrefix("#|") { continue }
            if line.hasPrefix("#") {
                if sawText { finish() }
                let rest = String(line.dropFirst(2).drop { $0 == " " })
                if line.hasPrefix("#.") { current.extractedComments.append(rest) }
                else if line.hasPrefix("#:") { current.references.append(rest) }
                else if line.hasPrefix("#,") {
                    current.flags += rest.split(separator: ",").map { String($0.drop { $0 == " " }) }
                } else { current.translatorComments.append(rest) }
                continue
            }
            if line.hasPrefix("\"") {
                guard let keyword else { throw SyntaxError(line: number, problem: "a string outside an entry") }
                try Self.append(Self.unquoted(line, line: number), to: keyword, in: &current)
                continue
            }
            let word = String(line.prefix { $0 != " " })
            let rest = String(line.dropFirst(word.count).drop { $0 == " " })
            switch word {
            case "msgctxt", "msgid":
                if sawText { finish() }
                if word == "msgid" {
                    sawID = true
                    current.line = number
                } else {
                    current.context = ""
                }
            case "msgid_plural": current.idPlural = ""
            case "msgstr": sawText = true
            default:
                guard word.hasPrefix("msgstr["), word.hasSuffix("]"), Int(word.dropFirst(7).dropLast()) != nil else {
                    throw SyntaxError(line: number, problem: "unknown keyword \(word)")
                }
                sawText = true
            }
            keyword = word
            try Self.append(Self.unquoted(rest, line: number), to: word, in: &current)
        }
        finish()
        guard let first = entries.first, first.id.isEmpty, first.context == nil else {
            self.init(header: [], entries: entries)
            return
        }
        let header = first.text.split(separator: "\n").compactMap { field -> (String, String)? in
            guard let colon = field.firstIndex(of: ":") else { return nil }
            return (String(field[..<colon]), String(field[field.index(after: colon)...].drop { $0 == " " }))
        }
        self.init(header: header, entries: Array(entries.dropFirst()))
    }

    private static func append(_ text: String, to keyword: String, in entry: inout Entry) throws(SyntaxError) {
        switch keyword {
        case "msgctxt": entry.context = (entry.context ?? "") + text
        case "msgid": entry.id += text
        case "msgid_plural": entry.idPlural = (entry.idPlural ?? "") + text
        case "msgstr": entry.text += text
        default:
            guard let index = Int(keyword.dropFirst(7).dropLast()), index >= 0, index < 16 else { return }
            while entry.plurals.count <= index { entry.plurals.append("") }
            entry.plurals[index] += text
            if index == 0 { entry.text += text }
        }
    }

    private static func unquoted(_ quoted: String, line: Int) throws(SyntaxError) -> String {
        let trimmed = quoted.reversed().drop { $0 == " " || $0 == "\r" }.reversed()
        guard trimmed.count >= 2, trimmed.first == "\"", trimmed.last == "\"" else {
            throw SyntaxError(line: line, problem: "a string must stand in double quotes")
        }
        var out = ""
        var escaped = false
        for character in trimmed.dropFirst().dropLast() {
            if escaped {
                switch character {
                case "n": out += "\n"
                case "t": out += "\t"
                case "r": out += "\r"
                default: out.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                out.append(character)
            }
        }
        return out
    }
}
