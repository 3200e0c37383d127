import Foundation
@testable import TermBankApp
import TermBankCore
import XCTest
@testable import TermBankCLI

/// The objects the run loop and the effect worker share, used from two threads
/// at once as the app uses them (keys and ticks on one, the bank's calls on the
/// other). The assertions hold on any run; the point is ThreadSanitizer
/// (`scripts/sanitize thread`), which names any access the locks do not order
/// (docs/tests.md, "Sanitizers").
final class SharedAcrossThreadsTests: LiveClientTestCase {
    /// The phone-only window (`ssh … phone`): the picker's choice is written by
    /// the worker while a tick reads the inbox.
    func testThePhoneWindowIsWatchedAndReadFromTwoThreadsAtOnce() throws {
        let (_, context) = try clientAndContext(.localTerminal(uid: 1000), device: "old-phone")
        let window = PhoneWindow(bank: try context.bank(), store: try context.store(), key: nil,
                                 authenticator: try context.authenticatorService(), access: .none)
        let names = try window.choices()
        XCTAssertFalse(names.isEmpty)
        let failures = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for round in 0..<20 {
                do {
                    if thread == 0 {
                        try window.watch(names[round % names.count])
                    } else if let inbox = try window.inbox() {
                        if !names.contains(inbox.owner.rawValue) { failures.update { $0.append("\(inbox.owner)") } }
                    }
                } catch {
                    failures.update { $0.append("\(error)") }
                }
            }
        }
        XCTAssertEqual(failures.value, [])
        XCTAssertNotNil(try window.inbox(), "a phone is chosen")
    }

    /// A signed-in session: the worker reads the account while the run loop
    /// signs out (Ctrl-C, an idle sign-out). Whichever comes first, the
    /// session ends and no signed-in call runs after it.
    func testASessionIsReadAndSignedOutFromTwoThreadsAtOnce() throws {
        let live = try client(.localTerminal(uid: 1000), device: "old-phone")
        let info = try signIn("alice", live)
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            if thread == 0 {
                for _ in 0..<10 { _ = try? live.signedIn.loadAccount(info.user) }
            } else {
                live.signOut(.signedOut)
            }
        }
        XCTAssertFalse(live.signedIn.isOpen)
        XCTAssertThrowsError(try live.signedIn.loadAccount(info.user))
    }

    /// Demo mode: the phone beside the app is read on every tick while the
    /// worker signs in (which binds the phone to the customer) and makes a guest.
    func testTheDemoPhoneIsReadWhileASignInAndAGuestAreMadeOnTheOtherThread() throws {
        let origin = DemoOrigin(keyFingerprint: "SHA256:threads", address: "203.0.113.9")
        let (live, context) = try clientAndContext(.unbound, device: "iphone-touchid", lockout: .perOrigin(origin),
                                                   guests: .demo(origin))
        var client = live.client
        DemoSession(bank: try context.bank(), store: try context.store(), origin: origin,
                    authenticator: try context.authenticatorService()).install(into: &client)
        let bank = client
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            if thread == 0 {
                _ = try? bank.signingIn.signIn("alice", Secret(Self.passwords["alice"]!))
                _ = try? bank.demo?.createGuest(.english)
            } else {
                for _ in 0..<20 { _ = try? bank.demo?.phoneInbox() }
            }
        }
        XCTAssertNotNil(try XCTUnwrap(client.demo).phoneInbox(), "the phone follows the sign-in")
    }

    /// The settings screen's overview is read while the session is signed out.
    func testTheSecuritySettingsAreReadWhileTheSessionIsSignedOut() throws {
        let live = try client(.localTerminal(uid: 1000), device: "old-phone")
        try signIn("carol", live)
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            if thread == 0 {
                for _ in 0..<10 { _ = try? live.settings.securityOverview() }
            } else {
                live.signOut(.signedOut)
            }
        }
        XCTAssertThrowsError(try live.settings.securityOverview())
    }
}

/// A value several threads update under one lock.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value { lock.withLock { stored } }
    func update(_ body: (inout Value) -> Void) { lock.withLock { body(&stored) } }
}
