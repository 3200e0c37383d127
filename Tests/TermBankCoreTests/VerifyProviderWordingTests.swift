import TermBankCore
import XCTest

/// What a Verify provider brings to the customer's words, in every language
/// (decision 0100): a service that cannot be reached, and the simulated
/// phone's note that the code went to the real phone.
final class VerifyProviderWordingTests: XCTestCase {
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

    func testTheSimulatedPhoneSaysWhereTheCodeWentNeverTheCode() {
        let words = Dictionary(uniqueKeysWithValues: Language.allCases.map {
            ($0, $0.coreCatalog.providerSentText(phone: "+1 ***-***-0101", provider: "Vonage"))
        })
        XCTAssertEqual(words, [
            .english: "TermBank: your code was sent to +1 ***-***-0101 by Vonage. "
                + "It is not shown on this simulated phone: read it on the real one.",
            .portugueseBrazil: "TermBank: seu código foi enviado para +1 ***-***-0101 pela Vonage. "
                + "Ele não aparece neste celular simulado: veja no celular de verdade.",
            .italian: "TermBank: il codice è stato inviato al +1 ***-***-0101 tramite Vonage. "
                + "Non compare su questo telefono simulato: leggilo su quello vero.",
            .ukrainian: "TermBank: код надіслано на +1 ***-***-0101 через Vonage. "
                + "На цьому імітованому телефоні його не видно: перегляньте його на справжньому.",
        ])
    }
}
