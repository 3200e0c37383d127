import TermBankCore

enum LedgerCommands {
    static let all = [
        Command(["deposit"], arguments: "NAME checking|savings AMOUNT [--id TRANSFER_ID]",
                summary: "Deposit money from the bank's funding account",
                details: ["AMOUNT is typed as a person would: 250, 250.50, 1,250.00 or $1,250.00.",
                          "--id makes the deposit idempotent: running the same command again books nothing new."],
                valued: ["id"], run: deposit),
        Command(["reverse"], arguments: "TRANSFER", summary: "Undo a transfer with a new, opposite transfer",
                details: ["TRANSFER is a reference such as TB-000042. The original stays on the statement;",
                          "a transfer can be reversed once, and only while the money is still there."],
                run: reverse),
        Command(["statement"],
                arguments: "NAME [--limit N] [--format csv|json] [--from DATE --to DATE] [--account checking|savings]",
                summary: "A user's balances and postings, newest first; or every posting as CSV or JSON",
                details: ["Without --format: a table of the newest N postings (default 20).",
                          "--format csv: every posting, oldest first, RFC 4180 with a header row and CRLF line ends:",
                          "date (ISO 8601, UTC), transfer, account, description, amount (signed plain decimal),",
                          "balance (after the posting), counterparty, reference. Text that a spreadsheet would take",
                          "for a formula (starting with = + - @, a tab or CR) gets a leading apostrophe (OWASP).",
                          "--format json: the same as one JSON array of objects (amounts also in minor units).",
                          "--from and --to are dates (2026-11-30, UTC), both included; --account keeps one account."],
                valued: ["limit", "format", "from", "to", "account"], run: statement),
        Command(["check"], summary: "Verify the ledger's invariants and the file's integrity",
                details: ["Exits 0 when every invariant holds, 1 and a list of problems otherwise."],
                run: check),
        Command(["signin"], arguments: "NAME", summary: "Try a user's password (counts toward the lockout)",
                details: ["The password is read without echo, or as one line of standard input."],
                run: signIn),
    ]

    static func deposit(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        let words = try arguments.expectPositionals(["NAME", "ACCOUNT", "AMOUNT"])
        let user = try context.existingUser(words[0])
        guard let account = AccountKind(parsing: words[1]) else {
            throw CommandFailure.usage("ACCOUNT is checking or savings, not \(Console.quoted(words[1]))")
        }
        let bank = try context.bank()
        let amount = try bank.amountParser.parse(words[2]).get()
        let clientID: TransferClientID
        do {
            clientID = try arguments.value("id").map { try TransferClientID(validating: $0) }
                ?? .random(using: context.random)
        } catch { throw CommandFailure.from(error) }
        let receipt = try bank.deposit(to: user.username, account: account, amount: amount, clientID: clientID,
                                       context: .operatorCLI)
        context.console.print("\(receipt.replayed ? "Already booked" : "Booked") \(receipt.reference): deposit of "
                              + "\(receipt.request.amount) to \(user.username)'s \(account.displayName); "
                              + "balance \(receipt.toBalanceAfter).")
        return .ok
    }

    static func reverse(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        let text = try arguments.expectPositionals(["TRANSFER"])[0]
        guard let reference = TransferReference(parsing: text) else {
            throw CommandFailure("\(Console.quoted(text)) is not a transfer reference like TB-000042.", code: .dataError)
        }
        let receipt = try context.bank().reverse(reference, context: .operatorCLI)
        context.console.print("Booked \(receipt.reference): reversal of \(reference), \(receipt.request.amount).")
        return .ok
    }

    static func statement(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        let name = try arguments.expectPositionals(["NAME"])[0]
        let format = try arguments.value("format").map { text in
            guard let format = StatementExport.Format(rawValue: text) else {
                throw CommandFailure.usage("--format is csv or json, not \(Console.quoted(text))")
            }
            return format
        }
        let filter = try statementFilter(arguments)
        let user = try context.existingUser(name)
        let store = try context.store()
        guard let format else { return try statementTable(user, filter: filter, arguments, context) }

        var names: [UserID: String] = [:]
        func counterparty(_ line: StatementLine) throws -> String {
            switch line.counterparty {
            case .bankFunding: return "bank"
            case .customer(let id, let kind):
                // Between one's own accounts the other side is the other account; otherwise the other customer.
                if id == user.id { return kind.rawValue }
                if let name = line.counterpartyName { return name.rawValue }
                if let known = names[id] { return known }
                let other = try store.user(id: id)?.username.rawValue ?? "customer \(id.rawValue)"
                names[id] = other
                return other
            }
        }
        let out = context.console.standardOutput
        switch format {
        case .csv:
            out(StatementExport.csvHeader + "\r")
            try StatementExport.forEachLine(of: user.id, filter: filter, store: store) { line in
                out(StatementExport.csvRecord(StatementExport.row(line, counterparty: try counterparty(line),
                                                                  reference: line.paymentReference?.text)) + "\r")
            }
        case .json:
            var first = true
            out("[")
            try StatementExport.forEachLine(of: user.id, filter: filter, store: store) { line in
                let row = StatementExport.row(line, counterparty: try counterparty(line), reference: line.paymentReference?.text)
                out((first ? "" : ",") + StatementExport.jsonObject(row, line: line))
                first = false
            }
            out("]")
        }
        return .ok
    }

    /// `--from`, `--to` (dates, both included) and `--account`, checked before anything is read.
    static func statementFilter(_ arguments: Arguments) throws -> StatementFilter {
        func date(_ option: String) throws -> Timestamp? {
            try arguments.value(option).map { text in
                guard let day = CalendarDay.parse(text) else {
                    throw CommandFailure("--\(option) must be a date like 2026-11-30, not \(Console.quoted(text)).",
                                         code: .dataError)
                }
                return day
            }
        }
        let from = try date("from")
        let until = try date("to")?.adding(milliseconds: BalanceHistory.millisecondsPerDay)
        if let from, let until, until <= from {
            throw CommandFailure("--to is before --from: no day is both.", code: .dataError)
        }
        let account = try arguments.value("account").map { text in
            guard let kind = AccountKind(parsing: text) else {
                throw CommandFailure.usage("--account is checking or savings, not \(Console.quoted(text))")
            }
            return kind
        }
        return StatementFilter(account: account, from: from, until: until)
    }

    static func statementTable(_ user: UserRecord, filter: StatementFilter, _ arguments: Arguments,
                               _ context: CommandContext) throws -> ExitCode {
        let limit = try arguments.positiveInt("limit", default: 20, max: 10_000)
        let store = try context.store()
        let balances = try store.balances(of: user.id)
        context.console.print("\(user.username): Checking \(balances[.checking] ?? .zero), Savings \(balances[.savings] ?? .zero)")
        let lines = try store.statementPage(of: user.id, filter: filter, from: .newest, limit: limit)
        guard !lines.isEmpty else {
            context.console.print("No transactions yet.")
            return .ok
        }
        context.console.print("")
        // The operator's statement keeps ISO 8601 UTC (machine-readable, the same in every
        // locale); the customer's screens write dates by their language's `DateConventions`.
        let rows = lines.map { line in
            [line.bookedAt.description, line.reference.description, line.account.displayName, line.label,
             line.amount.description, line.balanceAfter.description]
        }
        for row in Table.render(header: ["BOOKED (UTC)", "REF", "ACCOUNT", "DESCRIPTION", "AMOUNT", "BALANCE"],
                                rows: rows, rightAligned: [4, 5]) {
            context.console.print(row)
        }
        return .ok
    }

    static func check(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        _ = try arguments.expectPositionals([])
        let result = try context.store().checkInvariants()
        context.console.print("transfers=\(result.transferCount) customer_total=\(result.customerTotal) "
                              + "ledger_total=\(result.ledgerTotal) consistent=\(result.isConsistent ? "yes" : "no")")
        for problem in result.problems { context.console.print("problem: \(problem)") }
        return result.isConsistent ? .ok : .failure
    }

    static func signIn(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        let typed = try arguments.expectPositionals(["NAME"])[0]
        let bank = try context.bank()
        guard let password = try context.console.readSecret(prompt: "Password: ") else {
            throw CommandFailure("No password given.", code: .dataError)
        }
        let outcome = try bank.signIn.signIn(username: typed, password: password,
                                             context: AuditContext(sessionID: nil, deviceID: "cli"))
        switch outcome {
        case .signedIn(let user):
            context.console.print("Signed in as \(user.username).")
            return .ok
        case .refused(let refusal):
            context.console.error(refusal.description)
            return .failure
        }
    }
}
