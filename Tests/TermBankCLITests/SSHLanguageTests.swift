import Foundation
import TermBankApp
import TermBankCore
import XCTest

/// Over SSH the demo's sshd accepts the client's `LANG` and `LC_*`
/// (`AcceptEnv`): a stakeholder whose terminal is Ukrainian gets Ukrainian,
/// with its letters and boxes drawn although the server has generated no
/// uk_UA locale (the app sets a UTF-8 character type itself).
extension SSHDemoTests {
    func testAClientWhoseTerminalIsUkrainianGetsUkrainian() throws {
        let demo = try running()
        let session = try TmuxSession(["/usr/bin/env", "-u", "LC_ALL", "LANG=uk_UA.UTF-8", "/usr/bin/ssh", "-tt",
                                       "-o", "SendEnv=LANG"] + demo.sshArguments(key: "alice"))
        addTeardownBlock { session.kill() }
        // Ukrainian once its catalogs are in the build; until then the POSIX rule falls through to English.
        let language = Language(posixLocale: "uk_UA.UTF-8") ?? .english
        let words = language.appCatalog
        try session.waitFor(words.text(DemoText.welcomeTitle), words.text(KeyLabel.newDemoCustomer), "╭", "╰")
        let app = try XCTUnwrap(SSHDemoLockdown.processes(of: demo.account).first { $0.environment.contains("LANG=uk_UA.UTF-8") },
                                "the client's LANG reached the app")
        XCTAssertFalse(app.environment.contains { $0.hasPrefix("LC_ALL=") }, "\(app.environment)")
        try session.press("Enter")
        try session.waitFor(words.text(SignInText.signInTitle))
    }
}
