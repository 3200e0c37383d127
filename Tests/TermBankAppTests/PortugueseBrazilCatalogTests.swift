@testable import TermBankApp
import TermBankCore
import XCTest

/// TermBank in Brazilian Portuguese: every screen and modal, drawn
/// with `PortugueseBrazilAppCatalog`, reads nowhere as the English does, and
/// says what the seeds say where they say it. That every screen fits 80x24
/// and 60x20 whole is `FittingTests`'s, for every language.
final class PortugueseBrazilCatalogTests: XCTestCase {
    let portuguese = PortugueseBrazilAppCatalog()
    let english = EnglishAppCatalog()

    /// No line of any screen reads as it does in English, unless all its
    /// words are the customer's own data, key caps or brand names.
    func testNoLineIsLeftInEnglish() {
        let same: Set<String> = CatalogCoverageTests.notWords.union(["TermBank", "Touch", "ID", "Face", "SMS", "UTC", "OK"])
        for (name, state, size) in CatalogScreens.all {
            let lines = AppView.render(state, size: size, words: portuguese).text
            let englishLines = AppView.render(state, size: size, words: english).text
            for (line, englishLine) in zip(lines, englishLines) where line == englishLine {
                let words = CatalogCoverageTests.plainWords(in: [line]).filter { !same.contains($0) }
                XCTAssertEqual(words, [], "\(name): a line reads as in English: \(line)")
            }
        }
    }

    /// Everything the Portuguese catalogs said while drawing every screen:
    /// none of it has the words English sentences are made of.
    func testNoTextOnAnyScreenHasEnglishWords() {
        let english: Set<String> = ["the", "and", "your", "you", "is", "are", "to", "of", "not", "was", "with",
                                    "this", "that", "in", "on", "at", "from", "sign", "code", "press", "enter", "back",
                                    "cancel", "transfer", "amount", "balance", "phone", "device", "password"]
        for (name, state, size) in CatalogScreens.all {
            for text in Fitting.draw(sized(state, size), size: size, words: portuguese).said {
                let words = Self.withoutKeyCapsAndNames(text).lowercased().split { !$0.isLetter }.map(String.init)
                XCTAssertEqual(words.filter(english.contains), [], "\(name): \(text)")
            }
        }
    }

    /// Text a Brazilian screen keeps in English: the Enter key's cap and
    /// "QR code", which Brazilians say.
    static func withoutKeyCapsAndNames(_ text: String) -> String {
        ["Enter", "QR code"].reduce(text) { text, kept in
            text.split(separator: kept, omittingEmptySubsequences: false).joined(separator: " ")
        }
    }

    /// Seed 000's question on logout, in its own words ("verificação por SMS no login").
    func testTheLogoutQuestionIsTheSeeds() {
        var state = Fixture.signedIn()
        state.screen = .login(LoginForm())
        state.modal = .confirmSMSOnLogout
        let frame = AppView.render(state, size: Fixture.size, words: portuguese).text.joined(separator: "\n")
        XCTAssertTrue(frame.contains("Realizar verificação por SMS no login?"), frame)
        XCTAssertTrue(frame.contains("s  Sim: ativa a partir do próximo login"), frame)
        XCTAssertTrue(frame.contains("n  Não: continua desativada"), frame)
        XCTAssertEqual(portuguese.text(BankingText.smsSwitch), "Verificação por SMS no login ")
    }

    /// Seed 000's alerts on the code screen and at sign-out, in Portuguese.
    func testTheWrongPinAndTheGoodbyeAreTheSeeds() {
        XCTAssertEqual(portuguese.text(SecondFactorText.wrongPinCode), "Código PIN incorreto. O código PIN digitado é inválido.")
        XCTAssertEqual(portuguese.core.text(CoreMessage.check(.wrongCode(attemptsLeft: 2))),
                       "Código PIN incorreto. O código PIN digitado é inválido. Restam 2 tentativas.")
        XCTAssertEqual(portuguese.core.text(CoreMessage.session(.ended(.verificationFailed))),
                       "Identificação sem sucesso. Saindo da conta. Até logo.")
        XCTAssertEqual(portuguese.core.text(CoreMessage.biometric(.authenticationFailed, .touchID)),
                       "Falha na autenticação do Touch ID. Processo de login interrompido.")
    }

    /// Seed 001's LocalAuthentication table, in Portuguese, as the biometric sheet shows it.
    func testTheLocalAuthenticationMessagesAreTheSeedTable() {
        let core = portuguese.core
        XCTAssertEqual(core.text(.biometryNotAvailable, biometry: .none),
                       "O Face ID / Touch ID não está disponível neste aparelho. Use seu código de acesso.")
        XCTAssertEqual(core.text(.biometryNotEnrolled, biometry: .faceID),
                       "Nenhuma biometria cadastrada. Configure o Face ID em Ajustes > Face ID e Código.")
        XCTAssertEqual(core.text(.biometryLockout, biometry: .touchID),
                       "Excesso de tentativas. Desbloqueie a biometria com o código de acesso.")
        XCTAssertEqual(core.text(.passcodeNotSet, biometry: .touchID),
                       "É preciso um código de acesso no aparelho para usar a biometria. Defina um em Ajustes.")
        XCTAssertNil(core.text(.userCancel, biometry: .touchID), "a user who cancelled sees no error (seed 001)")
        let sheet = AppView.render(CatalogScreens.at(.biometric(BiometricScreen(
            prompt: Fixture.prompt(mode: .passcode, notice: .biometryLockedOut), purpose: .signIn))),
            size: Fixture.size, words: portuguese).text.joined(separator: "\n")
        for line in ["Digite o Código do iPhone", "Excesso de tentativas. Desbloqueie a", "biometria com o código de acesso."] {
            XCTAssertTrue(sheet.contains(line), sheet)
        }
    }

    /// pt-BR counts 0 and 1 in the singular: "nenhuma tentativa restante",
    /// "1 tentativa restante", "2 tentativas restantes".
    func testAttemptsLeftAgreeWithTheirCount() {
        XCTAssertEqual(portuguese.text(SecondFactorText.attemptsLeft(0)), "nenhuma tentativa restante")
        XCTAssertEqual(portuguese.text(SecondFactorText.attemptsLeft(1)), "1 tentativa restante")
        XCTAssertEqual(portuguese.text(SecondFactorText.attemptsLeft(2)), "2 tentativas restantes")
        XCTAssertEqual(portuguese.text(SecondFactorText.codeNotRight(attemptsLeft: 0)), "Código incorreto. Nenhuma tentativa restante.")
        XCTAssertEqual(portuguese.text(SecondFactorText.codeNotRight(attemptsLeft: 1)), "Código incorreto. 1 tentativa restante.")
        XCTAssertEqual(portuguese.text(SecondFactorText.codeNotRight(attemptsLeft: 2)), "Código incorreto. 2 tentativas restantes.")
        XCTAssertEqual(portuguese.text(SessionText.recoveryCodesLeft(1)),
                       "Você entrou com um código de recuperação. 1 código restante.")
        XCTAssertEqual(portuguese.text(SessionText.recoveryCodesLeft(9)),
                       "Você entrou com um código de recuperação. 9 códigos restantes.")
    }

    private func sized(_ state: AppState, _ size: Size) -> AppState {
        var state = state
        state.size = size
        return state
    }
}
