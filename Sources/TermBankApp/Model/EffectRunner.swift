import TermBankCore

/// Performs an effect against the bank client and says what happened, as an
/// action for the reducer. Errors become messages fit for the screen; no
/// error here carries a secret (see `Secret` and `StoreError`).
public enum EffectRunner {
    public static func run(_ effect: Effect, client: BankingClient) -> Action? {
        switch effect {
        case .selectDevice(let name):
            return .deviceSelected(outcome { try client.selectDevice(name); return name })
        case .signIn(let username, let password):
            return .signInReplied(value({ try client.signIn(username, password) }, orElse: SignInReply.refused))
        case .beginBiometric(let reason):
            return .biometricReplied(biometric { try client.beginBiometric(reason) })
        case .biometric(let event, let prompt):
            return .biometricReplied(biometric { try client.biometric(event, prompt) })
        case .sendSignInCode:
            return .codeSent(outcome { try client.sendSignInCode() })
        case .resendCode(let ticket):
            return .codeSent(outcome { try client.resendCode(ticket) })
        case .checkSignInCode(let ticket, let code):
            return .codeChecked(value({ try client.checkSignInCode(ticket, code) }, orElse: CodeReply.refused))
        case .checkAuthenticatorCode(let code):
            return .authenticatorCodeChecked(value({ try client.checkAuthenticatorCode(code) }, orElse: CodeReply.refused))
        case .checkRecoveryCode(let code):
            return .recoveryCodeChecked(value({ try client.checkRecoveryCode(code) }, orElse: CodeReply.refused))
        case .makeRecoveryCodes(let password):
            return .recoveryCodesMade(value({ try client.makeRecoveryCodesAfterLastUse(password) },
                                            orElse: RecoveryCodesReply.refused))
        case .loadSecurity:
            return .securityLoaded(outcome { try client.securityOverview() })
        case .sendConfirmationCode(let change):
            return .confirmationCodeSent(outcome { try client.sendConfirmationCode(change) })
        case .beginEnrolment(let password, let code):
            return .enrolmentStarted(value({ try client.beginEnrolment(password, code) }, orElse: EnrolmentReply.refused))
        case .finishEnrolment(let code):
            return .enrolmentFinished(value({ try client.finishEnrolment(code) }, orElse: ActivationReply.refused))
        case .chooseSignInFactor(let factor, let password, let code):
            return .securityChanged(value({ try client.chooseSignInFactor(factor, password, code) },
                                          orElse: SecurityChangeReply.refused))
        case .turnOffSMSVerification(let password, let code):
            return .securityChanged(value({ try client.turnOffSMSVerification(password, code) },
                                          orElse: SecurityChangeReply.refused))
        case .turnOffAuthenticator(let password, let code):
            return .securityChanged(value({ try client.turnOffAuthenticator(password, code) }, orElse: SecurityChangeReply.refused))
        case .regenerateRecoveryCodes(let password, let code):
            return .recoveryCodesMade(value({ try client.regenerateRecoveryCodes(password, code) },
                                            orElse: RecoveryCodesReply.refused))
        case .changePhone(let phone, let password, let code):
            return .securityChanged(value({ try client.changePhone(phone, password, code) }, orElse: SecurityChangeReply.refused))
        case .trustDevice:
            return .deviceTrusted(outcome { try client.trustDevice() })
        case .revokeTrustedDevice(let id):
            do {
                return .trustedDeviceRevoked(try client.revokeTrustedDevice(id))
            } catch let ended as SessionError {
                // This session came through that trust: it ended with it.
                return .sessionEnded(ended.description)
            } catch {
                return .trustedDeviceRevoked(.refused(message(error)))
            }
        case .approveTransferWithAuthenticator(let code, let pending):
            return .authenticatorTransferReplied(value({ try client.approveTransferWithAuthenticator(code, pending) },
                                                       orElse: TransferReply.refused))
        case .openSession:
            return .sessionOpened(outcome { try client.openSession() })
        case .loadAccount(let user):
            return .accountLoaded(outcome { try client.loadAccount(user) })
        case .reviewTransfer(let user, let from, let to, let amount):
            return .transferReviewed(PendingTransfer(userID: user, from: from, to: to, amount: amount,
                                                     clientID: client.newTransferID()))
        case .beginTransferApproval(let pending):
            return .stepUpStarted(outcome { try client.beginTransferApproval(pending) })
        case .approveTransfer(let ticket, let code, let pending):
            return .transferReplied(value({ try client.approveTransfer(ticket, code, pending) }, orElse: TransferReply.refused))
        case .approveTransferWithBiometric(let event, let prompt, let pending):
            return .biometricTransferReplied(value({ try client.approveTransferWithBiometric(event, prompt, pending) },
                                                   orElse: BiometricTransferReply.failed))
        case .turnOnSMSVerification:
            return .smsSwitchReplied(value({ try client.turnOnSMSVerification() }, orElse: SMSSwitchReply.refused))
        case .touchSession:
            do {
                try client.touchSession()
                return nil
            } catch {
                return .sessionEnded(message(error))
            }
        case .signOut(let reason):
            client.signOut(reason)
            return nil
        case .notMyImage:
            client.notMyImage()
            return nil
        case .createGuest:
            return .guestCreated(outcome { try client.createGuest() })
        case .loadPhone:
            return .phoneLoaded(outcome { try client.phoneInbox() })
        case .watchPhone(let name):
            return .phoneWatched(outcome { try client.watchPhone(name); return name })
        case .redraw, .quit:
            return nil
        }
    }

    /// The reply, or the failure case built from the error's message.
    private static func value<T>(_ body: () throws -> T, orElse failed: (String) -> T) -> T {
        do { return try body() } catch { return failed(message(error)) }
    }

    private static func outcome<T>(_ body: () throws -> T) -> Outcome<T> {
        do { return .success(try body()) } catch { return .failure(message(error)) }
    }

    private static func biometric(_ body: () throws -> BiometricReply) -> BiometricReply {
        do { return try body() } catch { return .failed(.systemCancel, message: message(error)) }
    }

    public static func message(_ error: Error) -> String {
        if let described = error as? CustomStringConvertible { return described.description }
        return "Something went wrong; nothing was changed. Try again."
    }
}
