import TermBankCore
import XCTest

/// Which language a terminal speaks: `--lang`, then
/// `TERMBANK_LANG`, then the user's saved preference once signed in, then
/// `LC_ALL`, `LC_MESSAGES`, `LANG`, then English. Each rule is checked by
/// which one decided (`source`), so the order holds whatever languages this
/// build has; the languages themselves come from `Language.allCases`.
final class LanguageSelectionTests: XCTestCase {
    private func start(_ option: String? = nil, _ environment: [String: String] = [:]) throws -> LanguageSelection {
        try LanguageSelection.atStart(option: option, environment: environment)
    }

    private let everything = ["TERMBANK_LANG": "en", "LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "en_GB", "LANG": "en_US"]

    func testTheOptionComesFirst() throws {
        for language in Language.allCases {
            XCTAssertEqual(try start(language.code, everything), LanguageSelection(language, source: .option))
        }
        // The option decides before the variable is read: a bad TERMBANK_LANG does not matter.
        XCTAssertEqual(try start("en", ["TERMBANK_LANG": "klingon"]).source, .option)
    }

    func testTheVariableComesBeforeThePOSIXLocale() throws {
        var environment = everything
        for language in Language.allCases {
            environment["TERMBANK_LANG"] = language.code
            XCTAssertEqual(try start(nil, environment), LanguageSelection(language, source: .variable))
        }
        environment["TERMBANK_LANG"] = ""
        XCTAssertEqual(try start(nil, environment).source, .environment("LC_ALL"), "an empty variable is not set")
    }

    func testThePOSIXLocaleFollowsPOSIXPrecedence() throws {
        XCTAssertEqual(try start(nil, ["LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "it_IT", "LANG": "uk_UA"]).source,
                       .environment("LC_ALL"))
        XCTAssertEqual(try start(nil, ["LC_ALL": "", "LC_MESSAGES": "en_GB", "LANG": "uk_UA"]).source,
                       .environment("LC_MESSAGES"))
        XCTAssertEqual(try start(nil, ["LANG": "en_US.UTF-8"]), LanguageSelection(.english, source: .environment("LANG")))
        // LC_ALL=C means the C locale, whatever LANG says: English, by the last rule.
        XCTAssertEqual(try start(nil, ["LC_ALL": "C", "LANG": "en_US.UTF-8"]), .english)
        XCTAssertEqual(try start(nil, ["LANG": "fr_FR.UTF-8"]), .english, "a language not spoken here: English")
    }

    func testEnglishWhenNothingNamesALanguage() throws {
        XCTAssertEqual(try start(), LanguageSelection(.english, source: .fallback))
        XCTAssertEqual(try start(nil, ["LANG": "C.UTF-8"]), .english)
        XCTAssertEqual(try start(nil, ["LANG": "POSIX"]), .english)
    }

    /// pt_BR.UTF-8 → pt-BR, it_IT → it, uk_UA → uk; anything else is not
    /// one of ours. A language not in this build falls through to English.
    func testPOSIXLocaleNamesMapToTheirLanguage() {
        let table: [(String, String?)] = [
            ("pt_BR.UTF-8", "pt-BR"), ("pt_BR", "pt-BR"), ("pt_BR.utf8", "pt-BR"),
            ("it_IT", "it"), ("it_IT.UTF-8", "it"), ("it_CH.UTF-8", "it"), ("it", "it"),
            ("uk_UA", "uk"), ("uk_UA.UTF-8", "uk"), ("uk_UA.UTF-8@euro", "uk"),
            ("en_US.UTF-8", "en"), ("en_GB", "en"), ("en", "en"),
            ("pt_PT.UTF-8", nil), ("pt", nil), ("fr_FR.UTF-8", nil), ("C", nil), ("POSIX", nil), ("C.UTF-8", nil),
            ("", nil), ("_BR", nil), ("ukr", nil),
        ]
        for (name, code) in table {
            XCTAssertEqual(Language(posixLocale: name), code.flatMap(Language.init(code:)), name)
        }
    }

    func testCodesAreReadWithoutRegardToCaseOrUnderscore() {
        for language in Language.allCases {
            XCTAssertEqual(Language(code: language.code), language)
            XCTAssertEqual(Language(code: language.code.uppercased()), language)
            XCTAssertEqual(Language(code: language.code.replacingOccurrences(of: "-", with: "_")), language)
        }
        XCTAssertNil(Language(code: ""))
        XCTAssertNil(Language(code: "english"))
    }

    func testAnUnknownCodeIsRefusedNamingWhereItCameFrom() {
        XCTAssertThrowsError(try start("fr")) {
            XCTAssertEqual($0 as? LanguageSelection.Refusal, .unknown(code: "fr", from: .option))
        }
        XCTAssertThrowsError(try start("", [:])) {
            XCTAssertEqual($0 as? LanguageSelection.Refusal, .unknown(code: "", from: .option))
        }
        XCTAssertThrowsError(try start(nil, ["TERMBANK_LANG": "pt-PT", "LANG": "en_US"])) {
            XCTAssertEqual($0 as? LanguageSelection.Refusal, .unknown(code: "pt-PT", from: .variable))
        }
    }

    /// One of the four codes whose catalogs this build lacks is refused, not
    /// shown in English under its name.
    func testAPlannedLanguageNotInThisBuildIsRefusedNotFaked() throws {
        XCTAssertEqual(Language.plannedCodes, ["en", "pt-BR", "it", "uk"])
        for code in Language.plannedCodes where Language(code: code) == nil {
            XCTAssertThrowsError(try start(code.lowercased())) {
                XCTAssertEqual($0 as? LanguageSelection.Refusal, .notInThisBuild(code: code, from: .option))
            }
        }
        for language in Language.allCases { XCTAssertTrue(Language.plannedCodes.contains(language.code)) }
    }

    // MARK: After sign-in

    func testTheSavedPreferenceReplacesTheEnvironmentAndTheFallback() {
        for language in Language.allCases {
            for before in [LanguageSelection.english, LanguageSelection(.english, source: .environment("LANG")),
                           LanguageSelection(.english, source: .previousSession)] {
                XCTAssertEqual(before.signedIn(saved: language), LanguageSelection(language, source: .saved))
            }
        }
        XCTAssertEqual(LanguageSelection.english.signedIn(saved: nil), .english, "no preference: as it was")
    }

    func testTheOptionTheVariableAndAChoiceInTheAppWinOverTheSavedPreference() {
        for source in [LanguageSelection.Source.option, .variable, .chosen] {
            let before = LanguageSelection(.english, source: source)
            for language in Language.allCases {
                XCTAssertEqual(before.signedIn(saved: language), before, "\(source)")
            }
        }
    }

    func testOnlyAChoiceMadeInTheAppIsSavedAndOnlyWhenItDiffers() {
        let last = Language.allCases.last!
        XCTAssertEqual(LanguageSelection(last, source: .chosen).toSave(saved: nil), last)
        XCTAssertNil(LanguageSelection(last, source: .chosen).toSave(saved: last))
        for source in [LanguageSelection.Source.option, .variable, .saved, .environment("LANG"), .fallback, .previousSession] {
            XCTAssertNil(LanguageSelection(last, source: source).toSave(saved: nil), "\(source)")
        }
    }

    func testTheLanguageKeyGoesRoundEveryLanguageAsTheUsersChoice() {
        var selection = LanguageSelection.english
        var seen: [Language] = []
        for _ in Language.allCases {
            selection = selection.cycled()
            XCTAssertEqual(selection.source, .chosen)
            seen.append(selection.language)
        }
        XCTAssertEqual(Set(seen), Set(Language.allCases))
        XCTAssertEqual(selection.language, .english, "back where it started")
    }

    /// The next user at a shared terminal gets their own preference: the last
    /// user's choice stays on the screen but is neither kept over it nor saved for them.
    func testSignOutKeepsTheScreensLanguageButNotTheLastUsersClaimOnIt() {
        let last = Language.allCases.last!
        for source in [LanguageSelection.Source.chosen, .saved] {
            let after = LanguageSelection(last, source: source).afterSignOut()
            XCTAssertEqual(after, LanguageSelection(last, source: .previousSession))
            XCTAssertNil(after.toSave(saved: nil))
            XCTAssertEqual(after.signedIn(saved: .english), LanguageSelection(.english, source: .saved))
        }
        let option = LanguageSelection(last, source: .option)
        XCTAssertEqual(option.afterSignOut(), option)
    }

    func testEveryLanguageHasItsCatalogAndPluralRule() {
        for language in Language.allCases {
            XCTAssertEqual(language.pluralRule, language.coreCatalog.pluralRule)
        }
        XCTAssertEqual(Language.english.pluralRule, .oneOrOther)
    }
}
