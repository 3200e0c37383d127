import TermBankApp
import TermBankCore
@testable import TermBankMessages
import XCTest

/// The export is complete by construction: the messages are what the
/// sources declare (each case of each type a catalog protocol words), and a
/// declared message without a sample stops the export. (decision 96)
final class ExportCompletenessTests: XCTestCase {
    func testTheSampleTableHasEveryDeclaredMessage() {
        XCTAssertEqual(MessageExport.missing(Repository.declarations), [])
        XCTAssertGreaterThan(Repository.declarations.requirements["AppCatalog"]?.count ?? 0, 10, "the app's protocol was read")
        XCTAssertGreaterThan(Repository.declarations.requirements["CoreCatalog"]?.count ?? 0, 30, "the core's protocol was read")
    }

    /// A case added to a message type, and a message type added to a
    /// catalog protocol, without samples: both are named, with where they stand.
    func testANewMessageWithoutASampleIsCaught() {
        var declarations = Repository.declarations
        declarations.read("""
            /// The sign-in feature's texts.
            extension SignInText {
                public enum Extra { case one }
            }
            public enum SignInText {
                case brandNewNotice(String)
            }
            public protocol CoreCatalog {
                func text(_ problem: NewProblem) -> String
            }
            """, file: "Sources/TermBankApp/Messages/New.swift")
        XCTAssertEqual(MessageExport.missing(declarations), [
            "SignInText.brandNewNotice (Sources/TermBankApp/Messages/New.swift:6) has no sample",
            "NewProblem has no sample",
        ])
    }

    func testTwoSamplesWithOneKeyAreCaught() {
        let twice = MessageExport.samples + [MessageSample(SignInText.welcome)]
        XCTAssertEqual(MessageExport.missing(Repository.declarations, samples: twice),
                       ["two samples have the key SignInText.welcome: give one a variant"])
    }

    /// English has one entry per message, in the catalogs' order, keyed by
    /// type, case and the choices that change the words.
    func testTheEnglishExportHasOneEntryPerMessage() {
        let po = MessageExport.po(.english, declarations: Repository.declarations)
        let worded = MessageExport.samples.filter { !$0.text(in: EnglishAppCatalog()).isEmpty }
        XCTAssertEqual(po.entries.count, worded.count)
        XCTAssertEqual(Set(po.entries.compactMap(\.context)).count, po.entries.count)
        XCTAssertGreaterThan(po.entries.count, 500)
        let keys = Set(po.entries.compactMap(\.context))
        for key in ["SignInText.welcome", "SignInText.biometry.touchID", "BankingText.switchState.on=true",
                    "BankingText.approveWith.smsCode.firstPayee=true", "PasswordSignIn.Refusal.incorrect.attemptsLeft=none",
                    "SessionError.ended.idle", "CoreCatalog.smsText.signIn", "KeyLabel.matching.face=true"] {
            XCTAssertTrue(keys.contains(key), key)
        }
    }

    /// Each argument a sample declares is shown as its placeholder in every
    /// language: a value the catalog writes otherwise would leave sample data
    /// in the translator's text.
    func testEveryArgumentBecomesItsPlaceholderInEveryLanguage() {
        for language in Language.allCases {
            for sample in MessageExport.samples {
                let text = sample.text(in: language.appCatalog)
                guard !text.isEmpty else { continue }
                let names = Placeholders.names(in: text)
                for placeholder in sample.placeholders {
                    XCTAssertTrue(names.contains(placeholder), "\(language.code) \(sample.key): no {\(placeholder)} in \(text)")
                }
                XCTAssertEqual(Placeholders.read(text).malformed, [], "\(language.code) \(sample.key): \(text)")
            }
        }
    }

    /// The comments a translator reads: where the text shows, the case's own
    /// doc comment, the placeholders, and the declaration's place.
    func testAnEntryCarriesItsContext() throws {
        let po = MessageExport.po(.ukrainian, declarations: Repository.declarations)
        let full = try XCTUnwrap(po.entries.first { $0.context == "SignInText.fieldFull" })
        XCTAssertEqual(full.extractedComments, [
            "Shown: The sign-in feature's texts: which phone, username and password, the sitekey.",
            "A full field says so at its right end.",
        ])
        XCTAssertEqual(full.references.count, 1)
        XCTAssertTrue(full.references[0].hasPrefix("Sources/TermBankApp/Messages/SignInText.swift:"), full.references[0])
        let device = try XCTUnwrap(po.entries.first { $0.context == "SignInText.simulatedDevice" })
        XCTAssertEqual(device.id, "Simulated device: {device}")
        XCTAssertEqual(device.flags, ["python-brace-format"])
        XCTAssertEqual(device.extractedComments.last, "Keep {device}: each stands for a value, in any order; see docs/languages.md.")
    }
}
