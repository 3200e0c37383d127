import TermBankApp
import TermBankCore

/// The bank the reducer fuzzer signs in to: it requires its own factors, as
/// the core does (alice: password and Touch ID; bob: those and an SMS code),
/// and notes a violation whenever the app asks for something out of turn.
/// A trimmed sibling of ExplorationTests' scripted bank (a test target, which
/// an executable cannot import).
final class ScriptedBank: @unchecked Sendable {   // one fuzz input at a time, on one thread
    static let passwords = ["alice": "wonderland-42", "bob": "builder-2026"]
    static let signInCode = "123456"
    static let transferCode = "654321"
    static let start = Timestamp(secondsSinceEpoch: 1_796_000_000)

    var attempt: (user: String, required: [SignInFactor], passed: [SignInFactor])?
    var sessionUser: String?
    var shownTransfer: PendingTransfer?
    var violations: [String] = []
    var next: SignInFactor? { attempt.flatMap { a in a.required.first { !a.passed.contains($0) } } }

    func user(_ name: String) -> UserRecord {
        UserRecord(id: UserID(name == "alice" ? 1 : 2), username: Username(trusted: name),
                   phone: PhoneNumber(trusted: name == "alice" ? "+15550100" : "+15550101"), smsVerification: name == "bob",
                   sitekey: Sitekey(trustedImage: "fox", phrase: "Down the rabbit hole"), createdAt: Self.start)
    }

    func session(_ name: String) -> SessionInfo {
        SessionInfo(user: user(name), sessionID: SessionID(trusted: String(repeating: "5", count: 32)), deviceName: "iphone-touchid")
    }

    func account(_ name: String) -> AccountSnapshot {
        AccountSnapshot(user: user(name), balances: [.checking: Money(units: 5_000), .savings: Money(units: 10_000)], lines: [])
    }

    func ticket(_ purpose: VerificationPurpose) -> VerificationTicket {
        VerificationTicket(id: VerificationID(trusted: String(repeating: "a", count: 32)), purpose: purpose,
                           phone: PhoneNumber(trusted: "+15550101"), codeLength: 6, expiresAt: Self.start.adding(seconds: 300),
                           lastEventAt: Self.start, events: 1)
    }

    func prompt(_ reason: BiometricReason, mode: BiometricPrompt.Mode = .biometric) -> BiometricPrompt {
        BiometricPrompt(deviceID: DeviceID(1), biometry: .touchID, policy: .biometricsOrPasscode, reason: reason, mode: mode,
                        failedAttempts: 0, notice: nil)
    }

    func client() -> BankingClient {
        struct Refused: Error {}
        let bank = self
        @Sendable func passed(_ factor: SignInFactor) -> SignInFactor? {
            bank.attempt?.passed.append(factor)
            return bank.next
        }
        var client = BankingClient(now: { Self.start })
        client.signingIn.signIn = { name, password in
            guard let right = Self.passwords[name.lowercased()], password.exposedValue == right else {
                bank.attempt = nil
                return .refused(.core(.signIn(.incorrect(attemptsLeft: nil))))
            }
            let name = name.lowercased()
            let required: [SignInFactor] = [.password, .biometric] + (name == "bob" ? [.smsCode] : [])
            bank.attempt = (name, required, [.password])
            return .accepted(user: bank.user(name), required: required, next: .biometric, biometry: .touchID)
        }
        client.signingIn.beginBiometric = { reason in
            if bank.next != .biometric { bank.violations.append("prompt begun out of turn") }
            return .waiting(bank.prompt(reason))
        }
        client.signingIn.biometric = { event, prompt in
            guard bank.next == .biometric else { throw Refused() }
            switch event {
            case .matchingTouch: return .passed(next: passed(.biometric))
            case .nonMatchingTouch: return .failed(.authenticationFailed, message: .core(.biometric(.authenticationFailed, .touchID)))
            case .cancel: return .failed(.userCancel, message: nil)
            case .systemCancel: return .failed(.systemCancel, message: nil)
            case .enterPasscode: return .waiting(bank.prompt(prompt.reason, mode: .passcode))
            case .passcode(let code): return code.exposedValue == "123456" ? .passed(next: passed(.biometric)) : .waiting(prompt)
            }
        }
        client.signingIn.sendSignInCode = {
            guard bank.next == .smsCode else { throw Refused() }
            return bank.ticket(.signIn)
        }
        client.signingIn.resendCode = { ticket in ticket }
        client.signingIn.checkSignInCode = { _, code in
            guard bank.next == .smsCode else { throw Refused() }
            return code == Self.signInCode ? .passed(next: passed(.smsCode)) : .wrong(attemptsLeft: 2)
        }
        client.signingIn.openSession = {
            guard let attempt = bank.attempt else {
                bank.violations.append("a session asked for with no sign-in")
                throw Refused()
            }
            guard attempt.required.allSatisfy(attempt.passed.contains) else {
                bank.violations.append("a session asked for with \(attempt.passed) of \(attempt.required)")
                throw Refused()
            }
            bank.sessionUser = attempt.user
            bank.attempt = nil
            return bank.session(attempt.user)
        }
        client.signedIn.loadAccount = { requested in
            guard let name = bank.sessionUser, requested.username.rawValue == name else { throw SessionError.notFound }
            return bank.account(name)
        }
        client.signedIn.beginTransferApproval = { pending in
            guard bank.sessionUser != nil else { throw SessionError.notFound }
            bank.shownTransfer = pending
            return .code(bank.ticket(.transfer(pending)))
        }
        client.signedIn.approveTransfer = { proof, pending in
            guard bank.sessionUser != nil else { throw SessionError.notFound }
            guard pending == bank.shownTransfer else {
                bank.violations.append("approval for a transfer that was not the one shown")
                return .refused(.core(.stepUp(.staleApproval)))
            }
            guard case .smsCode(_, let code) = proof, code == Self.transferCode else { return .wrong(attemptsLeft: 2) }
            bank.shownTransfer = nil
            return .executed(TransferReceipt(reference: TransferReference(1), request: pending.request, bookedAt: Self.start,
                                             fromBalanceAfter: .zero, toBalanceAfter: .zero, replayed: false))
        }
        client.settings.turnOnSMSVerification = { throw Refused() }
        client.signedIn.touchSession = {}
        client.signOut = { _ in bank.sessionUser = nil; bank.attempt = nil }
        client.signingIn.notMyImage = { bank.attempt = nil }
        client.signedIn.newTransferID = { TransferClientID(trusted: "tx-fuzz-000001") }
        client.signedIn.checkSession = { if bank.sessionUser == nil { throw SessionError.notFound } }
        // This phone knows no one, and the language on screen is the screen's own affair.
        client.signingIn.lookUpSitekey = { _ in .notKnownHere }
        client.useLanguage = { _ in }
        return client
    }
}
