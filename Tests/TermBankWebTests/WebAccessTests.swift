@testable import TermBankWeb
import XCTest

final class WebAccessTests: XCTestCase {
    func testOnlyTheInviteLetsABrowserIn() {
        let access = WebAccess(invite: "abc123")
        XCTAssertNil(access.admit(invite: nil))
        XCTAssertNil(access.admit(invite: "abc124"))
        XCTAssertNil(access.admit(invite: "abc12"))
        let id = access.admit(invite: "abc123")
        XCTAssertEqual(id?.count, 64)
        XCTAssertEqual(access.browser(cookieHeader: "x=1; termbank_browser=\(id!)"), id)
        XCTAssertNil(access.browser(cookieHeader: "termbank_browser=" + String(repeating: "0", count: 64)))
        XCTAssertNil(access.browser(cookieHeader: nil))
    }

    func testTheCookieIsHttpOnlyAndStrict() {
        XCTAssertEqual(WebAccess.setCookie("ab", secure: false), "termbank_browser=ab; Path=/; Max-Age=86400; HttpOnly; SameSite=Strict")
        XCTAssertEqual(WebAccess.setCookie("ab", secure: true), "termbank_browser=ab; Path=/; Max-Age=86400; HttpOnly; SameSite=Strict; Secure")
    }

    func testOnlyTheServersOwnOriginMayOpenASocket() {
        XCTAssertTrue(WebAccess.isOwnOrigin("http://127.0.0.1:8080", host: "127.0.0.1:8080"))
        XCTAssertTrue(WebAccess.isOwnOrigin("https://demo.example", host: "demo.example"))
        XCTAssertFalse(WebAccess.isOwnOrigin("http://evil.example", host: "127.0.0.1:8080"))
        XCTAssertFalse(WebAccess.isOwnOrigin("http://127.0.0.1:8080.evil.example", host: "127.0.0.1:8080"))
        XCTAssertFalse(WebAccess.isOwnOrigin(nil, host: "127.0.0.1:8080"))
        XCTAssertFalse(WebAccess.isOwnOrigin("null", host: "127.0.0.1:8080"))
    }

    func testTheBrowsersLanguageBecomesTheAppsLocale() {
        XCTAssertEqual(WebPage.locale(acceptLanguage: "pt-BR,pt;q=0.9,en;q=0.8"), "pt_BR.UTF-8")
        XCTAssertEqual(WebPage.locale(acceptLanguage: "uk"), "uk_UA.UTF-8")
        XCTAssertNil(WebPage.locale(acceptLanguage: "de-DE"))
        XCTAssertNil(WebPage.locale(acceptLanguage: ""))
    }

    func testTheOriginFileIsInTheFormSSHDWrites() {
        XCTAssertEqual(WebPage.base64(Array("Man".utf8)), "TWFu")
        XCTAssertEqual(WebPage.base64(Array("Ma".utf8)), "TWE=")
        XCTAssertEqual(WebPage.base64(Array("M".utf8)), "TQ==")
        XCTAssertEqual(WebPage.bytes(hex: "00ff10"), [0, 255, 16])
    }
}
