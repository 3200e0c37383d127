import Glibc
import TermBankSystem
import TermBankCore
import TermBankQR
import TermBankSecurity

/// The authenticator app, recovery codes and trusted devices by hand. The
/// bank never shows a user's current code: only the user's app computes it.
enum SecondFactorCommands {
    static let all = [
        Command(["totp", "enrol"], arguments: "NAME [--write FILE]",
                summary: "Set up an authenticator app for a user (QR code, secret, first code)",
                details: ["Asks for the user's password, then the code sent to the user's phone for this change (to",
                          "replace an active authenticator: a code from the current app or a recovery code). Prints the otpauth:// URI, a QR code when standard output",
                          "is a terminal, and the secret in groups of four; then asks for the first code the app shows.",
                          "Without a terminal each answer is one line of standard input.",
                          "The first authenticator comes with 10 recovery codes, printed once, or written to FILE",
                          "(created with mode 0600; never overwritten) with --write."],
                valued: ["write"], run: enrol),
        Command(["totp", "status"], arguments: "NAME", summary: "Show a user's second factors and recovery codes left",
                run: status),
        Command(["totp", "disable"], arguments: "NAME",
                summary: "Turn a user's authenticator off (password and a code)",
                details: ["Asks for the password and a code from the app or a recovery code. Deletes the recovery",
                          "codes and tells the user's phone."],
                run: disable),
        Command(["totp", "check"], arguments: "NAME", summary: "Check a sign-in code from the user's app",
                details: ["Asks for the code (without echo on a terminal), or reads one line of standard input;",
                          "never from the command line, where ps and shell history would show it.",
                          "Uses the code up, as a sign-in would. Exit 0 when accepted, 1 otherwise."],
                hidden: true, run: check),
        Command(["recovery", "regenerate"], arguments: "NAME [--write FILE]",
                summary: "Make a user's 10 new recovery codes (password and a code)",
                details: ["Asks for the password and a code from the authenticator app or a recovery code; the old",
                          "codes stop working. The new codes are printed once, or written to FILE (mode 0600,",
                          "never overwritten) with --write."],
                valued: ["write"], run: regenerate),
        Command(["trusted", "list"], arguments: "NAME", summary: "List the devices a user trusts, with last use",
                run: list),
        Command(["trusted", "revoke"], arguments: "NAME ID",
                summary: "Stop trusting a device (its next sign-in asks for the second factor)",
                details: ["Takes effect at once for every process; sessions that skipped their second factor on",
                          "that device end."],
                run: revoke),
    ]

    // MARK: Reading answers

    static func password(_ user: UserRecord, _ context: CommandContext) throws -> Secret {
        guard let password = try context.console.readSecret(prompt: "Password for \(user.username): ") else {
            throw CommandFailure("No password given.", code: .dataError)
        }
        return password
    }

    static func line(_ prompt: String, _ context: CommandContext) throws -> String? {
        if context.console.isInteractive { Files.writeAll(prompt, to: STDERR_FILENO) }
        return try context.console.readLine()?.trimmingWhitespace()
    }

    /// Six digits are an authenticator code; anything else is taken as a recovery code.
    static func secondFactor(_ context: CommandContext) throws -> SecondFactorCode {
        guard let typed = try line("Code from the authenticator app, or a recovery code: ", context), !typed.isEmpty else {
            throw CommandFailure("No code given.", code: .dataError)
        }
        if typed.count == 6, typed.allSatisfy({ $0.isASCII && $0.isNumber }) { return .authenticator(typed) }
        return .recoveryCode(Secret(typed))
    }

    /// Recovery codes to the terminal, or to a new 0600 file when asked.
    static func show(_ codes: [Secret], user: UserRecord, _ arguments: Arguments, _ context: CommandContext) throws {
        let text = codes.map(\.exposedValue).joined(separator: "\n") + "\n"
        if let path = arguments.value("write") {
            let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard fd >= 0 else {
                let reason = errno == EEXIST ? "it already exists" : String(cString: strerror(errno))
                throw CommandFailure("Cannot write the recovery codes to \(path): \(reason). "
                                     + "They were made; run \"termbank recovery regenerate\" for another set.",
                                     code: .ioError)
            }
            let bytes = Array(("TermBank recovery codes for \(user.username): each works once.\n" + text).utf8)
            let wrote = write(fd, bytes, bytes.count)
            fsync(fd)
            close(fd)
            guard wrote == bytes.count else { throw CommandFailure("Could not write all of \(path).", code: .ioError) }
            context.console.print("\(codes.count) recovery codes written to \(path) (mode 0600). Each works once.")
        } else {
            context.console.print("Recovery codes (each works once in place of a code; shown only now):")
            codes.forEach { context.console.print("  " + $0.exposedValue) }
        }
    }

    // MARK: Commands

    static func enrol(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        let user = try context.existingUser(try arguments.expectPositionals(["NAME"])[0])
        let security = try context.securitySettings()
        let password = try password(user, context)
        let replacing = try security.status(for: user).authenticatorActive
        let confirmation: SecondFactorCode
        if replacing {
            confirmation = try secondFactor(context)
        } else {
            // The first app becomes the sign-in factor: the phone confirms it.
            let ticket = try security.sendConfirmationCode(for: user, change: .setUpAuthenticator, context: .operatorCLI)
            guard let typed = try line("Code sent to \(ticket.phone.masked): ", context), !typed.isEmpty else {
                throw CommandFailure("No code given; the authenticator is not set up.", code: .dataError)
            }
            confirmation = .sms(ticket.id, typed)
        }
        let enrolment = try security.beginAuthenticatorEnrolment(for: user, password: password,
                                                                 confirmation: confirmation, context: .operatorCLI)
        context.console.print("Scan the QR code with an authenticator app, or type the secret into it "
                              + "(time-based, 6 digits, 30 seconds).")
        if isatty(STDOUT_FILENO) == 1 {
            for row in try QRMatrix.encode(enrolment.uri.exposedValue).halfBlockLines() { context.console.print(row) }
        }
        context.console.print("URI: " + enrolment.uri.exposedValue)
        context.console.print("Secret: " + enrolment.groupedSecret.exposedValue)
        context.console.print("The set-up lapses at \(enrolment.expiresAt.timeOfDay) unless the app's first code is typed.")
        for _ in 0..<3 {
            guard let code = try line("Code shown by the app: ", context), !code.isEmpty else {
                throw CommandFailure("No code given; the authenticator is not set up.", code: .failure)
            }
            let result = try security.finishAuthenticatorEnrolment(for: user, code: code, context: .operatorCLI)
            switch result {
            case .activated(let codes, let previous):
                context.console.print("Authenticator app set up for \(user.username); sign-in asks for its codes.")
                if let previous { context.console.print("The replaced app still works until \(previous.timeOfDay).") }
                if !codes.isEmpty { try show(codes, user: user, arguments, context) }
                return .ok
            case .wrongCode, .alreadyUsed:
                context.console.error(result.description)
            default:
                throw CommandFailure(result.description, code: .failure)
            }
        }
        throw CommandFailure("The authenticator is not set up.", code: .failure)
    }

    static func status(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        let user = try context.existingUser(try arguments.expectPositionals(["NAME"])[0])
        let status = try context.securitySettings().status(for: user)
        let now = context.clock.now()
        let trusted = try context.trustedDevices().list(for: user).filter { $0.isValid(at: now) }.count
        var authenticator = status.authenticatorActive ? "on" : "off"
        if let until = status.enrolmentPendingUntil { authenticator += " (set-up pending until \(until.timeOfDay))" }
        if let until = status.previousAuthenticatorValidUntil, now < until {
            authenticator += " (the replaced app works until \(until.timeOfDay))"
        }
        let signIn: String
        switch status.signInFactor {
        case .authenticator: signIn = "authenticator code"
        case .smsCode: signIn = "SMS code"
        default: signIn = "nothing after the password"
        }
        context.console.print("user=\(user.username) authenticator=\"\(authenticator)\" sms_verification="
                              + "\(status.smsVerification ? "on" : "off") sign_in_asks=\"\(signIn)\" "
                              + "recovery_codes_left=\(status.recoveryCodesLeft) trusted_devices=\(trusted)"
                              + (status.lockedUntil.map { " locked_until=\($0)" } ?? ""))
        if status.mustRegenerateRecoveryCodes {
            context.console.print("No recovery codes left: run \"termbank recovery regenerate \(user.username)\".")
        }
        return .ok
    }

    static func disable(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        let user = try context.existingUser(try arguments.expectPositionals(["NAME"])[0])
        let security = try context.securitySettings()
        try security.turnOffAuthenticator(for: user, password: try password(user, context),
                                          confirmation: try secondFactor(context), context: .operatorCLI)
        context.console.print("Authenticator app turned off for \(user.username); recovery codes deleted; "
                              + "\(user.phone.masked) was told.")
        return .ok
    }

    static func check(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        try CodeArgument.refuse(arguments, before: ["NAME"], command: "totp check NAME")
        let user = try context.existingUser(try arguments.expectPositionals(["NAME"])[0])
        let code = try context.console.readCode(prompt: "Code from \(user.username)'s authenticator app: ")
        let result = try context.authenticatorService().checkSignIn(for: user, code: code, context: .operatorCLI)
        if case .verified = result {
            context.console.print("Verified.")
            return .ok
        }
        context.console.error(result.description)
        return .failure
    }

    static func regenerate(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        let user = try context.existingUser(try arguments.expectPositionals(["NAME"])[0])
        if let path = arguments.value("write"), Files.exists(path) {
            throw CommandFailure("\(path) already exists; recovery codes are never written over a file.", code: .dataError)
        }
        let security = try context.securitySettings()
        let codes = try security.regenerateRecoveryCodes(for: user, password: try password(user, context),
                                                         confirmation: try secondFactor(context), context: .operatorCLI)
        context.console.print("New recovery codes for \(user.username); the old ones no longer work.")
        try show(codes, user: user, arguments, context)
        return .ok
    }

    static func list(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        let user = try context.existingUser(try arguments.expectPositionals(["NAME"])[0])
        let now = context.clock.now()
        let devices = try context.trustedDevices().list(for: user)
        if devices.isEmpty {
            context.console.print("\(user.username) trusts no device.")
            return .ok
        }
        // Operator output keeps ISO 8601 UTC times: machine-readable, sortable,
        // and the same as the audit trail. The customer's Security screen
        // writes them in the customer's language (`SecurityText.trustedUntil`).
        let rows = devices.map { device -> [String] in
            let status: String
            if let revoked = device.revokedAt { status = "revoked \(revoked)" }
            else if now >= device.expiresAt { status = "expired" }
            else { status = "trusted" }
            return [device.id.description, device.deviceName, device.createdAt.description,
                    device.lastUsedAt?.description ?? "-", device.expiresAt.description, status]
        }
        for line in Table.render(header: ["ID", "DEVICE", "TRUSTED", "LAST USED", "EXPIRES", "STATUS"], rows: rows) {
            context.console.print(line)
        }
        return .ok
    }

    static func revoke(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        let words = try arguments.expectPositionals(["NAME", "ID"])
        let user = try context.existingUser(words[0])
        guard let number = Int64(words[1].hasPrefix("#") ? words[1].dropFirst() : words[1][...]), number > 0 else {
            throw CommandFailure("\(Console.quoted(words[1])) is not a trusted-device id (see \"termbank trusted list\").",
                                 code: .dataError)
        }
        let ended = try context.trustedDevices().revoke(TrustedDeviceID(number), for: user, context: .operatorCLI)
        context.console.print("Revoked trusted device #\(number) of \(user.username)"
                              + (ended > 0 ? "; \(ended) session\(ended == 1 ? "" : "s") ended." : "."))
        return .ok
    }
}
