import TermBankCore
import TermBankSecurity
@testable import TermBankStorage
import XCTest

/// The phone's texts go out in the user's language, as Verify's `locale`
/// does: the language they saved, else the one their session speaks. Every
/// language the build has, with and without a saved preference.
final class PhoneLanguageTests: XCTestCase {
    func testTheSMSAndTheVoiceCallSpeakTheSavedLanguageElseTheSessions() throws {
        // Each language as the session's with nothing saved, then each saved under another session language.
        let cases = Language.allCases.map { (saved: Language?.none, spoken: $0) }
            + Language.allCases.map { (saved: Optional($0), spoken: $0.next) }
        for (saved, spoken) in cases {
            do {
                let bank = try TestBank()
                var bob = try bank.user("bob")
                if let saved {
                    bob = try bank.store.setLanguage(saved, for: bob.id, at: bank.clock.now(), context: .operatorCLI)
                }
                let phone = RecordingGateway()
                let verify = VerifyService(store: bank.store, gateway: phone, hasher: Blake2bCodeHasher(),
                                           random: bank.bank.random, clock: bank.clock, language: SessionLanguage(spoken))
                let words = (saved ?? spoken).coreCatalog
                let ticket = try verify.start(for: bob, purpose: .signIn, context: .operatorCLI)
                let sms = try XCTUnwrap(phone.last?.text)
                let code = try XCTUnwrap(Self.code(in: sms, length: ticket.codeLength), sms)
                XCTAssertEqual(sms, words.smsText(code: code, purpose: .signIn, expiresInSeconds: 300),
                               "saved \(String(describing: saved)), session \(spoken)")
                bank.clock.advance(seconds: 30)
                _ = try verify.resend(ticket, for: bob, context: .operatorCLI)
                XCTAssertEqual(phone.last?.channel, .voice)
                // 30 s later, 4:30 is left: the call says 4 minutes, never 5.
                XCTAssertEqual(phone.last?.text, words.voiceText(code: code, purpose: .signIn, expiresInSeconds: 270))
            }
        }
    }

    /// A run of exactly `length` digits (a voice call reads them apart: "1, 2, 3").
    static func code(in text: String, length: Int) -> String? {
        text.split { !$0.isNumber }.map(String.init).first { $0.count == length }
    }
}
