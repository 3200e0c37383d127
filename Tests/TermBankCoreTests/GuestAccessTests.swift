import TermBankCore
import XCTest

/// The guest rules as a pure function of the guest, the terminal and the
/// time (decision 47): a guest's day ends at `expiresAt` everywhere; without
/// demo mode no guest signs in; at the demo one made with a key signs in
/// only from that key.
final class GuestAccessTests: XCTestCase {
    let made = Timestamp(secondsSinceEpoch: 1_796_000_000)
    let guestName = Username(trusted: "guest-amber-fox")
    let key = "SHA256:maker"

    func guest(key: String?) -> GuestRecord {
        GuestRecord(userID: UserID(4), username: guestName, phone: PhoneNumber(trusted: "+15550100042"), keyFingerprint: key,
                    address: "203.0.113.7", createdAt: made, expiresAt: made.adding(seconds: 24 * 3600))
    }

    func demo(_ key: String?, address: String = "203.0.113.7") -> GuestAccess {
        .demo(DemoOrigin(keyFingerprint: key, address: address))
    }

    func testAtTheDemoTheMakersKeySignsInFromAnyAddressUntilTheLastSecondOfItsDay() {
        let lastSecond = made.adding(seconds: 24 * 3600 - 1)
        XCTAssertNil(demo(key).refusal(for: guest(key: key), at: made))
        XCTAssertNil(demo(key, address: "198.51.100.9").refusal(for: guest(key: key), at: lastSecond))
    }

    func testAnotherKeyOrNoKeyIsRefusedAGuestMadeWithAKey() {
        XCTAssertEqual(demo("SHA256:other").refusal(for: guest(key: key), at: made), .otherKey(guestName))
        XCTAssertEqual(demo(nil).refusal(for: guest(key: key), at: made), .otherKey(guestName))
    }

    /// The web door's browser is its key: refused the same, in a browser's words.
    func testAnotherBrowserIsRefusedInABrowsersWords() {
        let browser = GuestAccess.demo(DemoOrigin(keyFingerprint: "SHA256:browser", address: "203.0.113.7", fromBrowser: true))
        XCTAssertEqual(browser.refusal(for: guest(key: key), at: made), .otherBrowser(guestName))
        for language in Language.allCases {
            let text = language.coreCatalog.text(GuestError.otherBrowser(guestName))
            XCTAssertNotEqual(text, language.coreCatalog.text(GuestError.otherKey(guestName)), language.code)
            XCTAssertFalse(text.hasPrefix(guestName.rawValue + " was made from another SSH key"), text)
        }
    }

    func testAGuestMadeWithoutAKeyIsAnyDemoTerminals() {
        XCTAssertNil(demo(nil).refusal(for: guest(key: nil), at: made))
        XCTAssertNil(demo("SHA256:other").refusal(for: guest(key: nil), at: made))
    }

    func testWithoutDemoModeNoGuestSignsInWhateverItsKey() {
        XCTAssertEqual(GuestAccess.none.refusal(for: guest(key: key), at: made), .onlyInDemoMode(guestName))
        XCTAssertEqual(GuestAccess.none.refusal(for: guest(key: nil), at: made), .onlyInDemoMode(guestName))
    }

    /// Expiry is told first, everywhere: nothing brings an expired guest back.
    func testAtTheEndOfItsDayEveryTerminalIsToldItExpired() {
        let end = made.adding(seconds: 24 * 3600)
        for access in [demo(key), demo("SHA256:other"), demo(nil)] {
            XCTAssertEqual(access.refusal(for: guest(key: key), at: end), .expired(guestName), "\(access)")
            XCTAssertEqual(access.refusal(for: guest(key: key), at: end.adding(seconds: 86_400 * 30)), .expired(guestName))
        }
        // Outside demo mode in words that offer no demo key (g) to press.
        XCTAssertEqual(GuestAccess.none.refusal(for: guest(key: key), at: end), .expiredOutsideDemoMode(guestName))
        XCTAssertEqual(GuestAccess.none.refusal(for: guest(key: nil), at: end), .expiredOutsideDemoMode(guestName))
    }

    func testEachRefusalIsWordedInEveryLanguageWithTheGuestsName() {
        for language in Language.allCases {
            for refusal in [GuestError.expired(guestName), .expiredOutsideDemoMode(guestName), .onlyInDemoMode(guestName),
                            .otherKey(guestName), .otherBrowser(guestName)] {
                let text = language.coreCatalog.text(refusal)
                XCTAssertTrue(text.contains(guestName.rawValue), "\(language.code): \(text)")
                XCTAssertEqual(language.coreCatalog.text(PasswordSignIn.Refusal.guest(refusal)), text)
            }
        }
    }
}
