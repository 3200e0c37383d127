/// A translated PO file against the catalogs now: what is missing, extra,
/// stale or has its placeholders wrong. (decision 96)
public enum POCheck {
    public struct Problem: Equatable, Sendable, CustomStringConvertible {
        /// The line of the entry in the file checked, 0 when it has none.
        public let line: Int
        public let key: String
        public let what: String
        public var description: String { (line > 0 ? "line \(line): " : "") + (key.isEmpty ? "" : key + ": ") + what }
    }

    /// The problems of `file` against `expected`, the export of the same language now.
    public static func problems(_ file: POFile, expected: POFile) -> [Problem] {
        var problems: [Problem] = []
        let wanted = Dictionary(expected.entries.map { ($0.context ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        var seen: Set<String> = []
        for entry in file.entries {
            let key = entry.context ?? ""
            func report(_ what: String) { problems.append(Problem(line: entry.line, key: key, what: what)) }
            guard let expected = wanted[key] else {
                report(entry.context == nil ? "extra: an entry without msgctxt (the key) is no message"
                                            : "extra: no such message (renamed or removed; re-export and merge)")
                continue
            }
            guard seen.insert(key).inserted else {
                report("extra: a second entry for this message")
                continue
            }
            if entry.id != expected.id || entry.idPlural != expected.idPlural {
                report("the English has changed since this file was exported: re-export and merge (msgmerge)")
            }
            if entry.flags.contains("fuzzy") { report("missing: marked fuzzy (needs review)") }
            switch (entry.isPlural, expected.isPlural) {
            case (false, false):
                if entry.text.isEmpty {
                    report("missing: not translated")
                    continue
                }
                problems += placeholderProblems(entry.text, english: expected.id).map { Problem(line: entry.line, key: key, what: $0) }
            case (true, true):
                guard entry.plurals.count == expected.plurals.count else {
                    report("\(entry.plurals.count) plural forms; the language has \(expected.plurals.count) (Plural-Forms)")
                    continue
                }
                for (index, form) in entry.plurals.enumerated() {
                    if form.isEmpty {
                        report("missing: plural form msgstr[\(index)] not translated")
                        continue
                    }
                    // A form may say its count in words ("one more attempt"),
                    // so only the last, the general one, must keep them all.
                    let omitting = index < entry.plurals.count - 1
                    problems += placeholderProblems(form, english: expected.idPlural ?? "", mayOmit: omitting)
                        .map { Problem(line: entry.line, key: key, what: "msgstr[\(index)]: " + $0) }
                }
            case (true, false): report("plural forms (msgid_plural) where the message has one text")
            case (false, true): report("one text where the message has plural forms (msgid_plural)")
            }
        }
        for entry in expected.entries where !seen.contains(entry.context ?? "") {
            problems.append(Problem(line: 0, key: entry.context ?? "", what: "missing: no entry"))
        }
        return problems
    }

    /// The translation must use each placeholder of the English, and no other.
    static func placeholderProblems(_ text: String, english: String, mayOmit: Bool = false) -> [String] {
        let wanted = Placeholders.names(in: english)
        let (names, malformed) = Placeholders.read(text)
        var problems: [String] = []
        for bad in malformed {
            problems.append("badly placed argument \(bad.text): a placeholder is a name in braces, such as {amount}")
        }
        for name in wanted where !names.contains(name) && !mayOmit { problems.append("missing argument {\(name)}") }
        for name in names where !wanted.contains(name) { problems.append("extra argument {\(name)}: the English has no such value") }
        var counted: [String: Int] = [:]
        for name in names { counted[name, default: 0] += 1 }
        for name in wanted where (counted[name] ?? 0) > 1 && wanted.filter({ $0 == name }).count == 1 {
            problems.append("argument {\(name)} written more than once")
        }
        return problems
    }
}
