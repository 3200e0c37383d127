import Foundation
import TermBankApp
import TermBankCore
import TermBankTestKit
import XCTest

/// Each language through the real binary in tmux, chosen by `--lang` and by
/// the POSIX environment (`LANG=pt_BR.UTF-8 termbank`, on a machine that has
/// generated no such locale): bob (SMS verification on) signs in; the login,
/// sitekey, Touch ID, code and statement screens speak the language, and the
/// SMS on his phone (`termbank phone bob --last`) is written in it. Every
/// word looked for comes from the language's catalog, so a language that
/// lands is covered by the same test.
final class LanguageEndToEndTests: XCTestCase {
    /// A POSIX locale name for each code, as a terminal would set it.
    static let posixNames = ["en": "en_US.UTF-8", "pt-BR": "pt_BR.UTF-8", "it": "it_IT.UTF-8", "uk": "uk_UA.UTF-8"]

    func testEachLanguageChosenWithTheOptionSpeaksThroughSignInAndOnBobsPhone() throws {
        for language in Language.allCases {
            try signInAsBob(options: ["--lang", language.code], environment: [], speaking: language)
        }
    }

    func testEachLanguageNamedByLANGSpeaksThroughSignInAndOnBobsPhone() throws {
        for language in Language.allCases {
            let name = try XCTUnwrap(Self.posixNames[language.code], "a POSIX name for \(language.code)")
            // The tmux session sets LC_ALL, which would win over LANG: unset, as in a user's terminal.
            try signInAsBob(options: [], environment: ["-u", "LC_ALL", "LANG=\(name)"], speaking: language)
        }
    }

    /// `L` in Security changes the screen at once, saves the choice as bob's
    /// preference (audited as a settings change), and his next sign-in,
    /// without any option, speaks it.
    func testTheLanguageChosenInSecurityIsSavedAndSpokenAtTheNextSignIn() throws {
        let bank = try demoBank()
        let chosen = Language.english.next
        let app = try signInAsBob(bank, options: [], environment: [], speaking: .english)
        try app.press("a")
        try app.waitFor(Language.english.appCatalog.text(SecurityText.title))
        try app.press("L")
        try app.waitFor(chosen.appCatalog.text(SecurityText.title), chosen.appCatalog.text(KeyLabel.language))
        var audit = ""
        // Polled for up to a minute (the save runs beside the screen): a hang guard, not a measure of speed.
        for _ in 0..<600 where !audit.contains("language \(chosen.code)") {
            audit = try Termbank.run(["audit", "--user", "bob", "--limit", "1"], database: bank.database).stdout
            usleep(100_000)
        }
        XCTAssertTrue(audit.contains("settings.changed") && audit.contains("language \(chosen.code)"), audit)
        app.kill()
        // This terminal saw bob sign in: his sitekey comes before the password.
        _ = try signInAsBob(bank, options: [], environment: [], speaking: chosen, signInScreen: .english, knownDevice: true)
    }

    // MARK: Helpers

    private func signInAsBob(options: [String], environment: [String], speaking language: Language) throws {
        let app = try signInAsBob(try demoBank(), options: options, environment: environment, speaking: language)
        app.kill()
    }

    /// bob's sign-in to the statement. `signInScreen`: the language of the
    /// screens before the password names him (his saved preference comes after it).
    /// `knownDevice`: bob signed in on this terminal before, so his sitekey comes before his password.
    @discardableResult
    private func signInAsBob(_ bank: Scratch, options: [String], environment: [String], speaking language: Language,
                             signInScreen: Language? = nil, knownDevice: Bool = false) throws -> TmuxSession {
        let before = (signInScreen ?? language).appCatalog
        let words = language.appCatalog
        let app = try TmuxSession(["/usr/bin/env"] + environment + ["XDG_CONFIG_HOME=\(bank.path)/config",
                                   Termbank.binary.path, "--db", bank.database, "--device", "iphone-touchid"] + options)
        addTeardownBlock { app.kill(); _ = bank }
        try app.waitFor(before.text(SignInText.signInTitle), before.text(SignInText.usernameLabel), "╭")
        var signInWords = SignInWords()
        signInWords.sitekeyFirst = before.text(SignInText.passwordLabel)
        signInWords.sitekeyQuestion = words.text(SignInText.sitekeyTitle)
        signInWords.matching = words.text(KeyLabel.matching(face: false))
        try app.signIn(.bob, knownDevice: knownDevice, words: signInWords, until: .sheetAnswered)
        try app.waitFor(words.text(SecondFactorText.verifyItsYou))

        let inbox = try Termbank.run(["phone", "bob", "--last"], database: bank.database)
        XCTAssertEqual(inbox.status, 0, inbox.stderr)
        let code = try XCTUnwrap(inbox.stdout.split { !$0.isNumber }.first { $0.count == 6 }.map(String.init),
                                 inbox.stdout)
        let sms = language.coreCatalog.smsText(code: code, purpose: .signIn, expiresInSeconds: 300)
        XCTAssertTrue(inbox.stdout.replacingOccurrences(of: "\n", with: " ").contains(sms),
                      "bob's SMS in \(language.code): \(inbox.stdout)")
        try app.type(code)
        try app.waitFor(words.text(HistoryText.title(nil)), "bob ·")
        try app.waitFor(words.text(ModalText.trustQuestion(days: 30)))
        try app.press("n")
        try app.waitUntil("the question to close") { !$0.shows(words.text(ModalText.trustQuestion(days: 30))) }
        return app
    }
}
