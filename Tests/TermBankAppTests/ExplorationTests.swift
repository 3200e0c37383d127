import Foundation
@testable import TermBankApp
import TermBankCore
import XCTest

/// A bounded exhaustive exploration of the state machine: every sequence of
/// up to 8 inputs from an alphabet of keys, typed words and the clock, run
/// through the real reducer and effect runner against a scripted bank. On
/// every path: no session without every factor the policy demands, no
/// transfer executed except the one shown and approved with its code, and
/// nothing crashes.
final class ExplorationTests: XCTestCase {
    /// The scripted bank's state: a value, so each explored path has its own.
    struct ScriptedBank: Equatable, CustomStringConvertible {
        var attempt: (user: String, required: [SignInFactor], passed: [SignInFactor])?
        var sessionUser: String?
        var smsOn = ["alice": false, "bob": true]
        var wrongCodes = 0
        var shownTransfer: PendingTransfer?
        var wrongTransferCodes = 0
        var executed: [PendingTransfer] = []
        /// carol's authenticator path: recovery codes left, whether this attempt used one, wrong codes.
        var recoveryCodes = Set(ExplorationTests.recoveryCodes)
        var attemptUsedRecoveryCode = false
        var regenerationDue = false
        var wrongAuthenticatorCodes = 0
        /// Whether the open session's sign-in passed a second factor, and the users whose device is trusted.
        var sessionPassedSecondFactor = false
        var trusted: [String] = []
        /// Names that completed a sign-in on this device: only they see their sitekey before the password.
        var knownHere: Set<String> = []
        /// The payees the bank confirmed to this session (confirmation of payee).
        var confirmedPayees: Set<String> = []
        var violations: [String] = []

        static func == (lhs: ScriptedBank, rhs: ScriptedBank) -> Bool { lhs.description == rhs.description }

        var description: String {
            "\(attempt.map { "\($0.user) \($0.required) \($0.passed)" } ?? "-")|\(sessionUser ?? "-")|\(smsOn.sorted { $0.key < $1.key })"
                + "|\(wrongCodes)|\(shownTransfer?.amount.description ?? "-")|\(wrongTransferCodes)|\(executed.count)"
                + "|\(recoveryCodes.sorted())|\(attemptUsedRecoveryCode)|\(regenerationDue)|\(wrongAuthenticatorCodes)"
                + "|\(sessionPassedSecondFactor)|\(trusted)|\(knownHere.sorted())|\(confirmedPayees.sorted())|\(violations)"
        }

        var next: SignInFactor? { attempt.flatMap { a in a.required.first { !a.passed.contains($0) } } }
    }

    final class Box: @unchecked Sendable { var bank = ScriptedBank() }

    static let users = ["alice": (Fixture.alice, "wonderland-42"), "bob": (Fixture.bob, "builder-2026"),
                        "carol": (Fixture.carol, "tea-party-7")]
    static let signInCode = "123456"
    /// carol's authenticator shows this code now; her two recovery codes are below.
    static let authenticatorCode = "287195"
    static let recoveryCodes = ["7k2mq-xd4ta", "p3vzr-9cwhe"]
    static let transferCode = "654321"

    func client(_ box: Box) -> BankingClient {
        struct Refused: Error, CustomStringConvertible { let description: String }
        @Sendable func user(_ name: String) -> UserRecord {
            let base = Self.users[name]!.0
            return UserRecord(id: base.id, username: base.username, phone: base.phone,
                              smsVerification: box.bank.smsOn[name] ?? false, sitekey: base.sitekey, createdAt: base.createdAt)
        }
        @Sendable func violation(_ text: String) { box.bank.violations.append(text) }
        @Sendable func biometricPassed() -> BiometricReply {
            box.bank.attempt?.passed.append(.biometric)
            return .passed(next: box.bank.next)
        }
        var client = BankingClient(now: { Fixture.start })
        client.signingIn.signIn = { name, password in
            guard let (record, right) = Self.users[name.lowercased()], password.exposedValue == right else {
                box.bank.attempt = nil
                return .refused(.core(.signIn(.incorrect(attemptsLeft: nil))))
            }
            box.bank.attemptUsedRecoveryCode = false
            if record.username.rawValue == "carol" {
                // An authenticator user on a phone without biometry.
                box.bank.attempt = ("carol", [.password, .authenticator], [.password])
                return .accepted(user: user("carol"), required: [.password, .authenticator], next: .authenticator,
                                 biometry: .none, recoveryCodes: !box.bank.recoveryCodes.isEmpty)
            }
            let required: [SignInFactor] = [.password, .biometric] + ((box.bank.smsOn[record.username.rawValue] ?? false) ? [.smsCode] : [])
            box.bank.attempt = (record.username.rawValue, required, [.password])
            return .accepted(user: user(record.username.rawValue), required: required, next: .biometric, biometry: .touchID)
        }
        client.signingIn.beginBiometric = { reason in
            if box.bank.next != .biometric { violation("prompt begun when \(String(describing: box.bank.next)) was due") }
            return .waiting(Fixture.prompt(reason: reason))
        }
        client.signingIn.biometric = { event, prompt in
            guard box.bank.next == .biometric else {
                violation("biometric event with no prompt due")
                throw Refused(description: "no prompt")
            }
            switch event {
            case .matchingTouch: return biometricPassed()
            case .nonMatchingTouch: return .failed(.authenticationFailed, message: .core(.biometric(.authenticationFailed, .touchID)))
            case .cancel: return .failed(.userCancel, message: nil)
            case .systemCancel: return .failed(.systemCancel, message: nil)
            case .enterPasscode: return .waiting(Fixture.prompt(mode: .passcode))
            case .passcode(let code): return code.exposedValue == "123456" ? biometricPassed() : .waiting(prompt)
            }
        }
        client.signingIn.sendSignInCode = {
            guard box.bank.next == .smsCode else {
                violation("code sent when \(String(describing: box.bank.next)) was due")
                throw Refused(description: "no code due")
            }
            return Fixture.ticket()
        }
        client.signingIn.resendCode = { ticket in ticket }
        client.signingIn.checkSignInCode = { _, code in
            guard box.bank.next == .smsCode else { throw Refused(description: "no code due") }
            if code == Self.signInCode {
                box.bank.attempt?.passed.append(.smsCode)
                return .passed(next: box.bank.next)
            }
            box.bank.wrongCodes += 1
            if box.bank.wrongCodes >= 3 {
                box.bank.attempt = nil
                return .tooManyWrongCodes
            }
            return .wrong(attemptsLeft: 3 - box.bank.wrongCodes)
        }
        client.signingIn.openSession = {
            guard let attempt = box.bank.attempt else {
                violation("session asked for with no sign-in")
                throw Refused(description: "no sign-in")
            }
            guard attempt.required.allSatisfy(attempt.passed.contains) else {
                violation("session asked for with \(attempt.passed) of \(attempt.required)")
                throw Refused(description: "incomplete")
            }
            box.bank.sessionUser = attempt.user
            box.bank.knownHere.insert(attempt.user)
            box.bank.attempt = nil
            let left = box.bank.attemptUsedRecoveryCode ? box.bank.recoveryCodes.count : nil
            box.bank.regenerationDue = left == 0
            box.bank.attemptUsedRecoveryCode = false
            box.bank.sessionPassedSecondFactor = attempt.passed.contains(where: \.isSecondFactor)
            return SessionInfo(user: user(attempt.user), sessionID: SessionID(trusted: String(repeating: "5", count: 32)),
                               deviceName: "iphone-touchid", recoveryCodesLeft: left,
                               mayTrustDevice: box.bank.sessionPassedSecondFactor)
        }
        client.signedIn.loadAccount = { requested in
            guard let name = box.bank.sessionUser, requested.username.rawValue == name else { throw SessionError.notFound }
            return Fixture.account(user(name))
        }
        client.signedIn.beginTransferApproval = { pending in
            guard box.bank.sessionUser != nil else {
                violation("step-up begun without a session")
                throw SessionError.notFound
            }
            box.bank.shownTransfer = pending
            box.bank.wrongTransferCodes = 0
            // carol's second factor is her authenticator: it approves her transfers.
            if box.bank.sessionUser == "carol" { return .authenticator }
            return .code(Fixture.ticket(.transfer(pending)))
        }
        client.signedIn.approveTransfer = { proof, pending in
            switch proof {
            case .smsCode(_, let code):
                guard box.bank.sessionUser != nil else {
                    violation("transfer approved without a session")
                    throw SessionError.notFound
                }
                guard pending == box.bank.shownTransfer else {
                    violation("approval for a transfer that was not the one shown")
                    return .refused(.core(.stepUp(.staleApproval)))
                }
                if code == Self.transferCode {
                    box.bank.executed.append(pending)
                    box.bank.shownTransfer = nil
                    return .executed(TransferReceipt(reference: TransferReference(Int64(box.bank.executed.count)),
                                                     request: pending.request, bookedAt: Fixture.start,
                                                     fromBalanceAfter: .zero, toBalanceAfter: .zero, replayed: false))
                }
                box.bank.wrongTransferCodes += 1
                return box.bank.wrongTransferCodes >= 3 ? .tooManyWrongCodes : .wrong(attemptsLeft: 3 - box.bank.wrongTransferCodes)
            case .authenticator(let code):
                guard box.bank.sessionUser == "carol" else {
                    violation("authenticator step-up for a user without one")
                    throw SessionError.notFound
                }
                guard pending == box.bank.shownTransfer else {
                    violation("authenticator approval for a transfer that was not the one shown")
                    return .refused(.core(.stepUp(.staleApproval)))
                }
                guard code == Self.authenticatorCode else {
                    box.bank.wrongAuthenticatorCodes += 1
                    return .refused(.core(.authenticator(.wrongCode(attemptsLeft: 5 - box.bank.wrongAuthenticatorCodes))))
                }
                box.bank.executed.append(pending)
                box.bank.shownTransfer = nil
                return .executed(TransferReceipt(reference: TransferReference(Int64(box.bank.executed.count)),
                                                 request: pending.request, bookedAt: Fixture.start,
                                                 fromBalanceAfter: .zero, toBalanceAfter: .zero, replayed: false))
            case .biometric:
                violation("biometric step-up without a threshold")
                return .refused(nil)
            }
        }
        client.settings.turnOnSMSVerification = {
            guard let name = box.bank.sessionUser else { throw SessionError.notFound }
            box.bank.smsOn[name] = true
            return .saved(user(name))
        }
        client.signedIn.touchSession = {}
        client.signOut = { _ in
            box.bank.sessionUser = nil
            box.bank.attempt = nil
            box.bank.shownTransfer = nil
            box.bank.regenerationDue = false
            box.bank.sessionPassedSecondFactor = false
        }
        client.signingIn.notMyImage = { box.bank.attempt = nil }
        client.signedIn.newTransferID = { TransferClientID(trusted: "tx-explore-000001") }
        client.signingIn.checkAuthenticatorCode = { code in
            guard box.bank.next == .authenticator else {
                violation("authenticator code sent when \(String(describing: box.bank.next)) was due")
                throw Refused(description: "no code due")
            }
            guard box.bank.wrongAuthenticatorCodes < 5 else { return .refused(.core(.authenticator(.locked(until: Fixture.start)))) }
            if code == Self.authenticatorCode {
                box.bank.attempt?.passed.append(.authenticator)
                return .passed(next: box.bank.next)
            }
            box.bank.wrongAuthenticatorCodes += 1
            return .refused(.core(.authenticator(.wrongCode(attemptsLeft: 5 - box.bank.wrongAuthenticatorCodes))))
        }
        client.signingIn.checkRecoveryCode = { code in
            guard let due = box.bank.next, due.isSecondFactor, box.bank.attempt?.user == "carol" else {
                violation("recovery code sent when \(String(describing: box.bank.next)) was due")
                throw Refused(description: "no code due")
            }
            guard box.bank.recoveryCodes.remove(code.exposedValue) != nil else {
                box.bank.wrongAuthenticatorCodes += 1
                return .refused(.core(.recoveryCode(.wrongCode(attemptsLeft: 5 - box.bank.wrongAuthenticatorCodes))))
            }
            box.bank.attempt?.passed.append(due)
            box.bank.attemptUsedRecoveryCode = true
            return .passed(next: box.bank.next)
        }
        client.signingIn.makeRecoveryCodesAfterLastUse = { password in
            guard box.bank.sessionUser == "carol", box.bank.regenerationDue else {
                violation("a new set of recovery codes without the last one used in this session")
                return .refused(.core(.confirmation(.grantNotValid)))
            }
            guard password.exposedValue == Self.users["carol"]!.1 else { return .refused(.core(.confirmation(.password(.incorrect(attemptsLeft: nil))))) }
            box.bank.regenerationDue = false
            box.bank.recoveryCodes = Set(Self.recoveryCodes)
            return .made(Self.recoveryCodes.map { Secret($0) })
        }
        client.settings.trustDevice = {
            guard let name = box.bank.sessionUser, box.bank.sessionPassedSecondFactor else {
                violation("a device trusted without a sign-in that passed a second factor")
                throw Refused(description: "not now")
            }
            box.bank.trusted.append(name)
            box.bank.sessionPassedSecondFactor = false
            return Fixture.start.adding(seconds: 30 * 24 * 3600)
        }
        client.signingIn.lookUpSitekey = { name in
            box.bank.knownHere.contains(name.lowercased()) ? .recognised(user(name.lowercased()).sitekey) : .notKnownHere
        }
        client.signedIn.checkSession = {
            guard box.bank.sessionUser != nil else { throw SessionError.notFound }
        }
        // Payments: bob is the one other customer; a payee is only what this lookup confirmed.
        client.signedIn.paymentAllowance = {
            guard box.bank.sessionUser != nil else { throw SessionError.notFound }
            return PaymentAllowance(dailyLimit: Money(units: 10_000), leftToday: Money(units: 10_000), recentPayees: [])
        }
        client.signedIn.lookUpPayee = { typed in
            guard let name = box.bank.sessionUser else { throw SessionError.notFound }
            let wanted = typed.lowercased()
            if wanted == name { throw CoreMessage.ledger(.selfPayment) }
            guard wanted == "bob" else { throw CoreMessage.ledger(.unknownPayee) }
            box.bank.confirmedPayees.insert(wanted)
            return Payee(userID: Fixture.bob.id, username: Fixture.bob.username, maskedName: "Bob B.")
        }
        return client
    }

    enum Input {
        case action(Action)
        case idle
        /// The bank ends the session (a trust revoked, a reset elsewhere), then a second passes.
        case endedElsewhere

        var label: String {
            switch self {
            case .action(.typed(let text)): return "typed(\(text))"
            case .action(.key(let key)): return "\(key)"
            case .action(let other): return "\(other)"
            case .idle: return "5 idle minutes"
            case .endedElsewhere: return "session ended elsewhere, a second passes"
            }
        }
    }

    static let alphabet: [Input] = [
        .action(.typed("alice")), .action(.typed("bob")), .action(.typed("wonderland-42")), .action(.typed("builder-2026")),
        .action(.typed("nope-nope")), .action(.typed("123456")), .action(.typed("654321")), .action(.typed("250")),
        .action(.key(.tab)), .action(.key(.enter)), .action(.key(.escape)), .action(.key(.character("x"))),
        .action(.key(.character("n"))), .action(.key(.character("y"))), .action(.key(.character("t"))),
        .action(.key(.character("l"))), .action(.key(.character("s"))), .action(.key(.control("c"))), .idle,
    ]

    /// Applies an input and every action its effects lead to through the
    /// runtime's own `Dispatcher` (which keys wait, in what order replies and
    /// keys are reduced), performing the effects as its worker does: in
    /// order, each answer reduced in turn. Typed text is the keys it is made of.
    func apply(_ input: Input, to state: inout AppState, client: BankingClient) {
        var loop = Dispatcher(state)
        var effects: [Effect]
        switch input {
        case .action(.typed(let text)): effects = text.unicodeScalars.flatMap { loop.key(Key(typed: $0)) }
        case .action(.key(let key)): effects = loop.key(key)
        case .action(let action): effects = loop.reply(action)
        case .idle: effects = loop.tick(state.now.adding(seconds: 301))
        case .endedElsewhere: effects = loop.tick(state.now.adding(seconds: 1))
        }
        while !effects.isEmpty {
            let answers = effects.filter(Dispatcher.isForTheBank).compactMap { EffectRunner.run($0, client: client) }
            effects = answers.flatMap { loop.reply($0) }
        }
        XCTAssertTrue(loop.held.isEmpty, "a key still waits once the bank has answered everything")
        state = loop.state
    }

    /// Two states that will behave alike get one key: typed text is reduced
    /// to what matters (inputs only ever append, so an invalid entry stays
    /// invalid), and times to how long ago the last input was.
    func fingerprint(_ state: AppState, _ bank: ScriptedBank) -> String {
        func kind(_ text: String) -> String {
            if text.isEmpty || Self.users[text] != nil || Self.users.values.contains(where: { $0.1 == text }) { return text }
            return text.count <= 6 && text.allSatisfy(\.isNumber) ? text : "other"
        }
        var normal = state
        var secrets: [String] = []
        // Screens with typed text have it merged by kind; every other screen is
        // fingerprinted whole (explored all the same, merged less).
        if case .login(var form) = state.screen {
            form.username = kind(form.username)
            secrets.append(kind(form.password.exposedValue))
            normal.screen = .login(form)
        }
        if case .sitekeyFirst(var form) = state.screen {
            secrets.append(kind(form.password.exposedValue))
            form.password = Secret("")
            normal.screen = .sitekeyFirst(form)
        }
        if case .biometric(let screen) = state.screen { secrets.append(kind(screen.passcode.exposedValue)) }
        if case .recoveryCode(var entry) = state.screen {
            let code = entry.code.exposedValue
            secrets.append(Self.recoveryCodes.contains(code) ? code : kind(code))
            entry.code = Secret("")
            normal.screen = .recoveryCode(entry)
        }
        if case .newRecoveryCodes(var screen) = state.screen, case .password(let password) = screen.stage {
            secrets.append(kind(password.exposedValue))
            screen.stage = .password(Secret(""))
            normal.screen = .newRecoveryCodes(screen)
        }
        if case .transfer(var form) = state.screen {
            form.amountText = kind(form.amountText)
            normal.screen = .transfer(form)
        }
        if case .pay(var form) = state.screen {
            // "nope-nope" typed on the statement opens the pay form at its "p":
            // what is typed there is merged like every other field's text.
            form.usernameText = kind(form.usernameText)
            form.amountText = kind(form.amountText)
            form.referenceText = kind(form.referenceText)
            normal.screen = .pay(form)
        }
        if case .security(var screen) = state.screen, var form = screen.form {
            secrets += [kind(form.password.exposedValue), kind(form.code.exposedValue)]
            form.password = Secret("")
            form.code = Secret("")
            screen.form = form
            normal.screen = .security(screen)
        }
        let idle = state.now.millisecondsSinceEpoch - state.lastInputAt.millisecondsSinceEpoch
        normal.now = Timestamp(millisecondsSinceEpoch: 0)
        normal.lastInputAt = Timestamp(millisecondsSinceEpoch: 0)
        normal.lastTouchAt = Timestamp(millisecondsSinceEpoch: 0)
        return "\(normal)|\(secrets)|\(idle)|\(bank)"
    }

    func checkInvariants(_ state: AppState, _ bank: ScriptedBank, path: [String]) -> [String] {
        var problems = bank.violations
        // Every screen says whether it needs a session (`ScreenFeature`): a new one is checked too.
        if state.screen.feature.needsSession, state.session == nil { problems.append("\(state.screen) shown without a session") }
        if case .sitekeyFirst(let form) = state.screen, !bank.knownHere.contains(form.username.lowercased()) {
            problems.append("\(form.username)'s sitekey shown before the password on a device where they never signed in")
        }
        if let session = state.session, session.user.username.rawValue != bank.sessionUser {
            problems.append("the app thinks \(session.user.username) is signed in; the bank does not")
        }
        if state.account != nil && state.session == nil { problems.append("balances kept without a session") }
        if bank.executed.contains(where: { !$0.isPayment && ($0.amount <= .zero || $0.from == $0.to) }) {
            problems.append("executed a transfer that is not a valid move between two accounts")
        }
        for payment in bank.executed where payment.isPayment {
            let payee = payment.payee?.username.rawValue ?? "nobody"
            if !bank.confirmedPayees.contains(payee) { problems.append("paid \(payee), whom the bank never confirmed") }
            if payment.payee?.userID == payment.userID { problems.append("a customer paid themselves") }
            if payment.amount <= .zero { problems.append("paid \(payment.amount)") }
        }
        return problems.map { "\($0) after: \(path.joined(separator: ", "))" }
    }

    /// Breadth-first over every input sequence up to `depth`, merging equivalent states.
    func explore(from start: AppState, bank: ScriptedBank, depth: Int,
                 alphabet: [Input] = ExplorationTests.alphabet, checksTheBank: Bool = true,
                 counting: (AppState) -> Bool = { _ in false }) -> (states: Int, problems: [String], executed: Int, sessions: Int, counted: Int) {
        let box = Box()
        let client = client(box)
        var frontier: [(AppState, ScriptedBank, [String])] = [(start, bank, [])]
        var seen: Set<String> = [fingerprint(start, bank)]
        var problems: [String] = []
        var executed = 0
        var sessions = 0
        var counted = 0
        for _ in 0..<depth {
            var next: [(AppState, ScriptedBank, [String])] = []
            for (state, bank, path) in frontier {
                for input in alphabet {
                    var state = state
                    box.bank = bank
                    if case .endedElsewhere = input { box.bank.sessionUser = nil }
                    apply(input, to: &state, client: client)
                    let path = path + [input.label]
                    var checked = box.bank
                    if !checksTheBank { checked.violations = [] }
                    let found = checkInvariants(state, checked, path: path)
                    if !found.isEmpty {
                        problems += found
                        continue
                    }
                    let key = fingerprint(state, box.bank)
                    guard seen.insert(key).inserted, !state.quitting else { continue }
                    if box.bank.executed.count > bank.executed.count { executed += 1 }
                    if state.session != nil && bank.sessionUser == nil { sessions += 1 }
                    if counting(state) { counted += 1 }
                    next.append((state, box.bank, path))
                }
            }
            frontier = next
        }
        return (seen.count, problems, executed, sessions, counted)
    }

    func testFromTheLoginScreenNoPathSkipsAFactor() {
        let result = explore(from: Fixture.state(), bank: ScriptedBank(), depth: 8) { state in
            if case .statement(let screen) = state.screen { return screen.notice.map { EnglishAppCatalog().text($0.message).hasPrefix("This device is trusted") } == true }
            return false
        }
        XCTAssertEqual(result.problems.prefix(5), [])
        XCTAssertGreaterThan(result.sessions, 0, "the exploration does reach signed-in states")
        XCTAssertGreaterThan(result.counted, 0, "the exploration does reach a trusted device")
        print("exploration from login: \(result.states) distinct states, \(result.sessions) sign-ins")
    }

    /// On a phone alice signed in on before: her sitekey comes before her
    /// password, nobody else's ever does, and still no path skips a factor.
    func testOnAPhoneThatKnowsAliceOnlySheSeesHerSitekeyBeforeThePasswordAndNoPathSkipsAFactor() {
        var bank = ScriptedBank()
        bank.knownHere = ["alice"]
        let result = explore(from: Fixture.state(), bank: bank, depth: 7) { state in
            if case .sitekeyFirst = state.screen { return true }
            return false
        }
        XCTAssertEqual(result.problems.prefix(5), [])
        XCTAssertGreaterThan(result.counted, 0, "the exploration does reach the sitekey before the password")
        XCTAssertGreaterThan(result.sessions, 0, "the exploration does reach signed-in states through it")
        print("exploration on a known phone: \(result.states) distinct states, \(result.sessions) sign-ins")
    }

    /// Wherever the user is (a transfer, Security, a question open), a session
    /// the bank ended elsewhere is signed out at the next tick: the check
    /// above that the app and the bank agree on who is signed in runs after it.
    func testASessionEndedElsewhereSignsOutAtTheNextTickWhateverTheScreen() {
        var bank = ScriptedBank()
        bank.sessionUser = "alice"
        let alphabet: [Input] = [
            .action(.key(.character("t"))), .action(.typed("250")), .action(.key(.enter)), .action(.key(.escape)),
            .action(.key(.character("a"))), .action(.key(.character("l"))), .action(.key(.control("c"))),
            .action(.key(.character("n"))), .action(.key(.character("y"))), .endedElsewhere,
        ]
        let result = explore(from: Fixture.signedIn(), bank: bank, depth: 6, alphabet: alphabet) { state in
            if case .signedOut(let message) = state.screen { return message.map { EnglishAppCatalog().text($0) } == SessionError.notFound.description }
            return false
        }
        XCTAssertEqual(result.problems.prefix(5), [])
        XCTAssertGreaterThan(result.counted, 0, "the exploration does reach sessions ended elsewhere")
        print("exploration of sessions ended elsewhere: \(result.states) distinct states")
    }

    func testFromTheStatementNoPathExecutesAnUnapprovedTransfer() {
        var bank = ScriptedBank()
        bank.sessionUser = "alice"
        let result = explore(from: Fixture.signedIn(), bank: bank, depth: 8)
        XCTAssertEqual(result.problems.prefix(5), [])
        XCTAssertGreaterThan(result.executed, 0, "the exploration does reach executed transfers")
        print("exploration from statement: \(result.states) distinct states, \(result.executed) transfers")
    }

    func testWithTheAuthenticatorNoPathExecutesATransferButTheOneShownAndApprovedWithItsCode() {
        var bank = ScriptedBank()
        bank.sessionUser = "carol"
        let alphabet: [Input] = [
            .action(.key(.character("t"))), .action(.typed("250")), .action(.typed("287195")), .action(.typed("000000")),
            .action(.key(.enter)), .action(.key(.escape)), .action(.key(.tab)), .action(.key(.character("u"))),
            .action(.key(.backspace)), .action(.key(.control("c"))), .action(.key(.character("y"))), .idle,
        ]
        let result = explore(from: Fixture.signedIn(Fixture.carol), bank: bank, depth: 8, alphabet: alphabet)
        XCTAssertEqual(result.problems.prefix(5), [])
        XCTAssertGreaterThan(result.executed, 0, "the exploration does reach executed transfers")
        print("exploration of carol's transfers: \(result.states) distinct states, \(result.executed) transfers")
    }

    /// Pastes among the keys: an amount with its line break, an Esc and a
    /// "y", the code with a letter and a line break. A paste never presses
    /// Enter, cancels, answers a question or works a letter key, so no path
    /// executes anything but the transfer shown and approved with its code;
    /// and a path that pastes the code on the code screen does execute it.
    func testWithPastesNoPathExecutesATransferButTheOneShownAndApproved() {
        var bank = ScriptedBank()
        bank.sessionUser = "alice"
        let alphabet: [Input] = [
            .action(.key(.character("t"))), .action(.key(.paste("250\n"))), .action(.key(.paste("\u{1B}y\r"))),
            .action(.key(.paste("r" + Self.transferCode + "\n"))), .action(.key(.enter)), .action(.key(.escape)),
            .action(.key(.control("c"))), .action(.key(.character("y"))),
        ]
        let result = explore(from: Fixture.signedIn(), bank: bank, depth: 7, alphabet: alphabet) { state in
            if case .receipt = state.screen { return true }
            return false
        }
        XCTAssertEqual(result.problems.prefix(5), [])
        XCTAssertGreaterThan(result.executed, 0, "the exploration does reach transfers approved by a pasted code")
        XCTAssertGreaterThan(result.counted, 0, "and their receipts")
        print("exploration with pastes: \(result.states) distinct states, \(result.executed) transfers")
    }

    /// Paying someone from the statement: only bob (confirmed by the bank)
    /// is ever paid, never alice herself nor a name the bank does not know,
    /// only the amount and payee shown on the review, and only with its code.
    func testFromTheStatementNoPathPaysAnyoneButAConfirmedPayeeTheReviewedPaymentWithItsCode() {
        var bank = ScriptedBank()
        bank.sessionUser = "alice"
        let alphabet: [Input] = [
            .action(.key(.character("p"))), .action(.typed("bob")), .action(.typed("alice")), .action(.typed("mallory")),
            .action(.typed("25")), .action(.typed("-5")), .action(.typed(Self.transferCode)), .action(.typed("000000")),
            .action(.key(.enter)), .action(.key(.escape)), .action(.key(.tab)), .action(.key(.backspace)),
        ]
        let result = explore(from: Fixture.signedIn(), bank: bank, depth: 8, alphabet: alphabet) { state in
            if case .paid = state.screen { return true }
            return false
        }
        XCTAssertEqual(result.problems.prefix(5), [])
        XCTAssertGreaterThan(result.executed, 0, "the exploration does reach executed payments")
        XCTAssertGreaterThan(result.counted, 0, "the exploration does reach the payment's receipt")
        print("exploration of alice's payments: \(result.states) distinct states, \(result.executed) payments")
    }

    /// Every screen is explored: from each state the catalog shows
    /// (`CatalogScreens`, where every screen has its entry), two inputs deep,
    /// with the keys its own bindings list, the help, a question's answers,
    /// a code and the clock. No screen is skipped: each says through the
    /// screen table whether it needs a session, and the invariants ask it.
    func testFromEveryScreenTheCatalogShowsNoPathBreaksAnInvariant() {
        var screens: Set<String> = []
        for screenful in CatalogScreens.all {
            var start = screenful.state
            if start.screen.feature.needsSession, start.session == nil {
                // Some catalog states draw a signed-in screen without a session; explored, they have alice's.
                let alice = Fixture.signedIn()
                start.session = alice.session
                start.account = alice.account
            }
            var bank = ScriptedBank()
            bank.sessionUser = start.session?.user.username.rawValue
            bank.knownHere = Set(Self.users.keys)
            // A start must be one the app can be in: drawable, not waiting on a reply no bank will send, its invariants kept.
            guard !start.isTooSmall, !AppReducer.holdsKeys(start), checkInvariants(start, bank, path: []).isEmpty else { continue }
            let feature = start.screen.feature
            let keys = (feature.bindings(start) + feature.moreBindings(start)).flatMap { BindingsActTests.presses($0.keys) }
            let alphabet: [Input] = keys.map { .action(.key($0)) }
                + [.action(.key(.character("?"))), .action(.key(.control("c"))), .action(.key(.character("y"))),
                   .action(.typed(Self.signInCode)), .idle]
            // The scripted bank's own complaints assume a sign-in it began; these starts are the catalog's.
            let result = explore(from: start, bank: bank, depth: 2, alphabet: alphabet, checksTheBank: false)
            XCTAssertEqual(result.problems.prefix(3), [], screenful.name)
            screens.insert(start.screen.name)
        }
        XCTAssertGreaterThanOrEqual(screens.count, 20, "every screen of the app, each from its catalog states")
    }

    static let authenticatorAlphabet: [Input] = [
        .action(.typed("287195")), .action(.typed("000000")), .action(.typed("7k2mq-xd4ta")), .action(.typed("p3vzr-9cwhe")),
        .action(.typed("tea-party-7")), .action(.typed("nope-nope")), .action(.key(.character("u"))),
        .action(.key(.enter)), .action(.key(.escape)), .action(.key(.backspace)), .action(.key(.control("c"))),
        .action(.key(.character("y"))), .idle,
    ]

    func testWithTheAuthenticatorNoPathSkipsItAndTheLastRecoveryCodeOnlyMakesANewSet() {
        // carol's password was accepted: her sitekey is up, the authenticator is due.
        var state = Fixture.state()
        state.screen = .sitekey(SitekeyScreen(user: Fixture.carol, next: .authenticator))
        state.signInAcceptsRecoveryCode = true
        var bank = ScriptedBank()
        bank.attempt = ("carol", [.password, .authenticator], [.password])
        bank.recoveryCodes = [Self.recoveryCodes[0]]   // one left: its use forces a new set
        let result = explore(from: state, bank: bank, depth: 8, alphabet: Self.authenticatorAlphabet) { state in
            guard case .newRecoveryCodes(let screen) = state.screen, case .shown = screen.stage else { return false }
            return true
        }
        XCTAssertEqual(result.problems.prefix(5), [])
        XCTAssertGreaterThan(result.sessions, 0, "the exploration does reach signed-in states")
        XCTAssertGreaterThan(result.counted, 0, "the exploration does reach a new set of recovery codes")
        print("exploration with the authenticator: \(result.states) distinct states, \(result.sessions) sign-ins")
    }
}
