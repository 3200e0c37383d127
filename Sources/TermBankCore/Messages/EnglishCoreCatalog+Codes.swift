/// Codes by SMS and voice: the refusals, the checks, and the words on the phone.
extension EnglishCoreCatalog {
    public func text(_ error: VerifyError) -> String {
        switch error {
        case .tooManySends(let next):
            return "Too many codes were sent to this number in the last hour. Try again after \(time(next))."
        case .tooManySendsForCustomer(let next):
            return "Too many codes and messages were sent for your account in the last hour. "
                + "Try again after \(time(next))."
        case .numberBusy(let until):
            return "A code sent to that number for another request is still running. Try again after \(time(until))."
        case .smsCodesLocked(let until): return text(CheckResult.smsCodesLocked(until: until))
        case .resendTooSoon(let seconds):
            return "You can ask for a new code in \(seconds) \(plural(Int(clamping: seconds), one: "second", other: "seconds"))."
        case .noMoreEvents:
            return "No more codes can be sent for this request. Start again."
        case .notInProgress(let status): return text(CheckResult.notInProgress(status))
        case .notFound: return "No such verification request."
        case .delivery(let failure): return text(failure)
        case .providerUnavailable: return "The bank cannot send a code just now; nothing was changed."
        }
    }

    public func text(_ result: CheckResult) -> String {
        switch result {
        case .verified: return "Verified."
        case .smsCodesLocked(let until):
            return "Too many wrong codes. Codes by SMS are locked for this account until \(time(until)); "
                + "if you did not type them, change your password and call TermBank."
        case .wrongCode(let left):
            return "Wrong Pin Code. The pin code you entered is invalid. \(attemptsLeft(left))"
        case .tooManyWrongCodes: return "Unsuccessful Identification. Logging out. Goodbye."
        case .expired: return "This code has expired. Ask for a new one."
        case .notInProgress(let status):
            switch status {
            case .success: return "This code was already used."
            case .failed: return "This verification failed after too many wrong codes."
            case .expired: return "This code has expired. Ask for a new one."
            case .cancelled: return "This verification was cancelled."
            case .superseded:
                return "A newer code was requested for your account from another session or device, "
                    + "so this code no longer works. Ask for a new one."
            case .inProgress: return "This verification is still in progress."
            }
        case .notFound: return "No such verification request."
        }
    }

    /// The reason is the gateway's own words (sanitised before any terminal).
    public func text(_ failure: DeliveryFailure) -> String { "The code could not be sent: \(failure.reason)" }

    public func text(_ problem: VerifyConfiguration.Invalid) -> String {
        switch problem {
        case .codeLength: return "A code has 4 or 6 digits."
        case .expiry: return "A code expires after 1 to 10 minutes."
        }
    }

    private var never: String { "Never share this code with anyone, not even TermBank staff." }

    public func smsText(code: String, purpose: VerificationPurpose, expiresInSeconds seconds: Int64) -> String {
        let expiry = "It expires in \(timeLeft(seconds))."
        switch purpose {
        case .signIn:
            return "TermBank: your sign-in code is \(code). \(expiry) \(never)"
        case .transfer(let transfer) where transfer.isPayment:
            return "TermBank: code \(code) approves paying \(summary(transfer)). \(expiry) \(never)"
        case .transfer(let transfer):
            return "TermBank: code \(code) approves moving \(summary(transfer)). \(expiry) \(never)"
        case .confirmation(let change):
            return "TermBank: code \(code) confirms: \(summary(change)). \(expiry) \(never)"
        }
    }

    /// The simulated voice call reads the digits one by one, twice.
    public func voiceText(code: String, purpose: VerificationPurpose, expiresInSeconds seconds: Int64) -> String {
        let spoken = code.map(String.init).joined(separator: ", ")
        let what: String
        switch purpose {
        case .signIn: what = "to sign in"
        case .transfer(let transfer) where transfer.isPayment: what = "to approve paying \(summary(transfer))"
        case .transfer(let transfer): what = "to approve moving \(summary(transfer))"
        case .confirmation(.proveNewPhone): what = "to confirm this number for your TermBank codes"
        case .confirmation(let change): what = "to \(summary(change))"
        }
        return "Voice call from TermBank: your code \(what) is \(spoken). Again: \(spoken). "
            + "It expires in \(timeLeft(seconds)). \(never)"
    }

    public func providerSentText(phone: String, provider: String) -> String {
        "TermBank: your code was sent to \(phone) by \(provider). It is not shown on this simulated phone: read it on the real one."
    }

    public func smsLockedText(until: Timestamp) -> String {
        "TermBank: too many wrong codes were typed for your account, so codes by SMS are locked until "
            + "\(time(until)). If this was not you, change your password and call TermBank."
    }
}
