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

    /// By scalar: "\r\n" is one Character, and a combining mark joins the quote or backslash before it into one.
    static func quoted(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        out.append("\"")
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
            case "\"": out.append(contentsOf: "\\\"".unicodeScalars)
            case "\n": out.append(contentsOf: "\\n".unicodeScalars)
            case "\r": out.append(contentsOf: "\\r".unicodeScalars)
            case "\t": out.append(contentsOf: "\\t".unicodeScalars)
            default: out.append(scalar)
            }
        }
        out.append("\"")
        return String(out)
    }

    // MARK: Reading

    public struct SyntaxError: Error, Equatable, CustomStringConvertible {
        public let line: Int
        public let problem: String
        public var description: String { "line \(line): \(problem)" }
    }

    /// The file as it came back: UTF-8, as its header says, or refused naming the first line that is not (read
    /// as text, a bad byte would become U+FFFD, and the import would write that into a catalog).
    public init(parsing bytes: [UInt8]) throws(SyntaxError) {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var scalars = String.UnicodeScalarView()
        var line = 1
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                scalars.append(scalar)
                if scalar == "\n" { line += 1 }
            case .emptyInput: break decoding
            case .error: throw SyntaxError(line: line, problem: "not UTF-8")
            }
        }
        try self.init(parsing: String(scalars))
    }

    /// The file's text, read as gettext's tools read it. It is read by scalar, never by Character: "\r\n" is one
    /// Character (a CRLF file would be one line), and a combining mark after a quote, a backslash or a `#`
    /// would hide it.
    public init(parsing text: String) throws(SyntaxError) {
        var entries: [Entry] = []
        var current = Entry(context: nil, id: "", text: "")
        var keyword: Keyword?
        var sawID = false, sawText = false

        func finish() {
            if sawID { entries.append(current) }
            current = Entry(context: nil, id: "", text: "")
            keyword = nil
            sawID = false
            sawText = false
        }

        // A byte order mark, as some Windows editors save UTF-8, is no part of the first line.
        let scalars = text.unicodeScalars.first == "\u{FEFF}" ? text.unicodeScalars.dropFirst() : text.unicodeScalars[...]
        for (index, rawLine) in scalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            // A CRLF file's CR belongs to the line end.
            let ended = rawLine.last == "\r" ? rawLine.dropLast() : rawLine
            let line = ended.drop { $0 == " " || $0 == "\t" }
            if line.isEmpty {
                if sawID { finish() }
                continue
            }
            if line.starts(with: "#~".unicodeScalars) || line.starts(with: "#|".unicodeScalars) { continue }
            if line.first == "#" {
                if sawText { finish() }
                let marker = line.dropFirst().first
                let rest = { (from: Int) in String(String.UnicodeScalarView(line.dropFirst(from).drop { $0 == " " })) }
                switch marker {
                case ".": current.extractedComments.append(rest(2))
                case ":": current.references.append(rest(2))
                case ",":
                    current.flags += line.dropFirst(2).split(separator: ",").map {
                        String(String.UnicodeScalarView($0.drop { $0 == " " }))
                    }
                default: current.translatorComments.append(rest(1))
                }
                continue
            }
            if line.first == "\"" {
                guard let keyword else { throw SyntaxError(line: number, problem: "a string outside an entry") }
                Self.append(try Self.unquoted(line, line: number), to: keyword, in: &current)
                continue
            }
            let word = line.prefix { $0 != " " && $0 != "\t" }
            let rest = line.dropFirst(word.count).drop { $0 == " " || $0 == "\t" }
            guard let found = Keyword(String(String.UnicodeScalarView(word))) else {
                throw SyntaxError(line: number, problem: "unknown keyword \(String(String.UnicodeScalarView(word)))")
            }
            // gettext's order: [msgctxt] msgid [msgid_plural] then msgstr, or msgstr[n] for a plural.
            let misplaced = SyntaxError(line: number, problem: "\(found.name) out of place")
            switch found {
            case .context, .id:
                if sawText { finish() }
                if found == .id {
                    guard !sawID else { throw misplaced }
                    sawID = true
                    current.line = number
                } else {
                    guard !sawID, current.context == nil else { throw misplaced }
                    current.context = ""
                }
            case .idPlural:
                guard sawID, !sawText, current.idPlural == nil else { throw misplaced }
                current.idPlural = ""
            case .text:
                guard sawID, !sawText, current.idPlural == nil else { throw misplaced }
                sawText = true
            case .plural(let form):
                guard sawID, current.idPlural != nil, form == current.plurals.count else { throw misplaced }
                current.plurals.append("")
                sawText = true
            }
            keyword = found
            Self.append(try Self.unquoted(rest, line: number), to: found, in: &current)
        }
        finish()
        guard let first = entries.first, first.id.isEmpty, first.context == nil else {
            self.init(header: [], entries: entries)
            return
        }
        let header = first.text.unicodeScalars.split(separator: "\n").compactMap { field -> (String, String)? in
            guard let colon = field.firstIndex(of: ":") else { return nil }
            return (String(String.UnicodeScalarView(field[..<colon])),
                    String(String.UnicodeScalarView(field[field.index(after: colon)...].drop { $0 == " " })))
        }
        self.init(header: header, entries: Array(entries.dropFirst()))
    }

    /// A line's keyword; `msgstr[n]` up to the 16 forms any language has.
    private enum Keyword: Equatable {
        case context, id, idPlural, text
        case plural(Int)

        init?(_ word: String) {
            switch word {
            case "msgctxt": self = .context
            case "msgid": self = .id
            case "msgid_plural": self = .idPlural
            case "msgstr": self = .text
            default:
                let digits = word.utf8.dropFirst(7).dropLast()
                guard word.hasPrefix("msgstr["), word.hasSuffix("]"), (1...2).contains(digits.count),
                      digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                      let index = Int(String(decoding: digits, as: UTF8.self)), index < 16 else { return nil }
                self = .plural(index)
            }
        }

        var name: String {
            switch self {
            case .context: "msgctxt"
            case .id: "msgid"
            case .idPlural: "msgid_plural"
            case .text: "msgstr"
            case .plural(let index): "msgstr[\(index)]"
            }
        }
    }

    private static func append(_ text: String, to keyword: Keyword, in entry: inout Entry) {
        switch keyword {
        case .context: entry.context = (entry.context ?? "") + text
        case .id: entry.id += text
        case .idPlural: entry.idPlural = (entry.idPlural ?? "") + text
        case .text: entry.text += text
        case .plural(let index):
            entry.plurals[index] += text
            if index == 0 { entry.text += text }
        }
    }

    /// A quoted string with C's escapes that PO files use; anything after its closing quote but spaces, or an
    /// escape gettext does not know, is refused rather than read as something else.
    private static func unquoted(_ quoted: Substring.UnicodeScalarView, line: Int) throws(SyntaxError) -> String {
        let trimmed = quoted.reversed().drop { $0 == " " || $0 == "\t" }.reversed()
        guard trimmed.first == "\"" else { throw SyntaxError(line: line, problem: "a string must stand in double quotes") }
        var out = String.UnicodeScalarView()
        var escaped = false, closed = false
        for scalar in trimmed.dropFirst() {
            if closed { throw SyntaxError(line: line, problem: "text after a string's closing quote") }
            if escaped {
                switch scalar {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "r": out.append("\r")
                case "\\", "\"": out.append(scalar)
                default: throw SyntaxError(line: line, problem: "an unknown escape \\\(scalar)")
                }
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else if scalar == "\"" {
                closed = true
            } else {
                out.append(scalar)
            }
        }
        guard closed else { throw SyntaxError(line: line, problem: "a string must stand in double quotes") }
        return String(out)
    }
}
