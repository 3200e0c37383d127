/// Authenticator apps, recovery codes, trusted devices and the settings that change them.
extension EnglishCoreCatalog {
    public func text(_ check: AuthenticatorCheck) -> String {
        switch check {
        case .verified: return "Verified."
        case .wrongCode(let left):
            return "That code is not right. Check the clock on your phone. \(attemptsLeft(left))"
        case .alreadyUsed(let left):
            return "That code was already used. Wait for the next one in your authenticator app. \(attemptsLeft(left))"
        case .locked(let until):
            return "Too many wrong codes. Two-factor codes are locked until \(time(until))."
        case .notEnrolled: return "No authenticator app is set up for this account."
        }
    }

    public func text(_ result: ActivationResult) -> String {
        switch result {
        case .activated: return "Your authenticator app is set up."
        case .wrongCode(let left): return text(AuthenticatorCheck.wrongCode(attemptsLeft: left))
        case .alreadyUsed(let left): return text(AuthenticatorCheck.alreadyUsed(attemptsLeft: left))
        case .locked(let until): return text(AuthenticatorCheck.locked(until: until))
        case .expired: return "The set-up took more than 10 minutes; start again for a new QR code."
        case .noEnrolment: return "No authenticator set-up is in progress; start one first."
        }
    }

    public func text(_ error: AuthenticatorError) -> String {
        switch error {
        case .sealedForAnotherUser: return "A stored authenticator secret does not belong to this account; it was refused."
        }
    }

    public func text(_ check: RecoveryCodeCheck) -> String {
        switch check {
        case .accepted(let proof):
            if proof.remaining == 0 { return "That was your last recovery code: make a new set now." }
            let codes = plural(proof.remaining, one: "recovery code", other: "recovery codes")
            return "Recovery code accepted. \(proof.remaining) \(codes) left."
        case .wrongCode(let left): return "That recovery code is not right. \(attemptsLeft(left))"
        case .alreadyUsed(let left): return "That recovery code was already used. \(attemptsLeft(left))"
        case .locked(let until): return text(AuthenticatorCheck.locked(until: until))
        case .notEnrolled: return "This account has no recovery codes."
        }
    }

    public func text(_ error: ConfirmationError) -> String {
        switch error {
        case .password(let refusal): return text(refusal)
        case .authenticator(let check): return text(check)
        case .recoveryCode(let check): return text(check)
        case .sms(let check): return text(check)
        case .needsStrongFactor: return "Confirm with a code from your authenticator app, or a recovery code."
        case .noAuthenticator: return "No authenticator app is set up; confirm with the code sent to your phone."
        case .grantNotValid: return "Sign in again to make new recovery codes."
        case .nothingToChange(let unchanged): return text(unchanged)
        case .needsSMSCode: return "Confirm with the code sent to your phone for this change."
        case .needsNewPhoneCode: return "Type the code sent to the new number: it proves the number is yours."
        case .phoneInUse:
            return "That number belongs to another TermBank customer. Use a number of your own."
        }
    }

    public func text(_ unchanged: ConfirmationError.Unchanged) -> String {
        switch unchanged {
        case .samePhoneNumber: return "That is already your phone number."
        case .notASignInFactor: return "Sign-in uses SMS codes or the authenticator app."
        case .smsVerificationAlreadyOff: return "SMS verification is already off."
        }
    }

    public func text(_ error: TrustedDeviceError) -> String {
        switch error {
        case .noDevice: return "Only a sign-in on a device can trust that device."
        case .noSecondFactorPassed:
            return "A device can be trusted only right after a sign-in that passed a second factor."
        case .signInTooOld: return "Trust a device right after signing in on it; sign in again first."
        case .notFound: return "No such trusted device for this account."
        case .deviceNotHeld:
            return "A phone chosen from the list cannot be trusted: anyone on this connection could choose it."
        }
    }

    public func summary(_ change: SecurityChange) -> String {
        switch change {
        case .turnOffSMSVerification: return "turn off sign-in codes by SMS"
        case .turnOffAuthenticator: return "turn off your authenticator app"
        case .setUpAuthenticator: return "set up an authenticator app"
        case .replaceAuthenticator: return "set up a new authenticator app"
        case .changePhone(let phone): return "change your phone number to \(phone.masked)"
        case .proveNewPhone: return "this number receives your TermBank codes from now on"
        case .signInWithSMS: return "sign in with SMS codes instead of your authenticator app"
        case .regenerateRecoveryCodes: return "make new recovery codes"
        }
    }

    public func text(_ notice: PhoneNotice) -> String {
        let notYou = "If this was not you, call TermBank at once."
        switch notice {
        case .turnedOff(let factor, let at):
            let what = factor == .authenticator ? "your authenticator app" : "codes by SMS"
            return "TermBank: two-factor sign-in was turned off (\(what)) at \(time(at)). \(notYou)"
        case .authenticatorAdded(let at):
            return "TermBank: an authenticator app was set up for signing in at \(time(at)). \(notYou)"
        case .authenticatorReplaced(let at, let oldUntil):
            return "TermBank: your authenticator app was replaced at \(time(at)); the old one stops working at \(time(oldUntil)). \(notYou)"
        case .signInBySMS(let at):
            return "TermBank: sign-in now asks for an SMS code instead of your authenticator app (changed at \(time(at))). \(notYou)"
        case .phoneChanged(let phone, let at):
            return "TermBank: your phone number was changed to \(phone.masked) at \(time(at)); codes no longer come here. \(notYou)"
        case .phoneAdded(let at):
            return "TermBank: this number now receives your TermBank codes (changed at \(time(at))). \(notYou)"
        case .recoveryCodesReplaced(let at):
            return "TermBank: new recovery codes were made at \(time(at)); the old ones no longer work. \(notYou)"
        case .paymentReceived(let amount, let payer):
            return "TermBank: You received \(money(amount)) from \(payer)."
        }
    }
}
