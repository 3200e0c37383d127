import Foundation
@testable import TermBankApp
import TermBankCore
import XCTest

/// On a Ukrainian (ЙЦУКЕН) layout a command key types a Cyrillic letter: the
/// key marked T types "е". Where letters are commands, that letter does what
/// the Latin key in its place does; in a text field it is the letter typed;
/// at a question its meaning is the language's answer keys' (decision 34),
/// never a position (decision 38).
final class CommandKeysByPositionTests: XCTestCase {
    func reduce(_ state: inout AppState, _ keys: Key...) -> [Effect] {
        keys.flatMap { AppReducer.reduce(&state, .key($0)) }
    }

    /// The Russian layout's own letters and the layouts' "." over the Latin
    /// keys they sit on, written out here rather than read from the source.
    /// They share keys with Ukrainian letters (or are ASCII), so are tested on their own.
    static let russianAndPeriod: [Character: Character] = [
        "ы": "s", "Ы": "S", "э": "'", "Э": "\"", "ъ": "]", "Ъ": "}", "ё": "`", "Ё": "~", ".": "/",
    ]
    static let notUkrainian = Set(russianAndPeriod.keys)

    /// The Ukrainian character each Latin key types.
    static let ukrainianOn: [Character: Character] = {
        var table: [Character: Character] = [:]
        for (ukrainian, latin) in CommandKeysByPosition.latinByPlace where !notUkrainian.contains(ukrainian) {
            table[latin] = ukrainian
        }
        return table
    }()

    // MARK: The table

    /// The standard Ukrainian layout, written out key by key here rather than
    /// read from the source's rows.
    func testTheTableIsTheStandardUkrainianLayoutInBothCases() {
        let small: [Character: Character] = [
            "й": "q", "ц": "w", "у": "e", "к": "r", "е": "t", "н": "y", "г": "u", "ш": "i", "щ": "o", "з": "p",
            "х": "[", "ї": "]", "ф": "a", "і": "s", "в": "d", "а": "f", "п": "g", "р": "h", "о": "j", "л": "k",
            "д": "l", "ж": ";", "є": "'", "я": "z", "ч": "x", "с": "c", "м": "v", "и": "b", "т": "n", "ь": "m",
            "б": ",", "ю": ".",
        ]
        let shiftedPunctuation: [Character: Character] = ["Х": "{", "Ї": "}", "Ж": ":", "Є": "\"", "Б": "<", "Ю": ">"]
        let table = CommandKeysByPosition.latinByPlace.filter { !Self.notUkrainian.contains($0.key) }
        for (ukrainian, latin) in small {
            XCTAssertEqual(table[ukrainian], latin, "\(ukrainian)")
            let capital = Character(ukrainian.uppercased())
            XCTAssertEqual(table[capital], shiftedPunctuation[capital] ?? Character(latin.uppercased()), "\(capital)")
        }
        XCTAssertEqual(table.count, 2 * small.count, "nothing else is read by position")
        XCTAssertEqual(Set(table.values).count, table.count, "each letter has a key of its own")
        XCTAssertTrue(table.keys.allSatisfy { !$0.isASCII }, "a Latin layout's letters are never changed")
    }

    /// The Russian ЙЦУКЕН layout differs from the Ukrainian in four letters:
    /// ы, э, ъ where і, є, ї are, and ё on the key left of 1. Each is read as
    /// the Latin key in its place, as the Ukrainian letter on that key is;
    /// "." (on both layouts the key where a Latin layout has "/") is "/".
    /// Written out here rather than read from the source's lists.
    func testTheRussianLayoutsOwnLettersAndThePeriodAreReadByTheirKeys() {
        let expected = Self.russianAndPeriod
        let table = CommandKeysByPosition.latinByPlace
        for (typed, latin) in expected {
            XCTAssertEqual(table[typed], latin, "\(typed)")
            XCTAssertEqual(CommandKeysByPosition.command(.character(typed)), .character(latin), "\(typed)")
        }
        XCTAssertEqual(Set(table.keys).subtracting(expected.keys).count, 2 * 32, "the Ukrainian letters and these only")
        // The Ukrainian letters on the same keys read the same: і and ы are both s.
        XCTAssertEqual(table["і"], table["ы"])
        XCTAssertEqual(table["є"], table["э"])
        XCTAssertEqual(table["ї"], table["ъ"])
        XCTAssertEqual(table.keys.filter(\.isASCII), ["."], "the one ASCII key read by its place")
    }

    func testKeysThatAreNotUkrainianLettersComeThroughAsTheyAre() {
        for key: Key in [.character("t"), .character("T"), .character("?"), .character("/"), .character("1"),
                         .character(","), .character("'"), .character("ґ"), .character("é"), .enter, .escape,
                         .paste("е"), .paste("."), .control("c")] {
            XCTAssertEqual(CommandKeysByPosition.command(key), key, "\(key)")
        }
        XCTAssertEqual(CommandKeysByPosition.command(.character("е")), .character("t"))
        XCTAssertEqual(CommandKeysByPosition.command(.character("Д")), .character("L"))
    }

    // MARK: Every screen's command keys

    /// The single letters a screen's key bar and help list, lower case.
    func commandLetters(_ state: AppState) -> Set<Character> {
        let items = KeyHelp.items(for: state) + KeyHelp.helpOnly(for: state)
        return Set(items.compactMap { item in
            guard item.keys.count == 1, let key = item.keys.first, key.isASCII, key.isLetter else { return nil }
            return Character(key.lowercased())
        })
    }

    /// Table-driven over every screen the app shows (`CatalogScreens`): on
    /// each one whose letters are commands, each letter its keys list, small
    /// and capital, typed as the Ukrainian letter on its key, leaves exactly
    /// the state and effects the Latin letter leaves.
    func testOnEveryScreenTheUkrainianLetterOnACommandsKeyDoesWhatTheLatinLetterDoes() {
        var acted: Set<Character> = []
        var listed: Set<Character> = []
        var screensWithLetters = 0
        for screenful in CatalogScreens.all {
            var state = screenful.state
            state.size = screenful.size
            guard !state.isTooSmall, state.modal == nil, !state.showsHelp, !state.lettersAreText else { continue }
            let letters = commandLetters(state)
            if !letters.isEmpty { screensWithLetters += 1 }
            listed.formUnion(letters)
            for letter in letters {
                for latin in [letter, Character(letter.uppercased())] {
                    guard let ukrainian = Self.ukrainianOn[latin] else {
                        XCTFail("\(screenful.name): no Ukrainian letter on the key of \(latin)")
                        continue
                    }
                    var byLatin = state, byUkrainian = state
                    let latinEffects = reduce(&byLatin, .character(latin))
                    let ukrainianEffects = reduce(&byUkrainian, .character(ukrainian))
                    XCTAssertEqual(ukrainianEffects, latinEffects, "\(screenful.name): \(ukrainian) as \(latin)")
                    XCTAssertEqual(byUkrainian, byLatin, "\(screenful.name): \(ukrainian) as \(latin)")
                    if byLatin != state || !latinEffects.isEmpty { acted.insert(letter) }
                }
            }
        }
        XCTAssertGreaterThan(screensWithLetters, 15)
        // Every letter command the screens' bindings list, each seen acting on at least one screen
        // (today statement t p a s l, welcome g l, phone window and signed out q, sitekey n,
        // Touch ID x p, code screens r c u, security e s p f n d b r l).
        XCTAssertGreaterThanOrEqual(listed.count, 16)
        XCTAssertEqual(acted, listed)
    }

    /// The same through the keys a person presses: on the statement "е"
    /// opens the transfer, "з" the payment, "ф" Security, "д" the logout
    /// question; Security's "Д" changes the language.
    func testOnTheStatementTheKeysMarkedTPALOpenWhatTheySay() {
        var state = Fixture.signedIn()
        XCTAssertEqual(reduce(&state, .character("е")), [])
        XCTAssertEqual(state.screen, .transfer(TransferForm()))

        state = Fixture.signedIn()
        XCTAssertEqual(reduce(&state, .character("з")), [.banking(.loadPaymentAllowance)])
        state = Fixture.signedIn()
        XCTAssertEqual(reduce(&state, .character("ф")), [.security(.loadSecurity)])
        state = Fixture.signedIn()
        _ = reduce(&state, .character("д"))
        XCTAssertEqual(state.modal, .readingSMSSwitchForLogout(), "the logout question, once the switch is read")
    }

    /// On both layouts the key marked / types ".": on the statement it
    /// opens the search, as "/" does, and the search then takes "." as text.
    func testOnTheStatementThePeriodOnTheKeyMarkedSlashOpensTheSearch() {
        var bySlash = Fixture.signedIn(), byPeriod = Fixture.signedIn()
        XCTAssertEqual(reduce(&byPeriod, .character(".")), reduce(&bySlash, .character("/")))
        XCTAssertEqual(byPeriod, bySlash)
        XCTAssertEqual(byPeriod.statement.searchDraft, "")
        XCTAssertEqual(reduce(&byPeriod, .character("."), .character("ы"), .character("/")), [])
        XCTAssertEqual(byPeriod.statement.searchDraft, ".ы/", "in the search each key is the character typed")
    }

    /// Table-driven like the letters: on every screen whose letters are
    /// commands, each Russian letter and "." leaves exactly the state and
    /// effects of the Latin key in its place.
    func testOnEveryScreenTheRussianLettersAndThePeriodDoWhatTheLatinKeysInTheirPlaceDo() {
        var acted: Set<Character> = []
        for screenful in CatalogScreens.all {
            var state = screenful.state
            state.size = screenful.size
            guard !state.isTooSmall, state.modal == nil, !state.showsHelp, !state.lettersAreText else { continue }
            for (typed, latin) in Self.russianAndPeriod {
                var byLatin = state, byTyped = state
                let latinEffects = reduce(&byLatin, .character(latin))
                XCTAssertEqual(reduce(&byTyped, .character(typed)), latinEffects, "\(screenful.name): \(typed) as \(latin)")
                XCTAssertEqual(byTyped, byLatin, "\(screenful.name): \(typed) as \(latin)")
                // Acting is doing more than a key no screen takes ("§"), which on
                // the statement still keeps the session awake and clears a notice.
                var byNothing = state
                let nothingEffects = reduce(&byNothing, .character("§"))
                if byLatin != byNothing || latinEffects != nothingEffects { acted.insert(typed) }
            }
        }
        // The statement's s (SMS verification) and / (search), Security's s and S;
        // ', ", ], }, `, ~ are no screen's keys, and "§" none either.
        XCTAssertEqual(acted, Set("ыЫ."))
    }

    func testOnTheSignedOutScreenTheKeyMarkedQQuits() {
        var state = Fixture.state()
        state.screen = .signedOut(message: nil)
        XCTAssertEqual(reduce(&state, .character("й")), [.quit])
        XCTAssertTrue(state.quitting)
    }

    /// "Це ваше захисне зображення?" is worded as a question but answered
    /// with Enter and n. "т" sits on the key marked N, so it is "not my
    /// image": the safe side, as decision 34 wants. A customer who types it
    /// for "Так" ends this sign-in (audited as abandoned) and signs in again;
    /// no key on this screen signs in but Enter.
    func testOnTheSitekeyScreenТIsNotMyImageTheSafeSide() {
        var state = Fixture.state()
        state.languageSelection = LanguageSelection(.ukrainian, source: .option)
        state.screen = .sitekey(SitekeyScreen(user: Fixture.alice, next: .biometric))
        XCTAssertEqual(reduce(&state, .character("т")), [.signIn(.notMyImage)])
        XCTAssertEqual(state.screen, .signedOut(message: .session(.notMyImage)))
    }

    // MARK: Fields keep the letters typed

    /// Table-driven over every screen with a focused field: "е" typed there
    /// never does what "t" does (a field takes "t" as a letter; "е" is its own
    /// letter, or refused where the field takes Latin letters only). Were a
    /// field's screen read by places, the two would leave the same state.
    func testOnEveryScreenWithAFocusedFieldAUkrainianLetterIsNeverTheLatinOneOnItsKey() {
        var kinds: Set<String> = []
        var withFields: Set<String> = []
        for screenful in CatalogScreens.all {
            var state = screenful.state
            state.size = screenful.size
            guard !state.isTooSmall, state.modal == nil, !state.showsHelp, state.lettersAreText else { continue }
            withFields.insert(state.screen.name)
            var byLatin = state, byUkrainian = state
            let latinEffects = reduce(&byLatin, .character("t"), .character("T"), .character("p"))
            let ukrainianEffects = reduce(&byUkrainian, .character("е"), .character("Е"), .character("з"))
            // A busy form takes no key at all.
            guard byLatin != state || !latinEffects.isEmpty else { continue }
            XCTAssertNotEqual(byUkrainian, byLatin, "\(screenful.name): е, Е, з read as t, T, p")
            kinds.insert(state.screen.name)
        }
        // Every screen whose letters are ever text (today login, sitekeyFirst, biometric, recoveryCode,
        // newRecoveryCodes, statement, security, transfer, pay), each seen taking a letter in a field.
        XCTAssertGreaterThanOrEqual(withFields.count, 9)
        XCTAssertEqual(kinds, withFields)
    }

    func testThePasswordTakesUkrainianLettersAsTheyAreTyped() {
        var state = Fixture.state()
        _ = AppReducer.reduce(&state, .typed("alice"))
        _ = reduce(&state, .tab)
        _ = AppReducer.reduce(&state, .signIn(.sitekeyLookedUp(username: "alice", .notKnownHere)))
        _ = AppReducer.reduce(&state, .typed("ЕфзДєї"))
        guard case .login(let form) = state.screen else { return XCTFail("left the login") }
        XCTAssertEqual(form.password, Secret("ЕфзДєї"), "not \"TapL'\"]\"")
    }

    /// Capital L in the username field switches the language; "Д", on its
    /// key, is a letter the username does not take, and switches nothing.
    func testTheUsernameFieldNeitherTurnsДIntoTheLanguageKeyNorTakesIt() {
        var state = Fixture.state()
        _ = AppReducer.reduce(&state, .typed("bob"))
        XCTAssertEqual(reduce(&state, .character("Д")), [])
        XCTAssertEqual(state.language, .english)
        guard case .login(let form) = state.screen else { return XCTFail("left the login") }
        XCTAssertEqual(form.username, "bob")
    }

    /// Every field keeps the Russian letters and "." as typed: a payment
    /// reference, the amount (where "." is the decimal point) and a password.
    func testFieldsKeepTheRussianLettersAndThePeriodAsTyped() {
        var pay = Fixture.signedIn()
        pay.screen = .pay(Fixture.payForm(.details(Fixture.bobPayee)) { $0.field = .reference })
        _ = reduce(&pay, .character("ы"), .character("э"), .character("ъ"), .character("ё"), .character("."))
        guard case .pay(let form) = pay.screen else { return XCTFail("left the payment") }
        XCTAssertEqual(form.referenceText, "ыэъё.", "not s'] `/")

        var transfer = Fixture.signedIn()
        transfer.screen = .transfer(TransferForm())
        _ = reduce(&transfer, .character("1"), .character("2"), .character("."), .character("5"))
        guard case .transfer(let amount) = transfer.screen else { return XCTFail("left the transfer") }
        XCTAssertEqual(amount.amountText, "12.5", "the point stays a point, not the / on its key")

        var security = Fixture.signedIn(Fixture.carol)
        security.screen = .security(SecurityScreen(overview: nil, form: SecurityForm(purpose: .newRecoveryCodes, needsCode: false)))
        _ = reduce(&security, .character("Ы"), .character("."))
        guard case .security(let screen) = security.screen else { return XCTFail("left Security") }
        XCTAssertEqual(screen.form?.password, Secret("Ы."))
    }

    func testTheSearchTakesUkrainianLettersAndDoesNotOpenScreens() {
        var state = Fixture.signedIn()
        _ = reduce(&state, .character("/"))
        XCTAssertEqual(AppReducer.reduce(&state, .typed("Оренда тфз")), [])
        XCTAssertEqual(state.statement.searchDraft, "Оренда тфз")
        XCTAssertEqual(state.screen, .statement(StatementScreen()))
    }

    func testAPaymentReferenceTakesUkrainianLettersAndCommas() {
        var state = Fixture.signedIn()
        state.screen = .pay(Fixture.payForm(.details(Fixture.bobPayee)) { $0.field = .reference })
        _ = AppReducer.reduce(&state, .typed("Рахунок б ю"))
        guard case .pay(let form) = state.screen else { return XCTFail("left the payment") }
        XCTAssertEqual(form.referenceText, "Рахунок б ю", "б and ю are letters here, not the , and . on their keys")
    }

    /// The amount keeps what is typed (the parser names a wrong letter): "ю"
    /// is not read as the "." on its key, which would make 12ю50 an amount.
    func testTheAmountKeepsAUkrainianLetterRatherThanThePointOnItsKey() {
        var state = Fixture.signedIn()
        state.screen = .transfer(TransferForm())
        _ = AppReducer.reduce(&state, .typed("12ю50"))
        guard case .transfer(let form) = state.screen else { return XCTFail("left the transfer") }
        XCTAssertEqual(form.amountText, "12ю50")
    }

    /// The recovery code takes Latin letters, so reading "к" as the "r" on
    /// its key would put a letter in the code the customer never typed.
    func testTheRecoveryCodeDropsAUkrainianLetterRatherThanTakingTheLatinOneOnItsKey() {
        var state = Fixture.state()
        state.screen = .recoveryCode(RecoveryCodeEntry(instead: .authenticator))
        _ = AppReducer.reduce(&state, .typed("7кф"))
        guard case .recoveryCode(let entry) = state.screen else { return XCTFail("left the recovery code") }
        XCTAssertEqual(entry.code, Secret("7"))
    }

    /// The device passcode is a field: "з" is a character of it, not the
    /// "p" that asks for the passcode on the Touch ID sheet.
    func testThePasscodeTakesTheLetterAndTheTouchIDSheetTakesTheKey() {
        var passcode = Fixture.state()
        passcode.screen = .biometric(BiometricScreen(prompt: Fixture.prompt(mode: .passcode), purpose: .signIn))
        XCTAssertEqual(reduce(&passcode, .character("з")), [])
        guard case .biometric(let screen) = passcode.screen else { return XCTFail("left the sheet") }
        XCTAssertEqual(screen.passcode, Secret("з"))
    }

    func testASecurityFormsPasswordTakesUkrainianLetters() {
        var state = Fixture.signedIn(Fixture.carol)
        state.screen = .security(SecurityScreen(overview: nil, form: SecurityForm(purpose: .newRecoveryCodes, needsCode: false)))
        _ = AppReducer.reduce(&state, .typed("нфд"))
        guard case .security(let screen) = state.screen else { return XCTFail("left Security") }
        XCTAssertEqual(screen.form?.password, Secret("нфд"))
        XCTAssertEqual(state.language, .english, "Д/д is not the language key in a field")
    }

    // MARK: Questions keep their answer keys

    func signedIn(_ language: Language) -> AppState {
        var state = Fixture.signedIn()
        state.languageSelection = LanguageSelection(language, source: .option)
        return state
    }

    /// In Ukrainian "т" is yes and "н" no (decision 34), although the keys
    /// they sit on are N and Y: at a question the answer wins over the place.
    func testAtAUkrainianQuestionТIsYesAndНIsNoNotTheKeysTheySitOn() {
        var quit = signedIn(.ukrainian)
        _ = reduce(&quit, .control("c"))
        XCTAssertEqual(reduce(&quit, .character("т")), [.signOut(.signedOut), .quit])
        XCTAssertTrue(quit.quitting)

        var stay = signedIn(.ukrainian)
        _ = reduce(&stay, .control("c"))
        XCTAssertEqual(reduce(&stay, .character("н")), [])
        XCTAssertNil(stay.modal)
        XCTAssertFalse(stay.quitting)

        var trust = signedIn(.ukrainian)
        trust.modal = .trustDevice
        XCTAssertEqual(reduce(&trust, .character("н")), [], "н is no, never the y on its key")
        XCTAssertNil(trust.modal)
    }

    /// In English the question answers y and n only: "н", on the key marked
    /// Y, is not read as y (it would trust the device), and "т" not as n.
    func testAtAnEnglishQuestionUkrainianLettersAnswerNothing() {
        var trust = signedIn(.english)
        trust.modal = .trustDevice
        XCTAssertEqual(reduce(&trust, .character("н"), .character("т"), .character("Н")), [])
        XCTAssertEqual(trust.modal, .trustDevice)
    }

    /// A question over the statement takes every key: "е" neither opens the
    /// transfer under it nor answers.
    func testAQuestionOverTheStatementTakesTheCommandLetters() {
        var state = signedIn(.ukrainian)
        state.modal = .trustDevice
        XCTAssertEqual(reduce(&state, .character("е"), .character("ф")), [])
        XCTAssertEqual(state.modal, .trustDevice)
        XCTAssertEqual(state.screen, .statement(StatementScreen()))
    }

    // MARK: The help says so

    /// The help overlay's text, its lines joined by a space inside the box
    /// (so a note wrapped onto two lines reads as one).
    func helpText(_ state: AppState) -> String {
        var state = state
        state.showsHelp = true
        return AppView.render(state, size: Fixture.size).text.compactMap { line -> String? in
            guard let open = line.firstIndex(of: "│"), let close = line.lastIndex(of: "│"), open < close else { return nil }
            return line[line.index(after: open)..<close].trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    func testTheHelpOverTheStatementSaysTheSameKeysWorkOnAUkrainianLayoutInEachLanguage() {
        for language in Language.allCases {
            let note = language.appCatalog.text(ChromeText.sameKeysOnAUkrainianLayout)
            XCTAssertTrue(helpText(signedIn(language)).contains(note), "\(language)")
        }
    }

    func testTheHelpSaysNothingOfLayoutsWhereLettersAreTextOrTheTerminalIsASCII() {
        let note = Language.english.appCatalog.text(ChromeText.sameKeysOnAUkrainianLayout)
        XCTAssertFalse(helpText(Fixture.state()).contains(note), "the login's letters are a name and a password")
        var searching = Fixture.signedIn()
        searching.statement.searchDraft = ""
        XCTAssertFalse(helpText(searching).contains(note))
        var ascii = Fixture.signedIn()
        ascii.charset = .ascii
        XCTAssertFalse(helpText(ascii).contains(note), "an ASCII-only terminal sends no Ukrainian letters")
    }
}
