import Foundation
import XCTest

/// Every file a doc names is in the repository: README.md and docs/**/*.md
/// are results, and a path that moved or went makes them untrue without any
/// build noticing (docs/decisions/0095). Three kinds of naming are checked:
/// a relative link (and its anchor, a heading of the page linked), a path
/// from the repository's top (`Sources/…`, `scripts/…`) or from a module's
/// folder (`TermBankCore/…`), and a Swift file named alone
/// (`SQLBankStore+Guests.swift`), which must exist somewhere.
final class DocumentedPathsTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// The repository's top-level folders a doc names paths under.
    static let topFolders = ["Sources", "Tests", "scripts", "docs", "static-libs", "benchmarks", "assets", "fuzz"]

    /// README.md and every Markdown file under docs/, as paths from the root.
    static func documents() throws -> [String] {
        var found = ["README.md"]
        let docs = root.appendingPathComponent("docs")
        let walker = try XCTUnwrap(FileManager.default.enumerator(at: docs, includingPropertiesForKeys: nil))
        for case let url as URL in walker where url.pathExtension == "md" {
            found.append("docs" + url.path.dropFirst(docs.path.count))
        }
        return found.sorted()
    }

    /// The names of every file in the repository (hidden folders such as .build and .git left out).
    static func fileNames() throws -> Set<String> {
        var names: Set<String> = ["Package.swift"]
        for folder in topFolders {
            let top = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: top, includingPropertiesForKeys: nil,
                                                             options: [.skipsHiddenFiles]) else { continue }
            for case let url as URL in walker { names.insert(url.lastPathComponent) }
        }
        return names
    }

    /// A path component such as TARGET or NNNN: capitals (and `_`) only, two or more.
    static func isPlaceholder(_ component: Substring) -> Bool {
        component.count > 1 && component.allSatisfy { ("A"..."Z").contains($0) || $0 == "_" }
    }

    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
    }

    /// The anchors a Markdown page's headings get, as GitHub makes them: lower case, only
    /// letters, digits, spaces, `-` and `_` kept, spaces as `-`, a repeated one numbered.
    static func anchors(of text: String) -> Set<String> {
        var found: Set<String> = []
        var times: [String: Int] = [:]
        var inCode = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inCode.toggle(); continue }
            let hashes = line.prefix { $0 == "#" }.count
            guard !inCode, (1...6).contains(hashes), line.dropFirst(hashes).hasPrefix(" ") else { continue }
            let heading = line.dropFirst(hashes).trimmingCharacters(in: .whitespaces).lowercased()
            let slug = String(heading.filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_" }
                .map { $0 == " " ? "-" : $0 })
            let seen = times[slug, default: 0]
            times[slug] = seen + 1
            found.insert(seen == 0 ? slug : "\(slug)-\(seen)")
        }
        return found
    }

    static func matches(_ pattern: String, in text: String) throws -> [(String, String.Index)] {
        let expression = try NSRegularExpression(pattern: pattern)
        return expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { match in
            guard let range = Range(match.range(at: 1), in: text) else { return nil }
            return (String(text[range]), range.upperBound)
        }
    }

    /// The paths a doc's text names that are not in the repository, each with how it was
    /// named; `document` is the doc's path from the root, which its links start from.
    static func missing(in text: String, of document: String, fileNames: Set<String>) throws -> [String] {
        let folder = (document as NSString).deletingLastPathComponent
        var missing: [String] = []
        // Relative links: [words](target), then target's anchor among the page's headings.
        for (target, _) in try matches(#"\]\(([^)\s]+)\)"#, in: text)
        where !target.contains("://") && !target.hasPrefix("mailto:") {
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let file = String(parts[0])
            let path = file.isEmpty ? document : ((folder as NSString).appendingPathComponent(file) as NSString).standardizingPath
            guard file.isEmpty || exists(path) else {
                missing.append("link (\(target))")
                continue
            }
            guard parts.count == 2, path.hasSuffix(".md") else { continue }
            let page = file.isEmpty ? text : try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            if !anchors(of: page).contains(String(parts[1])) { missing.append("anchor (\(target))") }
        }
        // Paths from the top, or from a module's folder under Sources or Tests. A path
        // followed by a pattern's sign ({Core,App}, <Language>, *, …) names no one file.
        let top = topFolders.joined(separator: "|")
        for (name, end) in try matches(#"(?<![\w/.~-])((?:"# + top + #")/[A-Za-z0-9_./+-]*|TermBank[A-Za-z]*/[A-Za-z0-9_./+-]*)"#,
                                        in: text) {
            if end < text.endIndex, "{<*…".contains(text[end]) { continue }
            let path = name.hasSuffix(".") || name.hasSuffix(",") ? String(name.dropLast()) : name
            // `...` and a placeholder in capitals (`fuzz/corpus/TARGET`) stand for files, not one file.
            if path.contains("...") || path.split(separator: "/").contains(where: Self.isPlaceholder) { continue }
            let found = path.hasPrefix("TermBank") ? exists("Sources/" + path) || exists("Tests/" + path) : exists(path)
            if !found { missing.append("path \(path)") }
        }
        // A Swift file named alone exists somewhere.
        for (name, _) in try matches(#"(?<![\w/+-])([A-Za-z0-9_+-]+\.swift)(?![\w./])"#, in: text)
        where !fileNames.contains(name) {
            missing.append("file \(name)")
        }
        return missing
    }

    func testEveryPathTheDocsNameIsInTheRepository() throws {
        let names = try Self.fileNames()
        let documents = try Self.documents()
        XCTAssertGreaterThan(documents.count, 20, "the docs were found")
        var report: [String] = []
        for document in documents {
            let text = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
            for what in try Self.missing(in: text, of: document, fileNames: names) { report.append("\(document): \(what)") }
        }
        XCTAssertEqual(report, [], "docs name files that are not in the repository:\n" + report.joined(separator: "\n"))
    }

    /// Docs cite decision records, which are in the repository, never an issue tracker's
    /// numbers, which are not (docs/decisions/0095).
    func testTheDocsCiteDecisionsNotIssues() throws {
        let issue = try NSRegularExpression(pattern: #"\b[Ii]ssues? #?[0-9]"#)
        var report: [String] = []
        for document in try Self.documents() {
            let text = try String(contentsOf: Self.root.appendingPathComponent(document), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = String(line)
                if issue.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil {
                    report.append("\(document):\(number + 1): \(line)")
                }
            }
        }
        XCTAssertEqual(report, [], "cite a decision (docs/decisions/NNNN), not an issue:\n" + report.joined(separator: "\n"))
    }

    /// The check can fail: a doc naming a file that is not there is reported, in each of the three ways.
    func testAFileThatIsNotThereIsReportedHoweverTheDocNamesIt() throws {
        let text = """
        # A heading, its anchor
        [gone](../gone.md), [here](../benchmarks.md#bench-ui-a-lean-binary), [nowhere](../benchmarks.md#a-lean-binary),
        [self](#a-heading-its-anchor), [not here](#no-such-heading), `Sources/TermBankCore/Gone.swift`,
        `TermBankApp/Gone/Nothing.swift`, `NoSuchFile.swift`; patterns are not files: `fuzz/corpus/TARGET`,
        `Sources/TermBank{Core,App}/Messages/<Language>/`; real ones: `Sources/TermBankCore/TextSearch.swift`, `TextSearch.swift`.
        """
        let missing = try Self.missing(in: text, of: "docs/decisions/0095-probe.md", fileNames: try Self.fileNames())
        XCTAssertEqual(missing, ["link (../gone.md)", "anchor (../benchmarks.md#a-lean-binary)", "anchor (#no-such-heading)",
                                 "path Sources/TermBankCore/Gone.swift", "path TermBankApp/Gone/Nothing.swift",
                                 "file NoSuchFile.swift"])
    }
}
