import TermBankCore

/// The presenter's view's words in English.
extension EnglishAppCatalog {
    public func text(_ text: PresenterText) -> String {
        switch text {
        case .title: return "Presenter's view"
        case .totals(let connected, let finished, let moved):
            return "Connected \(connected) · Finished \(finished) · Money moved \(moved)"
        case .columnOrigin: return "Origin"
        case .columnDoor: return "Door"
        case .columnCustomer: return "Customer"
        case .columnLanguage: return "Lang"
        case .columnSteps: return "Steps"
        case .columnSince: return "Last"
        case .columnStuck: return "Stuck"
        case .door(let door):
            switch door {
            case .ssh: return "SSH"
            case .web: return "web"
            case .local: return "local"
            }
        case .noCustomer: return "—"
        case .since(let seconds): return PresenterText.shortDuration(seconds, s: "s", min: "min", h: "h")
        case .sameScreen(let minutes): return "same screen \(minutes) min"
        case .refused(let refusal):
            switch refusal {
            case .password: return "refused: password"
            case .code: return "refused: code"
            case .moneyMovement: return "refused: transfer"
            case .other: return "refused"
            }
        case .lockedUntil(let time): return "locked until \(time)"
        case .codesLockedUntil(let time): return "codes locked until \(time)"
        case .smsLimitReached: return "SMS limit reached"
        case .sameScreenShort(let minutes): return "screen \(minutes) min"
        case .refusedShort(let refusal):
            switch refusal {
            case .password: return "password refused"
            case .code: return "code refused"
            case .moneyMovement: return "transfer refused"
            case .other: return "refused"
            }
        case .lockedShort: return "locked"
        case .codesLockedShort: return "codes locked"
        case .smsLimitShort: return "SMS limit"
        case .fine: return "—"
        case .onScreen(let screen): return "on \(screen)"
        case .screenName(let name):
            switch name {
            case .welcome: return "welcome"
            case .guestCard: return "guest card"
            case .pickDevice: return "device picker"
            case .login: return "sign-in"
            case .sitekeyFirst: return "username"
            case .sitekey: return "sitekey"
            case .biometric: return "Touch ID / Face ID"
            case .code: return "SMS code"
            case .authenticatorCode: return "authenticator code"
            case .recoveryCode: return "recovery code"
            case .statement: return "statement"
            case .transfer: return "transfer"
            case .receipt: return "receipt"
            case .pay: return "payment"
            case .paid: return "payment sent"
            case .security: return "security"
            case .authenticatorSetup: return "authenticator set-up"
            case .newRecoveryCodes: return "new recovery codes"
            case .signedOut: return "signed out"
            case .phone: return "phone window"
            case .presenter: return "presenter's view"
            }
        case .canUnlock: return "u lifts its locks"
        case .empty: return "No stakeholder connected."
        case .emptyHint: return "Share the SSH or browser door."
        case .reading: return "Reading the bank…"
        case .recordsUnavailable: return "This bank's presence records cannot be read yet."
        case .unlockTitle: return "Unlock"
        case .unlockQuestion(let customer, let origin): return "Unlock \(customer) for \(origin)?"
        case .unlockExplanation:
            return "This lifts the wrong-password and wrong-code locks and the hourly SMS count at that origin for that customer; "
                + "other origins keep theirs. It is recorded in the audit trail."
        case .unlocked(let customer, let origin): return "Unlocked \(customer) (\(origin))."
        case .nothingToUnlock(let origin): return "Nothing to unlock (\(origin))."
        }
    }
}

extension PresenterText {
    /// "45 s", "3 min", "2 h": the unit words are the language's.
    static func shortDuration(_ seconds: Int64, s: String, min: String, h: String) -> String {
        let seconds = Swift.max(0, seconds)
        if seconds < 60 { return "\(seconds) \(s)" }
        if seconds < 3600 { return "\(seconds / 60) \(min)" }
        return "\(seconds / 3600) \(h)"
    }
}
