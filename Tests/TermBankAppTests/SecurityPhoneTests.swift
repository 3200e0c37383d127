@testable import TermBankApp
import TermBankCore
import XCTest

/// Security shows the phone the customer's codes go to, masked as on every
/// other screen ("+44 ***-***-0789"), so they can tell which phone it is
/// before changing it; the whole number is never on the screen, which a
/// shared SSH demo lets anyone read.
final class SecurityPhoneTests: ReducerTestCase {
    static let phone = PhoneNumber(trusted: "+447700900789")
    static let overview = SecurityOverview(phone: phone, smsVerification: true, authenticatorActive: false,
                                           signInFactor: .smsCode, recoveryCodesLeft: 0, trustedDevices: [])
    static let sizes = [Size(columns: 80, rows: 24), Size(columns: 60, rows: 20)]

    func frame(_ overview: SecurityOverview, _ language: Language, _ size: Size, form: SecurityForm? = nil) -> String {
        var state = Fixture.signedIn(Fixture.carol)
        state.languageSelection = LanguageSelection(language, source: .option)
        state.screen = .security(SecurityScreen(overview: overview, form: form))
        return AppView.render(state, size: size).text.joined(separator: "\n")
    }

    func testSecurityShowsThePhoneMaskedWithItsKeyInEveryLanguageAtBothSizes() {
        for language in Language.allCases {
            let words = language.appCatalog
            for size in Self.sizes {
                let text = frame(Self.overview, language, size)
                XCTAssertTrue(text.contains(words.text(SecurityText.phoneRow)), text)
                XCTAssertTrue(text.contains("+44 ***-***-0789"), text)
                // Beside the value where there is a key column; at 60 columns the key bar names `p`.
                let action = size.columns >= 80 ? words.text(SecurityText.changeNumber) : words.text(KeyLabel.changePhone)
                XCTAssertTrue(text.contains("p " + action), text)
            }
        }
    }

    /// Shoulder-surfing: no five digits of the number in a row appear
    /// anywhere on the screen, nor in the change form over it.
    func testTheWholeNumberIsNeverOnTheScreenForAShoulderSurferToRead() {
        let digits = Array(Self.phone.e164.dropFirst())
        let windows = (0...(digits.count - 5)).map { String(digits[$0..<($0 + 5)]) }
        for language in Language.allCases {
            for size in Self.sizes {
                for form in [nil, SecurityForm(purpose: .changePhone, needsCode: true)] {
                    let text = frame(Self.overview, language, size, form: form)
                    for window in windows { XCTAssertFalse(text.contains(window), "\(window) on\n\(text)") }
                }
            }
        }
    }

    /// The number shown is the bank's, read with the settings: after a change
    /// the saved overview brings the new one, and the old one is gone.
    func testAfterAPhoneChangeSecurityShowsTheNewNumberMasked() throws {
        let new = try PhoneNumber(validating: "+39 347 123 4561")
        let changed = SecurityOverview(phone: new, smsVerification: true, authenticatorActive: false,
                                       signInFactor: .smsCode, recoveryCodesLeft: 0, trustedDevices: [])
        state = Fixture.signedIn(Fixture.carol)
        state.screen = .security(SecurityScreen(overview: Self.overview, form: SecurityForm(purpose: .changePhone, needsCode: true)))
        send(.security(.securityChanged(.saved(changed)))) {
            $0.screen = .security(SecurityScreen(overview: changed, notice: .done(.session(.phoneChanged))))
        }
        let text = AppView.render(state, size: Fixture.size).text.joined(separator: "\n")
        XCTAssertTrue(text.contains("+39 ***-***-4561"), text)
        XCTAssertFalse(text.contains("0789"), text)
    }
}
