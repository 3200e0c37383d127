import Foundation
import TermBankCore

/// Hands each message to an operator's command (to reach a real SMS
/// provider): `/bin/sh -c CMD` with TERMBANK_SMS_TO and TERMBANK_SMS_CHANNEL
/// set and the text on stdin. A non-zero exit, or no exit within 30 s, is a
/// failed delivery. The command's output is discarded: it must not draw over
/// the app, and the error we report never repeats the text (it holds a code).
struct CommandSMSGateway: SMSGateway {
    let command: String
    let timeoutSeconds: Double = 30

    func deliver(_ message: OutgoingMessage) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        var environment = ProcessInfo.processInfo.environment
        environment["TERMBANK_SMS_TO"] = message.to.e164
        environment["TERMBANK_SMS_CHANNEL"] = message.channel.rawValue
        process.environment = environment
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw DeliveryFailure(reason: "the SMS command could not be started")
        }
        // A command that exits without reading stdin must not kill us with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        try? input.fileHandleForWriting.write(contentsOf: Data((message.text + "\n").utf8))
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            throw DeliveryFailure(reason: "the SMS command did not finish within \(Int(timeoutSeconds)) s")
        }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw DeliveryFailure(reason: "the SMS command failed (exit status \(process.terminationStatus))")
        }
    }
}
