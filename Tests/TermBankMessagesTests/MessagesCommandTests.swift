import TermBankCore
import TermBankMessages
import TermBankSystem
import XCTest

/// The tool behind `scripts/messages`, as a translator runs it: the export on
/// standard output, the check's report on standard error and its exit
/// status, the import's rewrite of a copy of the catalogs.
final class MessagesCommandTests: XCTestCase {
    /// Built beside the test bundle (the test target depends on it).
    private static let tool: String = {
        var parts = CommandLine.arguments[0].split(separator: "/", omittingEmptySubsequences: false)
        while let last = parts.last, !last.hasSuffix(".xctest") && parts.count > 1 { parts.removeLast() }
        parts.removeLast()
        return parts.joined(separator: "/") + "/termbank-messages"
    }()

    private func run(_ arguments: [String], root: String = Repository.root) throws -> (status: Int32, out: String, errors: String) {
        let folder = try Files.makeTemporaryDirectory(prefix: "termbank-messages-run")
        defer { Files.removeTree(folder) }
        let ended = try ChildProcess(executable: "/bin/sh", arguments: ["-c", "\"$0\" \"$@\" 2>\"$TERMBANK_ERRORS\"", Self.tool,
                                                                         "--root", root] + arguments,
                                     environment: ["TERMBANK_ERRORS": folder + "/errors", "PATH": "/usr/bin:/bin"],
                                     output: .capture).wait()
        return (ended.exitStatus ?? -1, ended.outputText, Files.readText(folder + "/errors") ?? "")
    }

    func testExportThenCheckPassesAndABrokenFileFails() throws {
        let folder = try Files.makeTemporaryDirectory(prefix: "termbank-messages-po")
        defer { Files.removeTree(folder) }
        let export = try run(["export", "pt-BR"])
        XCTAssertEqual(export.status, 0, export.errors)
        XCTAssertEqual(try POFile(parsing: export.out).field("Language"), "pt_BR")
        try Files.write(export.out, to: folder + "/pt-BR.po")
        let good = try run(["check", folder + "/pt-BR.po"])
        XCTAssertEqual(good.status, 0, good.errors)
        let count = MessageExport.po(.portugueseBrazil, declarations: Repository.declarations).entries.count
        XCTAssertEqual(good.out, "\(folder)/pt-BR.po: \(count) messages in pt-BR, none missing or extra, every argument in place\n")

        var broken = export.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let line = try XCTUnwrap(broken.firstIndex(of: #"msgstr "Aparelho simulado: {device}""#))
        broken[line] = #"msgstr "Aparelho simulado: {aparelho}""#
        try Files.write(broken.joined(separator: "\n"), to: folder + "/pt-BR.po")
        let bad = try run(["check", folder + "/pt-BR.po"])
        XCTAssertEqual(bad.status, 1)
        XCTAssertEqual(bad.errors, """
            \(folder)/pt-BR.po: line \(line): SignInText.simulatedDevice: missing argument {device}
            \(folder)/pt-BR.po: line \(line): SignInText.simulatedDevice: extra argument {aparelho}: the English has no such value
            \(folder)/pt-BR.po: 2 problems

            """)
    }

    func testAnUnknownLanguageOrCommandIsAUsageError() throws {
        let unknown = try run(["export", "fr"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.errors, "unknown language fr: one of en, pt-BR, it, uk\n")
        XCTAssertEqual(try run(["translate", "it.po"]).status, 2)
    }

    /// The import rewrites the literal in a copy of the sources (the build
    /// and the verification are scripts/messages's), and keeps the originals.
    func testImportRewritesTheLiteralAndKeepsTheOriginal() throws {
        let root = try Files.makeTemporaryDirectory(prefix: "termbank-messages-root")
        defer { Files.removeTree(root) }
        let copied = try ChildProcess(executable: "/bin/cp", arguments: ["-R", Repository.root + "/Sources", root + "/Sources"]).wait()
        XCTAssertEqual(copied.exitStatus, 0)
        var file = MessageExport.po(.italian, declarations: Repository.declarations)
        file.entries[file.entries.firstIndex { $0.context == "SignInText.simulatedDevice" }!].text = "Simulato: {device}"
        try Files.write(file.text, to: root + "/it.po")
        let imported = try run(["import", root + "/it.po", root + "/backup"], root: root)
        XCTAssertEqual(imported.status, 0, imported.errors)
        XCTAssertTrue(imported.out.hasPrefix("written: SignInText.simulatedDevice: Sources/TermBankApp/Messages/Italian/ItalianAppCatalog.swift:"),
                      imported.out)
        let path = "/Sources/TermBankApp/Messages/Italian/ItalianAppCatalog.swift"
        XCTAssertTrue(Files.readText(root + path)?.contains(#"return "Simulato: \(name)""#) == true)
        XCTAssertEqual(Files.readText(root + "/backup" + path), Files.readText(Repository.root + path))
    }
}
