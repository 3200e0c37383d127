import TermBankCore

enum UserCommands {
    static let all = [
        Command(["user", "add"], arguments: "NAME --phone E164 [--name \"FULL NAME\"] [--sitekey IMAGE --phrase TEXT] [--sms-verification]",
                summary: "Create a user with a checking and a savings account",
                details: ["The password is read without echo from the terminal (asked twice),",
                          "or as one line from standard input when it is not a terminal.",
                          "Passwords: 8 to 128 characters, not a common password, not containing the username.",
                          "Sitekey images: " + Sitekey.images.joined(separator: ", ") + ".",
                          "--name: the name on the account; payers see it masked (\"Bob B.\") before they pay.",
                          "With no bank at --db yet, this makes one (as \"demo reset\" does); every other command",
                          "refuses a missing bank (exit 66), so a mistyped path makes nothing."],
                valued: ["phone", "name", "sitekey", "phrase"], boolean: ["sms-verification"], createsBank: true, run: add),
        Command(["user", "list"], summary: "List users, balances and sign-in locks", run: list),
        Command(["user", "unlock"], arguments: "NAME", summary: "Clear a user's sign-in lock and failure count",
                details: ["On the demo bank also every demo origin's locks of the user (password, authenticator and",
                          "recovery codes) and its hourly SMS count. A real bank's second-factor lock runs its 15 minutes."],
                run: unlock),
        Command(["user", "payees"], arguments: "NAME", summary: "The customers a user paid, most recent first (up to 10)",
                details: ["The pay form offers the same list; a payee listed here needs no code for small amounts",
                          "under --step-up-over (a trusted beneficiary)."],
                run: payees),
    ]

    static func payees(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        let user = try context.existingUser(try arguments.expectPositionals(["NAME"])[0])
        let payees = try context.store().recentPayees(of: user.id, limit: 10)
        guard !payees.isEmpty else {
            context.console.print("\(user.username) has paid no one yet.")
            return .ok
        }
        for line in Table.render(header: ["PAYEE", "NAME"], rows: payees.map { [$0.username.rawValue, $0.maskedName ?? "-"] }) {
            context.console.print(line)
        }
        return .ok
    }

    static func add(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        let name = try context.username(try arguments.expectPositionals(["NAME"])[0])
        guard let phoneText = arguments.value("phone") else { throw CommandFailure.usage("--phone is required") }
        let phone: PhoneNumber
        do { phone = try PhoneNumber(validating: phoneText) } catch { throw CommandFailure.from(error) }
        var displayName: String?
        if let text = arguments.value("name") {
            do { displayName = try DisplayName.validate(text) } catch { throw CommandFailure.from(error) }
        }
        var sitekey: Sitekey?
        switch (arguments.value("sitekey"), arguments.value("phrase")) {
        case (nil, nil): sitekey = nil
        case (let image?, let phrase?):
            do { sitekey = try Sitekey(image: image, phrase: phrase) } catch { throw CommandFailure.from(error) }
        default: throw CommandFailure.usage("--sitekey and --phrase go together")
        }

        let bank = try context.bank()
        if try bank.store.user(named: name) != nil { throw StoreError.duplicateUser(name) }
        guard let password = try context.console.readSecret(prompt: "Password for \(name): ") else {
            throw CommandFailure("No password given.", code: .dataError)
        }
        // Check the policy before asking again, so a refused password is not typed twice.
        do { try bank.passwordPolicy.check(password, for: name) } catch { throw CommandFailure.from(error) }
        if context.console.isInteractive {
            guard let again = try context.console.readSecret(prompt: "Repeat the password: "),
                  again.exposedValue == password.exposedValue else {
                throw CommandFailure("The two passwords differ; nothing was created.", code: .dataError)
            }
        }
        let newUser = try bank.prepareUser(username: name, password: password, phone: phone, sitekey: sitekey,
                                           smsVerification: arguments.flag("sms-verification"), displayName: displayName)
        let user = try bank.addUser(newUser, context: .operatorCLI)
        context.console.print("Created \(user.username) (phone \(user.phone.masked), sitekey \(user.sitekey.image)) "
                              + "with empty checking and savings accounts.")
        return .ok
    }

    static func list(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        _ = try arguments.expectPositionals([])
        let now = context.clock.now()
        let rows = try context.store().listUsers().map { summary -> [String] in
            var status: String
            if let until = summary.lockedUntil, now < until {
                status = "locked until \(until.timeOfDay)"
            } else if summary.recentFailures > 0 && summary.lockedUntil == nil,
                      summary.failuresLapseAt.map({ now < $0 }) ?? true {
                status = "\(summary.recentFailures) failed sign-in\(summary.recentFailures == 1 ? "" : "s")"
            } else {
                status = "active"
            }
            // At the shared demo a lock or a limit is one origin's: the customer stays active for the others.
            let notes = demoOriginNotes(summary, now: now, sendsPerHour: VerifyConfiguration.standard.maximumSendsPerHour)
            if !notes.isEmpty { status += "; " + notes.joined(separator: "; ") }
            return [summary.user.username.rawValue, summary.user.phone.e164, summary.user.smsVerification ? "on" : "off",
                    summary.user.sitekey.image, (summary.balances[.checking] ?? .zero).description,
                    (summary.balances[.savings] ?? .zero).description, status]
        }
        if rows.isEmpty {
            context.console.print("No users yet. Create the demo bank with \"termbank demo reset\" or add one with \"termbank user add\".")
            return .ok
        }
        for line in Table.render(header: ["USER", "PHONE", "SMS", "SITEKEY", "CHECKING", "SAVINGS", "STATUS"],
                                 rows: rows, rightAligned: [4, 5]) {
            context.console.print(line)
        }
        return .ok
    }

    /// What holds for some demo origins only (decisions 40 and 46): how many
    /// are locked out of the password, out of the second-factor codes, and at
    /// their hourly SMS limit for this customer. Counts, never the origins.
    static func demoOriginNotes(_ summary: UserSummary, now: Timestamp, sendsPerHour: Int) -> [String] {
        func origins(_ count: Int) -> String { "\(count) demo origin\(count == 1 ? "" : "s")" }
        let windowStart = now.adding(seconds: -3600)
        let passwords = summary.originLocksUntil.filter { now < $0 }.count
        let codes = summary.originCodeLocksUntil.filter { now < $0 }.count
        let limited = summary.originSendTimes.filter { times in times.filter { windowStart < $0 }.count >= sendsPerHour }.count
        return [passwords > 0 ? "locked for \(origins(passwords))" : nil,
                codes > 0 ? "two-factor codes locked for \(origins(codes))" : nil,
                limited > 0 ? "SMS limit reached for \(origins(limited))" : nil].compactMap { $0 }
    }

    static func unlock(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        let user = try context.existingUser(try arguments.expectPositionals(["NAME"])[0])
        let cleared = try context.store().unlock(user.username, at: context.clock.now(), context: .operatorCLI)
        context.console.print(cleared ? "Unlocked \(user.username); failed sign-ins reset."
                                      : "\(user.username) was not locked; nothing to clear.")
        return .ok
    }
}
