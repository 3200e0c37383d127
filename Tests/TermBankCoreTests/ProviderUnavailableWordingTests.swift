import TermBankCore
import XCTest

/// A Verify provider that cannot be reached is told the same way in every
/// language, and says that nothing changed (decision 0100).
final class ProviderUnavailableWordingTests: XCTestCase {
    func testEveryLanguageSaysTheBankCannotSendACodeAndNothingChanged() {
        let words = Dictionary(uniqueKeysWithValues: Language.allCases.map {
            ($0, $0.coreCatalog.text(CoreMessage.verify(.providerUnavailable)))
        })
        XCTAssertEqual(words, [
            .english: "The bank cannot send a code just now; nothing was changed.",
            .portugueseBrazil: "O banco não consegue enviar um código agora; nada foi alterado.",
            .italian: "La banca non riesce a inviare un codice in questo momento; non è stato modificato nulla.",
            .ukrainian: "Банк зараз не може надіслати код; нічого не змінено.",
        ])
        XCTAssertEqual(CoreMessage(VerifyError.providerUnavailable), .verify(.providerUnavailable))
    }
}
