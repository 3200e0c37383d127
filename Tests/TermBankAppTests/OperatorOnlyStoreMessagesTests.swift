@testable import TermBankApp
import TermBankCore
import XCTest

/// The bank's own storage failing (its disk full, its file damaged or
/// read-only, locked too long) is the operator's to read and fix: the
/// operator's sentence names the database file and says "free some space" or
/// "restore it from a backup". Found in tmux: with the bank's disk full, the
/// transfer review showed a customer the file's path, cut after "try".
final class OperatorOnlyStoreMessagesTests: XCTestCase {
    static let path = "/var/lib/termbank/branch-office-7/production/bank.sqlite"

    static let operatorsFailures: [StoreError] = [
        .diskFull(path: path), .corrupt(path: path), .readOnly(path: path), .permissionDenied(path: path),
        .busy(path: path, waitedMilliseconds: 5_000), .directoryMissing(path: path), .noBank(path: path), .notATermBankDatabase(path: path),
        .symbolicLink(path: path), .readableByOthers(path: path), .sharedFolder(path: path),
        .newerSchema(path: path, found: 99, supported: 9), .sharedPhoneNumbers(path: path, users: ["alice", "bob"]),
        .needsUnicodeLibrary(path: path),
        .authenticationFailed(location: "postgresql://bank@db1.internal/termbank"),
        .backend("near \"SELEC\": syntax error in /var/lib/termbank/branch-office-7"),
    ]

    static let catalogs: [any AppCatalog] = [EnglishAppCatalog(), PortugueseBrazilAppCatalog(), ItalianAppCatalog(),
                                             UkrainianAppCatalog()]

    func testTheDatabaseFilesPathAndTheOperatorsAdviceNeverReachTheCustomer() {
        for failure in Self.operatorsFailures {
            for catalog in Self.catalogs {
                let text = catalog.text(EffectRunner.appMessage(failure))
                XCTAssertFalse(text.contains("/var/lib") || text.contains("db1.internal") || text.contains("sqlite"),
                               "\(failure): \(text)")
                XCTAssertEqual(text, catalog.text(SessionText.bankCannotDoThatNow), "\(failure)")
                XCTAssertLessThanOrEqual(AppView.wrap(text, width: 54).count, 2, "fits the review's two lines: \(text)")
            }
            XCTAssertEqual(EffectRunner.appMessage(failure), .core(.store(failure)), "the state keeps the value")
            XCTAssertTrue(failure.description.contains("/var/lib/termbank") || failure.description.contains("db1.internal")
                          || failure.description.contains("Database error"),
                          "the operator's commands still name the database: \(failure.description)")
        }
        XCTAssertEqual(EnglishAppCatalog().text(EffectRunner.appMessage(StoreError.diskFull(path: Self.path))),
                       "The bank cannot do that just now; nothing was changed. Try again later.")
    }

    /// Refusals that are about the customer's own request keep their words.
    func testTheCustomersOwnRefusalsFromTheStoreKeepTheirWords() {
        let phone = PhoneNumber(trusted: "+15550101")
        XCTAssertEqual(EnglishAppCatalog().text(EffectRunner.appMessage(StoreError.phoneInUse(phone))),
                       "The number +1 ***-***-0101 already belongs to another customer; each customer needs their own.")
        XCTAssertEqual(EnglishAppCatalog().text(EffectRunner.appMessage(StoreError.unknownUser(Username(trusted: "dave")))),
                       "No user named \"dave\".")
    }

    /// The screen as the customer saw it: the review of a transfer refused
    /// because the bank's disk is full, whole, without the path.
    func testAFullDiskAtTheReviewSaysTheBankCannotDoThatNowInFull() {
        var state = Fixture.signedIn()
        var form = TransferForm()
        form.stage = .review(Fixture.pending)
        form.error = .core(.store(.diskFull(path: Self.path)))
        state.screen = .transfer(form)
        for size in [Size(columns: 80, rows: 24), Size(columns: 60, rows: 20)] {
            let screen = AppView.render(state, size: size).text.joined(separator: "\n")
            XCTAssertFalse(screen.contains("/var/lib") || screen.contains("disk"), screen)
            XCTAssertTrue(screen.contains("Try again later."), screen)
        }
    }
}

/// What the screen words without the path, the one running the app still
/// hears in full (`EffectRunner.run`'s `failed`): over SSH the CLI writes it to
/// the operator's log (`RemoteUser.midSessionFailure`).
final class EffectFailuresAreHeardTests: XCTestCase {
    static let path = OperatorOnlyStoreMessagesTests.path

    func client(_ failure: StoreError) -> BankingClient {
        var client = BankingClient(now: { Fixture.start })
        client.signingIn.signIn = { _, _ in throw failure }
        client.signingIn.beginBiometric = { _ in .passed(next: nil) }
        client.signingIn.biometric = { _, _ in .passed(next: nil) }
        client.signingIn.sendSignInCode = { throw failure }
        client.signingIn.resendCode = { $0 }
        client.signingIn.checkSignInCode = { _, _ in .refused(.session(.somethingWentWrong)) }
        client.signingIn.openSession = { throw failure }
        client.signedIn.loadAccount = { _ in throw failure }
        client.signedIn.beginTransferApproval = { _ in throw failure }
        client.signedIn.approveTransfer = { _, _ in throw failure }
        client.settings.turnOnSMSVerification = { throw failure }
        client.signedIn.touchSession = { throw failure }
        client.signOut = { _ in }
        client.signingIn.notMyImage = {}
        client.signedIn.newTransferID = { TransferClientID(trusted: "tx-0123456789abcdef") }
        return client
    }

    /// The statement's refresh, a sign-in, a session that ends on a key: each
    /// worded without the path, and each error heard whole, once.
    func testEveryStoreFailureAnEffectMeetsIsHeardWithItsPathAndWordedWithout() {
        let failure = StoreError.diskFull(path: Self.path)
        let effects: [Effect] = [.banking(.loadAccount(Fixture.alice)), .signIn(.signIn(username: "alice", password: Secret("wonderland-42"))),
                                 .signIn(.openSession), .touchSession, .secondFactor(.sendSignInCode)]
        for effect in effects {
            var heard: [StoreError] = []
            let action = EffectRunner.run(effect, client: client(failure), failed: { heard.append($0 as! StoreError) })
            XCTAssertEqual(heard, [failure], "\(effect)")
            var state = Fixture.signedIn()
            if let action { _ = AppReducer.reduce(&state, action) }
            for catalog in OperatorOnlyStoreMessagesTests.catalogs {
                let shown = AppView.render(state, size: Fixture.size, words: catalog).text.joined(separator: "\n")
                XCTAssertFalse(shown.contains("/var/lib") || shown.contains("bank.sqlite"), "\(effect):\n\(shown)")
            }
        }
    }

    /// A transient failure the session rides out (the touch of a key) tells
    /// no one: nothing was shown, and the request the key made reports it.
    func testAFailureNoOneIsToldOfIsNotHeard() {
        var heard = 0
        XCTAssertNil(EffectRunner.run(.touchSession, client: client(.busy(path: Self.path, waitedMilliseconds: 5)),
                                      failed: { _ in heard += 1 }))
        XCTAssertEqual(heard, 0)
    }
}
