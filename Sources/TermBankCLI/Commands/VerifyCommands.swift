import Glibc
import TermBankCore

enum VerifyCommands {
    static let all = [
        Command(["phone"], arguments: "NAME|+NUMBER [--last] [--follow]",
                summary: "Show the simulated phone's messages (codes, voice calls)",
                details: ["Lists the newest 1,000 messages, oldest first.",
                          "--last: only the newest message. --follow: keep printing new messages as they arrive",
                          "(for a second terminal pane during a demo; Ctrl-C stops).",
                          "+NUMBER: the phone with that number, a customer's or not (a phone change sends its",
                          "code to the new number)."],
                boolean: ["last", "follow"], run: phone),
        Command(["verify", "start"], arguments: "NAME",
                summary: "Send a sign-in code to a user's phone (Verify's start)",
                details: ["Prints the request id. The code goes to the simulated phone, through --sms-command,",
                          "or through the Verify service --verify names (docs/second-factors.md, \"Real SMS\")."],
                run: start),
        Command(["verify", "check"], arguments: "REQUEST_ID", summary: "Check a sign-in code (Verify's check)",
                details: ["Asks for the code (without echo on a terminal), or reads one line of standard input;",
                          "never from the command line, where ps and shell history would show it.",
                          "Exit 0 when verified, 1 otherwise. Three wrong codes fail the request."],
                run: check),
        Command(["verify", "status"], arguments: "REQUEST_ID", summary: "Show a verification request's status",
                details: ["With a Verify service (--verify), also its name, its request id and, when it tells",
                          "(Twilio), its own status."],
                run: status),
        Command(["verify", "cancel"], arguments: "REQUEST_ID", summary: "Cancel a verification request in progress",
                run: cancel),
        Command(["verify", "test"], arguments: "+NUMBER",
                summary: "Send one code to a real phone through the Verify service and check it",
                details: ["Needs --verify vonage or twilio and its credentials (docs/second-factors.md, \"Real SMS\").",
                          "Sends one sign-in code to +NUMBER, asks for the code that arrived (without echo on a",
                          "terminal, or one line of standard input) and has the service check it: exit 0 when it",
                          "approves. Confirms the credentials and the route before a meeting; no customer and no",
                          "bank are involved, so no send limit counts it."],
                run: test),
    ]

    /// How many messages `phone NAME` lists: the newest ones.
    static let listed = 1_000

    /// A user's phone, or a number typed with its +.
    private struct Handset {
        let phone: PhoneNumber
        let owner: String
    }

    static func phone(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        let name = try arguments.expectPositionals(["NAME"])[0]
        let handset: Handset
        if name.hasPrefix("+") {
            do {
                let number = try PhoneNumber(validating: name)
                handset = Handset(phone: number, owner: number.e164)
            } catch { throw CommandFailure.from(error) }
        } else {
            let found = try context.existingUser(name)
            handset = Handset(phone: found.phone, owner: found.username.rawValue)
        }
        let store = try context.store()
        var printed: Int64 = 0
        // The simulated phone's log for the operator and the demo's scripts (SSHBenchmarkTests
        // reads it): ISO 8601 UTC times, like every CLI output. The app's phone panel writes
        // them in the customer's language (`DemoText.received`).
        func show(_ message: PhoneMessage) {
            let kind = message.channel == .voice ? "Voice call" : "SMS"
            context.console.print("[\(message.at.description)] \(kind) to \(message.phone.e164): \(message.text)")
            printed = max(printed, message.id)
        }
        if arguments.flag("last") {
            if let last = try store.lastInboxMessage(of: handset.phone) { show(last) }
        } else if !arguments.flag("follow") {
            try store.newestInbox(of: handset.phone, after: 0, since: nil, limit: listed).forEach(show)
        } else {
            printed = try store.lastInboxMessage(of: handset.phone).map { $0.id - 1 } ?? 0
        }
        guard arguments.flag("follow") else {
            if printed == 0 { context.console.print("No messages for \(handset.owner) (\(handset.phone.e164)).") }
            return .ok
        }
        context.console.print("Following \(handset.owner)'s phone (\(handset.phone.e164)); Ctrl-C stops.")
        while true {
            for message in try store.inbox(of: handset.phone, after: printed) { show(message) }
            usleep(300_000)
        }
    }

    static func start(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        let user = try context.existingUser(try arguments.expectPositionals(["NAME"])[0])
        let ticket: VerificationTicket
        do {
            ticket = try context.verifyService().start(for: user, purpose: .signIn, context: .operatorCLI,
                                                       holder: .operatorCLI)
        } catch let error as VerifyError {
            throw CommandFailure(error.description, code: .unavailable)
        }
        // key=value output for scripts, as Verify's API answers: the expiry in ISO 8601 UTC.
        context.console.print("request_id=\(ticket.id) status=IN PROGRESS expires=\(ticket.expiresAt)"
                              + (ticket.reused ? " (already running for this number)" : ""))
        return .ok
    }

    static func request(_ text: String, _ context: CommandContext) throws -> (VerificationRequest, UserRecord) {
        guard let id = VerificationID(parsing: text) else {
            throw CommandFailure("\(Console.quoted(text)) is not a request id (32 hex digits).", code: .dataError)
        }
        guard let request = try context.verifyService().status(id),
              let user = try context.store().user(id: request.userID) else {
            throw CommandFailure("No verification request \(id).", code: .noInput)
        }
        return (request, user)
    }

    static func check(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        try CodeArgument.refuse(arguments, before: ["REQUEST_ID"], command: "verify check REQUEST_ID")
        let (request, user) = try request(try arguments.expectPositionals(["REQUEST_ID"])[0], context)
        guard request.purposeKind == "signin" else {
            throw CommandFailure("Transfer codes are checked by the app, bound to the transfer they approve.",
                                 code: .dataError)
        }
        let code = try context.console.readCode(prompt: "Code sent to \(user.phone.masked): ")
        let result = try context.verifyService().check(request.id, code: code, purpose: .signIn, for: user,
                                                       context: .operatorCLI)
        if case .verified = result {
            context.console.print("Verified.")
            return .ok
        }
        context.console.error(result.description)
        return .failure
    }

    static func status(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        let (request, user) = try request(try arguments.expectPositionals(["REQUEST_ID"])[0], context)
        var line = "request_id=\(request.id) user=\(user.username) purpose=\(request.purposeKind) "
            + "status=\"\(request.status.rawValue)\" events=\(request.events) "
            + "wrong_checks=\(request.wrongChecks) expires=\(request.expiresAt)"
        if let reference = VerifyService.providerReference(of: request) {
            let service = try context.verifyService()
            line += " provider=\(service.codes.name) provider_request=\(reference)"
            // The service's own view, when it tells one; a service that cannot be reached is said, not fatal.
            let seen = (try? service.providerStatus(of: request)).flatMap { $0 }
            line += " provider_status=\(seen?.rawValue ?? "unknown")"
        }
        context.console.print(line)
        return .ok
    }

    /// `verify test +NUMBER`: the configured service, straight: no customer, no request row.
    static func test(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        try CodeArgument.refuse(arguments, before: ["+NUMBER"], command: "verify test +NUMBER")
        let text = try arguments.expectPositionals(["+NUMBER"])[0]
        let phone: PhoneNumber
        do { phone = try PhoneNumber(validating: text) } catch { throw CommandFailure.from(error) }
        guard case .provider(let provider) = try context.codes() else {
            throw CommandFailure.usage("verify test needs --verify vonage or twilio: the simulated phone sends no SMS")
        }
        let request = ProviderRequest(phone: phone, purpose: .signIn, language: .english,
                                      codeLength: context.codeConfiguration.codeLength,
                                      expirySeconds: context.codeConfiguration.expirySeconds)
        let reference: ProviderReference
        do {
            reference = try provider.start(request)
        } catch {
            throw CommandFailure("\(provider.name) sent no code to \(phone.masked): \(error)", code: .unavailable)
        }
        context.console.print("Sent a code to \(phone.masked) through \(provider.name) (request \(reference)).")
        let code = try context.console.readCode(prompt: "Code that arrived: ")
        let answer: ProviderCheck
        do {
            answer = try provider.check(reference, code: code, request: request)
        } catch {
            throw CommandFailure("\(provider.name) did not check the code: \(error)", code: .unavailable)
        }
        guard answer == .approved else {
            try? provider.cancel(reference, request: request)
            context.console.error("\(provider.name) did not approve the code (\(answer)); the request is cancelled.")
            return .failure
        }
        context.console.print("Verified: \(provider.name) sent the code and approved it. The credentials work.")
        return .ok
    }

    static func cancel(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        let (request, user) = try request(try arguments.expectPositionals(["REQUEST_ID"])[0], context)
        do {
            try context.verifyService().cancel(request.id, for: user, reason: "cancelled by operator",
                                               context: .operatorCLI)
        } catch let error as VerifyError {
            throw CommandFailure(error.description, code: .dataError)
        }
        context.console.print("Cancelled \(request.id).")
        return .ok
    }
}
