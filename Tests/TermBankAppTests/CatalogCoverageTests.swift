@testable import TermBankApp
import TermBankCore
import TermBankQR
import XCTest

/// Every visible word comes from a catalog: each screen is rendered with the
/// pseudo-locale catalogs (every catalog letter accented, same widths), and
/// any plain ASCII word left on the frame is one the catalog did not make.
/// The customer's own data (names, phrases, device names) and key caps are
/// listed; everything else must be accented.
///
/// The screens (`CatalogScreens`): the chrome (title bar, key bar, help
/// overlay, idle warning, too small), the sign-in feature (device picker,
/// login, sitekey, sitekey before the password), the second factor
/// (biometric sheet, PIN, authenticator, recovery codes), demo mode
/// (welcome, guest card, guided path, the phone), the modals, banking
/// (statement, transfer, review, receipt), security (settings, the
/// confirmation forms, enrolment), the notices and the signed-out screen. A
/// bank client's replies are values too (the third test runs them through
/// the effect runner); the last test shows the check catches a catalog left
/// in English.
final class CatalogCoverageTests: XCTestCase {
    /// Key caps and the fixtures' own data: names, device names, sitekey phrases, recovery codes.
    static let notWords: Set<String> = Set([
        "Enter", "Esc", "Tab", "Ctrl", "Bksp",
        "TB",                                   // transfer references (TB-000007) are identifiers
        "URJY", "DUMJ", "AVQN", "TDLT", "PY", "NYQT", "FGI",  // the authenticator key shown for typing
        "alice", "bob", "carol", "iphone", "touchid", "faceid", "old", "phone",
        "Bob", "B", "Carol", "H", "Pizza", "night", "mallory",   // payees' masked names, a payer's reference
        "rent",                                 // a search the customer typed
    ] + plainWords(in: [Fixture.alice, Fixture.bob, Fixture.carol].map(\.sitekey.phrase))
      + plainWords(in: Fixture.recoveryCodes.map(\.exposedValue))
      + plainWords(in: [CatalogScreens.phoneText, DemoModeTests.guest.username.rawValue, DemoModeTests.credentials.password.exposedValue,
                         DemoModeTests.guest.sitekey.phrase])
      + plainWords(in: PresenterFixture.data))

    func testEveryWordOnTheMovedScreensComesFromTheCatalog() {
        for (name, state, size) in CatalogScreens.all {
            let frame = AppView.render(state, size: size, words: MappedAppCatalog.pseudo)
            let english = AppView.render(state, size: size).text
            let leftovers = Self.plainWords(in: frame.text).filter { !Self.notWords.contains($0) }
            XCTAssertEqual(leftovers, [], "\(name): words not from the catalog\n" + frame.text.joined(separator: "\n"))
            XCTAssertNotEqual(frame.text, english, "\(name): the pseudo-locale changed nothing")
        }
    }

    /// Replies from a bank client carry values, not words: a refused password
    /// and an ended session, run through the effect runner and the reducer as
    /// the app runs them, render entirely from the pseudo catalog.
    func testARefusedReplyAndASessionEndedSignOutComeFromTheCatalog() {
        var client = BankingClient(now: { Fixture.start })
        client.signingIn.signIn = { _, _ in .refused(.core(.signIn(.incorrect(attemptsLeft: 1)))) }
        client.signingIn.beginBiometric = { _ in .passed(next: nil) }
        client.signingIn.biometric = { _, _ in .passed(next: nil) }
        client.signingIn.sendSignInCode = { Fixture.ticket() }
        client.signingIn.resendCode = { $0 }
        client.signingIn.checkSignInCode = { _, _ in .expired }
        client.signingIn.openSession = { throw SessionError.notFound }
        client.signedIn.loadAccount = { _ in throw SessionError.ended(.trustRevoked) }
        client.signedIn.beginTransferApproval = { _ in throw SessionError.notFound }
        client.signedIn.approveTransfer = { _, _ in .expired }
        client.settings.turnOnSMSVerification = { throw SessionError.notFound }
        client.signedIn.touchSession = {}
        client.signOut = { _ in }
        client.signingIn.notMyImage = {}
        client.signedIn.newTransferID = { TransferClientID(trusted: "tx-0123456789abcdef") }
        client.signedIn.checkSession = { throw BankingClient.Unimplemented() }
        var login = LoginForm()
        login.username = "alice"
        login.busy = true
        var refused = CatalogScreens.at(.login(login))
        let reply = EffectRunner.run(.signIn(.signIn(username: "alice", password: Secret("nope-nope"))), client: client)
        XCTAssertEqual(reply, .signIn(.signInReplied(.refused(.core(.signIn(.incorrect(attemptsLeft: 1)))))))
        _ = AppReducer.reduce(&refused, reply!)
        var ended = Fixture.signedIn()
        _ = AppReducer.reduce(&ended, EffectRunner.run(.banking(.loadAccount(Fixture.alice)), client: client)!)
        var unoffered = Fixture.signedIn()
        _ = AppReducer.reduce(&unoffered, EffectRunner.run(.checkSession, client: client)!)
        for (name, state) in [("refused sign-in", refused), ("session ended", ended), ("bank does not offer that", unoffered)] {
            let frame = AppView.render(state, size: Fixture.size, words: MappedAppCatalog.pseudo)
            let leftovers = Self.plainWords(in: frame.text).filter { !Self.notWords.contains($0) }
            XCTAssertEqual(leftovers, [], "\(name): words not from the catalog\n" + frame.text.joined(separator: "\n"))
            XCTAssertNotEqual(frame.text, AppView.render(state, size: Fixture.size).text, "\(name): nothing was worded")
        }
        XCTAssertEqual(ended.screen, .signedOut(message: .core(.session(.ended(.trustRevoked)))))
        XCTAssertEqual(unoffered.screen, .signedOut(message: .session(.bankDoesNotOfferThat)))
        XCTAssertTrue(AppView.render(unoffered, size: Fixture.size).text.joined().contains("This bank does not offer that."),
                      "the English words are unchanged")
    }

    /// An error the app does not know is not shown by its description (it
    /// was not written for the customer): the catalog's fallback is.
    /// The database's address (an internal host, a socket folder) is the
    /// operator's: a customer reads that the bank is out of reach, in two
    /// lines of the transfer panel, and the message keeps its value.
    func testTheDatabasesAddressNeverReachesTheCustomersScreen() {
        let location = "postgresql://bank@db1.internal:5432,db2.internal:5432/termbank"
        let failures: [StoreError] = [.serverUnavailable(location: location, reason: "db1.internal:5432: Connection refused"),
                                      .connectionLost(location: location), .readOnlyStandby(location: location)]
        for failure in failures {
            XCTAssertEqual(EffectRunner.appMessage(failure), .core(.store(failure)))
            for catalog in [EnglishAppCatalog(), PortugueseBrazilAppCatalog(), ItalianAppCatalog(), UkrainianAppCatalog()]
                as [any AppCatalog] {
                let text = catalog.text(EffectRunner.appMessage(failure))
                XCTAssertFalse(text.contains("internal") || text.contains("postgresql") || text.contains("5432"), text)
                XCTAssertLessThanOrEqual(AppView.wrap(text, width: 54).count, 2, text)
            }
        }
        XCTAssertEqual(EffectRunner.message(failures[0]),
                       "The bank cannot be reached just now; nothing was changed. Try again in a moment.")
        XCTAssertTrue(StoreError.busy(path: "/srv/bank.sqlite", waitedMilliseconds: 5_000).description.contains("/srv/bank"),
                      "the operator's commands still name the database")
    }

    func testAnUnexpectedErrorShowsTheCatalogsFallbackNotItsDescription() {
        struct DiskOnFire: Error, CustomStringConvertible { var description: String { "disk on fire at /var/lib/bank" } }
        XCTAssertEqual(EffectRunner.appMessage(DiskOnFire()), .session(.somethingWentWrong))
        XCTAssertEqual(EffectRunner.message(DiskOnFire()), "Something went wrong; nothing was changed. Try again.")
    }

    /// A client that throws the app's own message (a transfer's sheet that
    /// could not open) is worded by the catalog like any other value.
    func testAnAppMessageAClientThrowsIsShownAsItsWords() {
        XCTAssertEqual(EffectRunner.appMessage(AppMessage.banking(.notApproved)), .banking(.notApproved))
        XCTAssertEqual(EffectRunner.message(AppMessage.banking(.notApproved)), "Transfer not approved.")
    }

    /// The check itself: a word the catalog did not make is caught, in a
    /// message whose catalog was left in English and in an English literal.
    func testAWordThatDidNotComeFromTheCatalogIsCaught() {
        var form = LoginForm()
        form.error = .core(.signIn(.incorrect(attemptsLeft: nil)))
        let halfTranslated = MappedAppCatalog(EnglishAppCatalog(), Pseudo.words, core: EnglishCoreCatalog())
        let frame = AppView.render(CatalogScreens.at(.login(form)), size: Fixture.size, words: halfTranslated)
        XCTAssertEqual(Set(Self.plainWords(in: frame.text)).intersection(["Username", "or", "password", "is", "incorrect"]),
                       ["Username", "or", "password", "is", "incorrect"])
        XCTAssertEqual(Self.plainWords(in: ["Šíĝñ íñ  Enter  Sign in"]), ["Enter", "Sign", "in"])
    }

    /// Runs of two or more ASCII letters.
    static func plainWords(in lines: [String]) -> [String] {
        lines.flatMap { line in
            line.split { !($0.isASCII && $0.isLetter) }.filter { $0.count >= 2 }.map(String.init)
        }
    }
}
