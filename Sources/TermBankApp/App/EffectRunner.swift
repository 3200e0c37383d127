import TermBankCore

/// Performs an effect against the bank client and says what happened, as an
/// action for the reducer. Errors become messages fit for the screen; no
/// error here carries a secret (see `Secret` and `StoreError`).
public enum EffectRunner {
    /// `failed` hears every error that became a message on the screen, before
    /// the catalog words it: the screen names nothing of the server (see
    /// `AppCatalog.text(_:)`), so this is where the one running the app (over
    /// SSH, the operator's log) can keep the full error, path and all.
    public static func run(_ effect: Effect, client: BankingClient, failed: @escaping (any Error) -> Void = { _ in }) -> Action? {
        Performer(client: client, failed: failed).run(effect)
    }

    /// What to tell the customer about an error, as a value a catalog words:
    /// the core's message for a core error, the app's own for the rest. An
    /// unexpected error's description is never shown: it was not written for
    /// the customer and may say more than they should see.
    public static func appMessage(_ error: Error) -> AppMessage {
        if let message = error as? AppMessage { return message }
        if let core = CoreMessage(error) { return .core(core) }
        if error is BankingClient.Unimplemented { return .session(.bankDoesNotOfferThat) }
        return .session(.somethingWentWrong)
    }

    /// The same, in English: what `appMessage` says, for a log or a test.
    public static func message(_ error: Error) -> String {
        EnglishAppCatalog().text(appMessage(error))
    }
}

/// One effect's run: the client it asks, and who hears the errors it words.
private struct Performer {
    let client: BankingClient
    let failed: (any Error) -> Void

    /// An error as the screen will word it, after `failed` has heard it.
    func appMessage(_ error: Error) -> AppMessage {
        failed(error)
        return EffectRunner.appMessage(error)
    }

    func run(_ effect: Effect) -> Action? {
        do {
            return try perform(effect)
        } catch SignInFlow.FlowError.expired {
            // A sign-in parked too long: the core refused it; back to the start.
            return .signIn(.signInExpired(.core(.signInFlow(.expired))))
        } catch {
            return .sessionEnded(appMessage(error))
        }
    }

    private func perform(_ effect: Effect) throws -> Action? {
        switch effect {
        case .selectDevice(let name):
            return .signIn(.deviceSelected(try outcome { try client.signingIn.selectDevice(name); return name }))
        case .lookUpSitekey(let username):
            // A lookup that fails is not an answer: the reducer takes the usual
            // order (password, then sitekey), and says why; `failed` hears it first.
            do {
                return .signIn(.sitekeyLookedUp(username: username, try client.signingIn.lookUpSitekey(username)))
            } catch {
                return .signIn(.sitekeyLookupFailed(username: username, appMessage(error)))
            }
        case .signIn(let username, let password):
            return .signIn(.signInReplied(try value({ try client.signingIn.signIn(username, password) }, orElse: SignInReply.refused, as: appMessage)))
        case .beginBiometric(let reason):
            return .secondFactor(.biometricReplied(try biometric { try client.signingIn.beginBiometric(reason) }))
        case .biometric(let event, let prompt):
            return .secondFactor(.biometricReplied(try biometric { try client.signingIn.biometric(event, prompt) }))
        case .sendSignInCode:
            return .secondFactor(.codeSent(try outcome { try client.signingIn.sendSignInCode() }))
        case .resendCode(let ticket):
            return .secondFactor(.codeSent(try outcome { try client.signingIn.resendCode(ticket) }))
        case .checkSignInCode(let ticket, let code):
            return .secondFactor(.codeChecked(try value({ try client.signingIn.checkSignInCode(ticket, code) }, orElse: CodeReply.refused)))
        case .checkAuthenticatorCode(let code):
            return .secondFactor(.authenticatorCodeChecked(try value({ try client.signingIn.checkAuthenticatorCode(code) }, orElse: CodeReply.refused)))
        case .checkRecoveryCode(let code):
            return .secondFactor(.recoveryCodeChecked(try value({ try client.signingIn.checkRecoveryCode(code) }, orElse: CodeReply.refused)))
        case .makeRecoveryCodes(let password):
            return .secondFactor(.recoveryCodesMade(try value({ try client.signingIn.makeRecoveryCodesAfterLastUse(password) },
                                            orElse: RecoveryCodesReply.refused)))
        case .loadSecurity:
            return .security(.securityLoaded(try outcome { try client.settings.securityOverview() }))
        case .sendConfirmationCode(let change, let password):
            return .security(.confirmationCodeSent(try outcome { try client.settings.sendConfirmationCode(change, password) }))
        case .beginEnrolment(let password, let code):
            return .security(.enrolmentStarted(try value({ try client.settings.beginEnrolment(password, code) }, orElse: EnrolmentReply.refused)))
        case .finishEnrolment(let code):
            return .security(.enrolmentFinished(try value({ try client.settings.finishEnrolment(code) }, orElse: ActivationReply.refused)))
        case .chooseSignInFactor(let factor, let password, let code):
            return .security(.securityChanged(try value({ try client.settings.chooseSignInFactor(factor, password, code) },
                                          orElse: SecurityChangeReply.refused)))
        case .turnOffSMSVerification(let password, let code):
            return .security(.securityChanged(try value({ try client.settings.turnOffSMSVerification(password, code) },
                                          orElse: SecurityChangeReply.refused)))
        case .turnOffAuthenticator(let password, let code):
            return .security(.securityChanged(try value({ try client.settings.turnOffAuthenticator(password, code) }, orElse: SecurityChangeReply.refused)))
        case .regenerateRecoveryCodes(let password, let code):
            return .security(.recoveryCodesRegenerated(try value({ try client.settings.regenerateRecoveryCodes(password, code) },
                                            orElse: RecoveryCodesReply.refused)))
        case .changePhone(let phone, let password, let code, let newPhoneCode):
            return .security(.securityChanged(try value({ try client.settings.changePhone(phone, password, code, newPhoneCode) }, orElse: SecurityChangeReply.refused)))
        case .trustDevice:
            return .security(.deviceTrusted(try outcome { try client.settings.trustDevice() }))
        case .revokeTrustedDevice(let id):
            do {
                return .security(.trustedDeviceRevoked(try client.settings.revokeTrustedDevice(id)))
            } catch let ended as SessionError {
                // This session came through that trust: it ended with it.
                return .sessionEnded(.core(.session(ended)))
            } catch {
                return .security(.trustedDeviceRevoked(.refused(appMessage(error))))
            }
        case .openSession:
            do {
                return .signIn(.sessionOpened(.success(try client.signingIn.openSession())))
            } catch SignInFlow.FlowError.incomplete(let missing) {
                // A factor turned on since the password step: asked for now.
                return .signIn(.signInStillNeeds(missing))
            } catch let expired as SignInFlow.FlowError where expired == .expired {
                throw expired
            } catch {
                return .signIn(.sessionOpened(.failure(appMessage(error))))
            }
        case .loadAccount(let user):
            do {
                return .banking(.accountLoaded(.success(try client.signedIn.loadAccount(user))))
            } catch let ended as SessionError {
                // The refresh found the session ended (elsewhere too): sign out, no more balances.
                return .sessionEnded(.core(.session(ended)))
            } catch {
                return .banking(.accountLoaded(.failure(appMessage(error))))
            }
        case .loadStatement(let request):
            do {
                return .banking(.accountLoaded(.success(try client.signedIn.loadStatement(request))))
            } catch let ended as SessionError {
                return .sessionEnded(.core(.session(ended)))
            } catch {
                return .banking(.accountLoaded(.failure(appMessage(error))))
            }
        case .reviewTransfer(let user, let from, let to, let amount):
            return .banking(.transferReviewed(PendingTransfer(userID: user, from: from, to: to, amount: amount,
                                                     clientID: try client.signedIn.newTransferID())))
        case .loadPaymentAllowance:
            return .banking(.allowanceLoaded(try outcome { try client.signedIn.paymentAllowance() }))
        case .lookUpPayee(let username):
            return .banking(.payeeFound(try outcome { try client.signedIn.lookUpPayee(username) }))
        case .reviewPayment(let user, let from, let payee, let amount, let reference):
            return .banking(.paymentReviewed(PendingTransfer(userID: user, from: from, payee: payee, amount: amount,
                                                             reference: reference, clientID: try client.signedIn.newTransferID())))
        case .loadStepUpApproval(let pending):
            return .banking(.stepUpApprovalLoaded(pending, try outcome { try client.signedIn.stepUpApproval(pending) }))
        case .beginTransferApproval(let pending):
            return .banking(.stepUpStarted(try outcome { try client.signedIn.beginTransferApproval(pending) }))
        case .approveTransfer(let proof, let pending):
            return .banking(.transferApproved(try value({ try client.signedIn.approveTransfer(proof, pending) },
                                                        orElse: { TransferApprovalReply.refused($0) })))
        case .turnOnSMSVerification:
            return .security(.smsSwitchReplied(try value({ try client.settings.turnOnSMSVerification() }, orElse: SMSSwitchReply.refused)))
        case .touchSession:
            do {
                try client.signedIn.touchSession()
                return nil
            } catch let store as StoreError where store.isTransient {
                // The database is unreachable for now (a PostgreSQL restart):
                // the session stands and the screen keeps what was typed; the
                // request the key made reports the failure and is retried when asked.
                return nil
            } catch let store as StoreError {
                // A full disk or an I/O error ends no session either (issue 25):
                // the session's row is as it was, every request checks it again
                // and reports its own failure, and once the disk works the
                // customer carries on. The operator's log hears it.
                failed(store)
                return nil
            } catch {
                return .sessionEnded(appMessage(error))
            }
        case .checkSession:
            do {
                try client.signedIn.checkSession()
                return nil
            } catch let store as StoreError where store.isTransient {
                return nil
            } catch let store as StoreError {
                failed(store)
                return nil
            } catch {
                return .sessionEnded(appMessage(error))
            }
        case .beginBiometricSwitch:
            return .security(.biometricSwitchReplied(try biometric { try client.settings.beginBiometricSwitch() }))
        case .biometricSwitch(let event, let prompt):
            return .security(.biometricSwitchReplied(try biometric { try client.settings.biometricSwitch(event, prompt) }))
        case .turnOnBiometricSignIn(let password):
            return .security(.securityChanged(try value({ try client.settings.turnOnBiometricSignIn(password) }, orElse: SecurityChangeReply.refused)))
        case .signOut(let reason):
            do { try client.signOut(reason) } catch { failed(error) }
            return nil
        case .notMyImage:
            do { try client.signingIn.notMyImage() } catch { failed(error) }
            return nil
        case .createGuest(let language):
            return .demo(.guestCreated(try outcome { try demo().createGuest(language) }))
        case .loadPhone:
            return .demo(.phoneLoaded(try outcome { try demo().phoneInbox() }))
        case .loadStory:
            return .demo(.storyLoaded(try outcome { try demo().storyProgress() }))
        case .watchPhone(let name):
            return .demo(.phoneWatched(try outcome { try demo().watchPhone(name); return name }))
        case .useLanguage(let language):
            do { try client.useLanguage(language) } catch { failed(error) }
            return nil
        case .saveLanguage(let language):
            do {
                try client.settings.saveLanguage(language)
                return .security(.languageSaved(.success(language)))
            } catch let ended as SessionError {
                return .sessionEnded(.core(.session(ended)))
            } catch {
                return .security(.languageSaved(.failure(appMessage(error))))
            }
        case .redraw, .quit:
            return nil
        }
    }

    /// The demo's endpoints, which only demo mode has.
    private func demo() throws -> DemoClient {
        guard let demo = client.demo else { throw BankingClient.Unimplemented("demo") }
        return demo
    }

    /// The reply, or the failure case built from the error's message. An
    /// expired sign-in goes up to `run`, whichever step met it.
    private func value<T>(_ body: () throws -> T, orElse failed: (AppMessage) -> T) throws -> T {
        try value(body, orElse: failed, as: appMessage)
    }

    private func value<T, Message>(_ body: () throws -> T, orElse failed: (Message) -> T,
                                   as word: (Error) -> Message) throws -> T {
        do { return try body() } catch let expired as SignInFlow.FlowError where expired == .expired {
            throw expired
        } catch { return failed(word(error)) }
    }

    private func outcome<T>(_ body: () throws -> T) throws -> Outcome<T> {
        try value({ .success(try body()) }, orElse: Outcome.failure, as: appMessage)
    }

    private func biometric(_ body: () throws -> BiometricReply) throws -> BiometricReply {
        try value(body, orElse: { .failed(.systemCancel, message: $0) }, as: appMessage)
    }
}
