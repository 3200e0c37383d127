/// The words on the phone. Each names the bank, the code, when it expires,
/// what it approves, and that it must never be shared.
enum VerificationMessages {
    static let never = "Never share this code with anyone, not even TermBank staff."

    static func sms(code: String, purpose: VerificationPurpose, expiresIn minutes: Int64) -> String {
        switch purpose {
        case .signIn:
            return "TermBank: your sign-in code is \(code). It expires in \(minutesText(minutes)). \(never)"
        case .transfer(let transfer):
            return "TermBank: code \(code) approves moving \(transfer.summary). It expires in \(minutesText(minutes)). \(never)"
        case .confirmation(let change):
            return "TermBank: code \(code) confirms: \(change.summary). It expires in \(minutesText(minutes)). \(never)"
        }
    }

    /// The simulated voice call reads the digits one by one, twice.
    static func voice(code: String, purpose: VerificationPurpose, expiresIn minutes: Int64) -> String {
        let spoken = code.map(String.init).joined(separator: ", ")
        let what: String
        switch purpose {
        case .signIn: what = "to sign in"
        case .transfer(let transfer): what = "to approve moving \(transfer.summary)"
        case .confirmation(.proveNewPhone): what = "to confirm this number for your TermBank codes"
        case .confirmation(let change): what = "to \(change.summary)"
        }
        return "Voice call from TermBank: your code \(what) is \(spoken). Again: \(spoken). "
            + "It expires in \(minutesText(minutes)). \(never)"
    }

    /// The 4-digit cap was reached: the phone is told at once.
    static func locked(until: Timestamp) -> String {
        "TermBank: too many wrong codes were typed for your account, so codes by SMS are locked until "
            + "\(until.timeOfDay). If this was not you, change your password and call TermBank."
    }

    static func minutesText(_ minutes: Int64) -> String { minutes == 1 ? "1 minute" : "\(minutes) minutes" }
}
