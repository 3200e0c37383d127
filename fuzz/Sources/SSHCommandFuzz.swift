@testable import TermBankCLI

/// `SSH_ORIGINAL_COMMAND`: only nothing (the app) and, in demo mode, exactly
/// `phone` are accepted; every other command is refused without being repeated.
enum SSHCommandFuzz {
    static func run(_ bytes: [UInt8]) {
        var input = FuzzBytes(bytes)
        let demo = input.byte() & 1 == 1
        let original = input.rest()
        do {
            let command = try SSHCommand.parse(original, demo: demo)
            let trimmed = original.trimmingWhitespace()
            switch command {
            case .app: FuzzCheck.require(trimmed.isEmpty, "\(original.debugDescription) ran the app")
            case .phone: FuzzCheck.require(demo && trimmed == "phone", "\(original.debugDescription) opened the phone")
            }
        } catch {
            // Refused with the one fixed line (the same as for any other command), never quoting it.
            let line = String(describing: error)
            var fixed = ""
            do { _ = try SSHCommand.parse("x", demo: demo) } catch let refusal { fixed = String(describing: refusal) }
            FuzzCheck.require(line == fixed, "the refusal of \(original.debugDescription) is its own line: \(line)")
        }
    }
}
