import TermBankCore
import TermBankSystem
@testable import TermBankMessages
import XCTest

/// `scripts/messages import`: a translation changed in a PO editor is written
/// into the one string literal that holds it, its interpolations kept and
/// moved where the translation puts their placeholders; a text the Swift
/// builds from pieces is left to a developer, named. Only literals change,
/// so the compiler still checks every catalog is complete. (decision 96)
final class CatalogImportTests: XCTestCase {
    private func italian() -> (current: POFile, sources: [String: String]) {
        let current = MessageExport.po(.italian, declarations: Repository.declarations)
        var sources: [String: String] = [:]
        for path in CatalogImport.catalogFiles(.italian, root: Repository.root) {
            sources[path] = Files.readText(Repository.root + "/" + path)
        }
        return (current, sources)
    }

    func testChangedTextsAreWrittenIntoTheirLiterals() throws {
        let (current, sources) = italian()
        XCTAssertEqual(sources.count, 19, "the Italian app and core catalogs' files")
        var file = current
        func translate(_ key: String, _ text: String) {
            file.entries[file.entries.firstIndex { $0.context == key }!].text = text
        }
        translate("SignInText.welcome", "Benvenuti. Accedi con il tuo nome utente e la password.")
        translate("PaymentText.leftToday", "Limite {limit}: oggi restano {left}.")
        translate("SecondFactorText.attemptsLeft", "Ancora {count} tentativi")
        let result = CatalogImport.apply(file, current: current, sources: sources)

        XCTAssertEqual(result.written.map { String($0.prefix { $0 != ":" }) }, ["SignInText.welcome", "PaymentText.leftToday"])
        XCTAssertEqual(result.byHand, ["SecondFactorText.attemptsLeft: the Swift builds these words from several pieces"])
        let payments = try XCTUnwrap(result.files["Sources/TermBankApp/Messages/Italian/ItalianAppCatalog+Payments.swift"])
        XCTAssertTrue(payments.contains(#"return "Limite \(core.money(limit)): oggi restano \(core.money(left)).""#))
        let main = try XCTUnwrap(result.files["Sources/TermBankApp/Messages/Italian/ItalianAppCatalog.swift"])
        XCTAssertTrue(main.contains(#"case .welcome: return "Benvenuti. Accedi con il tuo nome utente e la password.""#))
        XCTAssertEqual(result.files.count, 2)
        for (path, text) in result.files {
            let before = sources[path]!.split(separator: "\n", omittingEmptySubsequences: false)
            let after = text.split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertEqual(before.count, after.count, "\(path): only a literal's words change, never a line")
            XCTAssertEqual(zip(before, after).filter { $0 != $1 }.count, 1, path)
        }
    }

    func testAnUnchangedFileWritesNothing() {
        let (current, sources) = italian()
        let result = CatalogImport.apply(current, current: current, sources: sources)
        XCTAssertEqual(result.files, [:])
        XCTAssertEqual(result.written + result.byHand, [])
    }

    /// Words that several messages share in the Swift (one literal for
    /// every biometry) are written when all of them change alike, and left
    /// to a developer when one changes alone: the Swift would need a new case.
    func testWordsSharedBySeveralMessagesAreWrittenOnlyWhenTranslatedAlike() throws {
        let (current, sources) = italian()
        let shared = try XCTUnwrap(Dictionary(grouping: current.entries, by: \.text)
            .first { $0.value.count > 1 && $0.value.allSatisfy { $0.context?.hasPrefix("BiometricNotice.tryAgain") == true } })
        var alone = current
        alone.entries[alone.entries.firstIndex { $0.context == shared.value[0].context }!].text = "Riprova, per favore."
        let one = CatalogImport.apply(alone, current: current, sources: sources)
        XCTAssertEqual(one.files, [:])
        XCTAssertEqual(one.byHand.count, 1)
        XCTAssertTrue(one.byHand[0].hasSuffix("translate them alike"), one.byHand[0])

        var alike = current
        for entry in shared.value { alike.entries[alike.entries.firstIndex { $0.context == entry.context }!].text = "Riprova, per favore." }
        let all = CatalogImport.apply(alike, current: current, sources: sources)
        XCTAssertEqual(all.byHand, [])
        XCTAssertEqual(all.written.count, 1)
        XCTAssertTrue(try XCTUnwrap(all.files.values.first).contains(#""Riprova, per favore.""#))
    }

    func testLiteralsAreReadWithTheirEscapesAndInterpolations() {
        let literals = SwiftLiterals(#"""
            // "not this"
            let a = "1\u{00A0}250 \"x\" \(f("y)", g(2))) end\n" + "plain"
            let b = """
                not this either
                """
            """#).literals
        XCTAssertEqual(literals.map(\.pieces), [["1\u{00A0}250 \"x\" ", " end\n"], ["plain"]])
        XCTAssertEqual(literals.map(\.interpolations), [[#"f("y)", g(2))"#], []])
        let written = SwiftLiterals.source(pieces: literals[0].pieces, interpolations: literals[0].interpolations)
        XCTAssertEqual(written, #""1\u{00A0}250 \"x\" \(f("y)", g(2))) end\n""#)
        XCTAssertEqual(SwiftLiterals(written).literals.map(\.pieces), [literals[0].pieces])
    }

    /// After the build, a text that is neither as it was nor as translated
    /// means a literal served another message too: the import is undone.
    func testATextChangedUnaskedIsFound() {
        let before = POFile(header: [], entries: [POFile.Entry(context: "A", id: "a", text: "uno"),
                                                  POFile.Entry(context: "B", id: "b", text: "due")])
        var file = before
        file.entries[0].text = "primo"
        var after = file
        XCTAssertEqual(CatalogImport.unexpected(after: after, before: before, file: file), [])
        after.entries[1].text = "secondo"
        XCTAssertEqual(CatalogImport.unexpected(after: after, before: before, file: file), [#"B: now "secondo""#])
    }
}
