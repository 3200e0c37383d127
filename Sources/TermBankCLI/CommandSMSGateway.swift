import TermBankCore
import TermBankSystem

/// Hands each message to an operator's command (to reach a real SMS
/// provider): `/bin/sh -c CMD` with TERMBANK_SMS_TO and TERMBANK_SMS_CHANNEL
/// set and the text on stdin. A non-zero exit, or no exit within 30 s, is a
/// failed delivery. The command's output is discarded: it must not draw over
/// the app, and the error we report never repeats the text (it holds a code).
struct CommandSMSGateway: SMSGateway {
    let command: String
    let timeoutSeconds: Double = 30
    /// Raised when the app quits: the command is killed rather than waited for.
    var cancellation: Cancellation?

    func deliver(_ message: OutgoingMessage) throws {
        var environment = Paths.environment()
        environment["TERMBANK_SMS_TO"] = message.to.e164
        environment["TERMBANK_SMS_CHANNEL"] = message.channel.rawValue
        let process: ChildProcess
        do {
            process = try ChildProcess(executable: "/bin/sh", arguments: ["-c", command], environment: environment,
                                       input: .text(message.text + "\n"), output: .null, errors: .null)
        } catch {
            throw DeliveryFailure(reason: "the SMS command could not be started")
        }
        let ended = process.wait(seconds: timeoutSeconds, cancellation: cancellation)
        if ended.cancelled {
            throw DeliveryFailure(reason: "the app quit before the SMS command finished")
        }
        if ended.timedOut {
            throw DeliveryFailure(reason: "the SMS command did not finish within \(Int(timeoutSeconds)) s")
        }
        guard let status = ended.exitStatus, status == 0 else {
            throw DeliveryFailure(reason: "the SMS command failed (exit status \(ended.exitStatus ?? 128 + (ended.signal ?? 0)))")
        }
    }
}
