import TermBankCore
import XCTest

/// What the presenter's records mean (decision 0120): the origin shown short
/// and never a secret, and a refusal counting only until the next success.
final class PresenterRulesTests: XCTestCase {
    func testAnOriginIsShownShortAKeyCutAnAddressWhole() {
        XCTAssertEqual(PresenterRules.shortOrigin("key SHA256:Ab3fQx9LmPqRsTuV", door: .ssh), "key SHA256:Ab3fQ…")
        XCTAssertEqual(PresenterRules.shortOrigin("key SHA256:3fa9Zz0YyXxWw", door: .web), "browser 3fa9…")
        XCTAssertEqual(PresenterRules.shortOrigin("address 2001:db8::7", door: .ssh), "2001:db8::7")
        XCTAssertEqual(PresenterRules.shortOrigin(DemoOrigin.local.name, door: .local), "local")
    }

    func testARefusalCountsUntilTheNextSuccessNewestFirst() {
        func events(_ kinds: AuditEventKind...) -> [PresenterRecords.RecentEvent] {
            kinds.map { PresenterRecords.RecentEvent(kind: $0, at: Timestamp(millisecondsSinceEpoch: 0)) }
        }
        XCTAssertNil(PresenterRules.refusal(in: []))
        XCTAssertEqual(PresenterRules.refusal(in: events(.signInRefusedLocked, .signInFailed, .sessionStarted)), .password)
        XCTAssertEqual(PresenterRules.refusal(in: events(.recoveryCodeWrong, .transferBooked)), .code)
        XCTAssertEqual(PresenterRules.refusal(in: events(.payeeNotFound)), .moneyMovement)
        XCTAssertNil(PresenterRules.refusal(in: events(.paymentBooked, .transferRefused)), "a success after it")
        XCTAssertNil(PresenterRules.refusal(in: events(.settingsChanged)), "neither")
    }
}
