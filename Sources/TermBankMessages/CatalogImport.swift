import TermBankCore
import TermBankSystem

/// A translated PO file written back into the language's Swift catalog: each
/// changed text whose words stand in one string literal of the catalog (its
/// placeholders in that literal's interpolations) has that literal rewritten,
/// its interpolations kept and put where the translation puts their
/// placeholders. Only literals change, so every catalog still conforms to
/// its protocol and the compiler still checks that nothing is missing.
/// A text the Swift builds from pieces (a plural, a shared phrase, a choice)
/// is listed for a developer to write by hand. (decision 96)
public enum CatalogImport {
    public struct Result: Sendable {
        /// The catalog files rewritten: path (under the root) to their new text.
        public var files: [String: String] = [:]
        /// "KEY: file:line" for each literal rewritten.
        public var written: [String] = []
        /// "KEY: why" for each changed text left to write by hand.
        public var byHand: [String] = []
    }

    /// The language's catalog files, under the root: the Swift files of the
    /// catalogs' folders whose names begin with its catalogs' type names
    /// ("ItalianAppCatalog+Banking.swift", "ItalianCoreCatalog.swift").
    public static func catalogFiles(_ language: Language, root: String) -> [String] {
        let prefix = String(String(describing: type(of: language.appCatalog)).dropLast("AppCatalog".count))
        return ["Sources/TermBankApp/Messages", "Sources/TermBankCore/Messages"].flatMap { files(under: $0, root: root) }
            .filter { path in
                let name = path.split(separator: "/").last.map(String.init) ?? ""
                return name.hasPrefix(prefix + "AppCatalog") || name.hasPrefix(prefix + "CoreCatalog")
            }
    }

    private static func files(under folder: String, root: String) -> [String] {
        Files.list(root + "/" + folder).sorted().flatMap { name -> [String] in
            let path = folder + "/" + name
            if Files.isDirectory(root + "/" + path) { return files(under: path, root: root) }
            return name.hasSuffix(".swift") ? [path] : []
        }
    }

    /// The rewrites for the entries of `file` whose text differs from the
    /// language's export now (`current`), over the catalog's `sources` (path to text).
    public static func apply(_ file: POFile, current: POFile, sources: [String: String]) -> Result {
        var result = Result()
        let now = Dictionary(current.entries.map { ($0.context ?? "", $0.text) }, uniquingKeysWith: { first, _ in first })
        var uses: [String: Int] = [:]
        for entry in current.entries { uses[entry.text, default: 0] += 1 }
        let scanned = sources.mapValues(SwiftLiterals.init)
        var edits: [String: [(SwiftLiterals.Literal, String)]] = [:]
        var taken: Set<String> = [], sharedDone: Set<String> = []
        var translated: [String: String] = [:]
        for entry in file.entries {
            if let key = entry.context, !entry.text.isEmpty, translated[key] == nil { translated[key] = entry.text }
        }

        let nowPlurals = Dictionary(current.entries.map { ($0.context ?? "", $0.plurals) }, uniquingKeysWith: { first, _ in first })
        for entry in file.entries {
            func byHand(_ why: String) { result.byHand.append("\(entry.context ?? ""): \(why)") }
            if entry.isPlural, let key = entry.context, let was = nowPlurals[key], entry.plurals != was,
               !entry.plurals.contains(where: \.isEmpty) {
                byHand("plural forms: the catalog chooses them with plural(...)")
                continue
            }
            guard let key = entry.context, let old = now[key], !entry.text.isEmpty, entry.text != old else { continue }
            // Words several messages share (one literal for every biometry,
            // say) are written when the translation changes them all alike.
            if (uses[old] ?? 0) > 1 {
                let sharing = current.entries.filter { $0.text == old }.map { translated[$0.context ?? ""] ?? old }
                guard Set(sharing).count == 1 else {
                    byHand("the same words serve \(sharing.count) messages in the Swift; translate them alike")
                    continue
                }
                guard sharedDone.insert(old).inserted else { continue }
            }
            let (oldPieces, oldNames) = split(old), (newPieces, newNames) = split(entry.text)
            let matches = scanned.sorted { $0.key < $1.key }.flatMap { path, literals in
                literals.literals.filter { $0.pieces == oldPieces }.map { (path, $0) }
            }
            guard matches.count == 1, let (path, literal) = matches.first else {
                byHand(matches.isEmpty ? "the Swift builds these words from several pieces"
                                       : "these words stand in \(matches.count) places in the Swift")
                continue
            }
            guard taken.insert("\(path):\(literal.start)").inserted else {
                byHand("another message's translation rewrites the same words")
                continue
            }
            var expression: [String: String] = [:]
            for (index, name) in oldNames.enumerated() where expression[name] == nil {
                expression[name] = literal.interpolations[index]
            }
            guard newNames.allSatisfy({ expression[$0] != nil }) else {
                byHand("its placeholders are not the English's (scripts/messages check)")
                continue
            }
            let replacement = SwiftLiterals.source(pieces: newPieces, interpolations: newNames.map { expression[$0]! })
            edits[path, default: []].append((literal, replacement))
            let line = scanned[path]!.characters[..<literal.start].filter { $0 == "\n" }.count + 1
            result.written.append("\(key): \(path):\(line)")
        }

        for (path, changes) in edits {
            var characters = scanned[path]!.characters
            for (literal, replacement) in changes.sorted(by: { $0.0.start > $1.0.start }) {
                characters.replaceSubrange(literal.start..<literal.end, with: Array(replacement))
            }
            result.files[path] = String(characters)
        }
        return result
    }

    /// A text's pieces between its placeholders, and the placeholders' names.
    static func split(_ text: String) -> (pieces: [String], names: [String]) {
        var pieces = [""], names: [String] = []
        var name: String?
        for character in text {
            switch (character, name) {
            case ("{", nil): name = ""
            case ("}", let current?):
                names.append(current)
                pieces.append("")
                name = nil
            case (_, let current?): name = current + String(character)
            default: pieces[pieces.count - 1].append(character)
            }
        }
        return (pieces, names)
    }

    /// After a rewrite and a build: each message's text is either what it was
    /// (`before`) or the translation (`file`). Anything else (a literal that
    /// served another message too) is returned, for the import to be undone.
    public static func unexpected(after: POFile, before: POFile, file: POFile) -> [String] {
        let was = Dictionary(before.entries.map { ($0.context ?? "", $0.text) }, uniquingKeysWith: { first, _ in first })
        let wanted = Dictionary(file.entries.map { ($0.context ?? "", $0.text) }, uniquingKeysWith: { first, _ in first })
        return after.entries.compactMap { entry in
            let key = entry.context ?? ""
            if entry.text == was[key] || entry.text == wanted[key] { return nil }
            return "\(key): now \"\(entry.text)\""
        }
    }
}
