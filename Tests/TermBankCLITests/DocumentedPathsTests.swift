import Foundation
import XCTest

/// Every file a doc names is in the repository: README.md and docs/**/*.md
/// are results, and a path that moved or went makes them untrue without any
/// build noticing (docs/decisions/0095). Three kinds of naming are checked:
/// a relative link, a path from the repository's top (`Sources/…`,
/// `scripts/…`) or from a module's folder (`TermBankCore/…`), and a Swift
/// file named alone (`SQLBankStore+Guests.swift`), which must exist somewhere.
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
        // Relative links: [words](target), the anchor dropped.
        for (target, _) in try matches(#"\]\(([^)\s]+)\)"#, in: text)
        where !target.hasPrefix("#") && !target.contains("://") && !target.hasPrefix("mailto:") {
            let file = String(target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
            let path = ((folder as NSString).appendingPathComponent(file) as NSString).standardizingPath
            if !exists(path) { missing.append("link (\(target))") }
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

    /// The check can fail: a doc naming a file that is not there is reported, in each of the three ways.
    func testAFileThatIsNotThereIsReportedHoweverTheDocNamesIt() throws {
        let text = """
        [gone](../gone.md), [here](../benchmarks.md#bench-ui-a-lean-binary), `Sources/TermBankCore/Gone.swift`,
        `TermBankApp/Gone/Nothing.swift`, `NoSuchFile.swift`; patterns are not files: `fuzz/corpus/TARGET`,
        `Sources/TermBank{Core,App}/Messages/<Language>/`; real ones: `Sources/TermBankCore/TextSearch.swift`, `TextSearch.swift`.
        """
        let missing = try Self.missing(in: text, of: "docs/decisions/0095-probe.md", fileNames: try Self.fileNames())
        XCTAssertEqual(missing, ["link (../gone.md)", "path Sources/TermBankCore/Gone.swift", "path TermBankApp/Gone/Nothing.swift",
                                 "file NoSuchFile.swift"])
    }
}
