import Glibc
import TermBankApp
import TermBankCore
import TermBankSecurity
import TermBankSystem
import TermBankTerminal

enum AppCommands {
    /// `termbank` with no command words opens the full-screen app.
    static let app = Command([], arguments: "[--device NAME] [--lang CODE] [--step-up-over AMOUNT] [--daily-limit AMOUNT] [--ascii] [--demo [--guest-limit N] [--connection-slots DIR [--per-key N] [--per-address N]]]",
                             summary: "Open the full-screen banking app (the default)",
                             details: ["--device NAME: the simulated phone this terminal stands for (default: \(DemoBank.defaultDeviceName)).",
                                       "--device ssh: over SSH, the client's public key is its phone (created on first use);",
                                       "without a key, the first screen asks which demo phone to use.",
                                       "--step-up-over AMOUNT: transfers below AMOUNT need only Touch ID / Face ID;",
                                       "by default every transfer needs an SMS code. A payment to someone paid for the",
                                       "first time always needs a code.",
                                       "--daily-limit AMOUNT: the most a customer may pay other customers in a day (UTC),",
                                       "default \(PaymentPolicy.defaultDailyLimit) (or $TERMBANK_DAILY_LIMIT).",
                                       "--ascii: draw with ASCII only (boxes with the terminal's line set), as on a terminal",
                                       "whose LC_ALL, LC_CTYPE or LANG names no UTF-8 codeset (C, POSIX, ISO-8859-1).",
                                       "--demo: demo mode (scripts/ssh-demo sets it): the customer's simulated phone is drawn",
                                       "beside the app (Ctrl-P or F2 on terminals under 120 columns), the welcome screen offers",
                                       "a new demo customer (g), and over SSH the one command allowed is \"phone\".",
                                       "Without it no code is ever shown on the screen.",
                                       "--guest-limit N: demo customers one client address may make per hour (default \(GuestPolicy.standard.perWindow)).",
                                       "--connection-slots DIR: with --demo, count open connections in DIR (scripts/ssh-demo sets it):",
                                       "at most --per-key N per SSH key (default \(DemoConnectionLimit.standard.perKey)) and --per-address N per client",
                                       "address (default \(DemoConnectionLimit.standard.perAddress)); one more is refused in one line (exit 75).",
                                       "--lang CODE: the app's language: \(Language.plannedCodes.joined(separator: ", ")) (or $TERMBANK_LANG; else the",
                                       "user's saved choice after sign-in, else LC_ALL, LC_MESSAGES or LANG, else English; L in the app",
                                       "changes it). Operator commands speak English (docs/languages.md)."],
                             valued: ["device", "step-up-over", "daily-limit", "guest-limit", "lang", "connection-slots", "per-key",
                                      "per-address"], boolean: ["demo", "ascii"], run: run)

    /// Over SSH a refusal naming the server's files is told without them (`RemoteUser`).
    static func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        do {
            return try runApp(arguments, context)
        } catch {
            throw RemoteUser.refusal(for: error, environment: context.environment, log: context.console.operatorLog)
        }
    }

    static func runApp(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        _ = try arguments.expectPositionals([])
        Heap.useOneArena()   // before the effect worker's thread starts (memory at rest, docs/benchmarks.md)
        let demo = arguments.flag("demo")
        if arguments.value("guest-limit") != nil && !demo { throw CommandFailure.usage("--guest-limit needs --demo") }
        let guestPolicy = GuestPolicy(perWindow: try arguments.positiveInt("guest-limit", default: GuestPolicy.standard.perWindow,
                                                                           max: 1_000))
        // Under the demo's ForceCommand: what the client asked to run (refused unless allowed).
        let command = try SSHCommand.parse(context.environment["SSH_ORIGINAL_COMMAND"], demo: demo)
        let language = try languageSelection(arguments, context)
        context.sessionLanguage.language = language.language
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            let overSSH = context.environment["SSH_CONNECTION"] != nil
            throw CommandFailure(!overSSH ? "The TermBank app needs a terminal. For scripts, see \"termbank --help\"."
                                 : command == .phone ? "The phone needs a terminal: connect with \"ssh -t\" and the command \"phone\"."
                                 : "TermBank needs a terminal: connect with \"ssh -t\" and no command.",
                                 code: .unavailable)
        }
        var threshold: Money?
        if let text = arguments.value("step-up-over") {
            threshold = try AmountParser().parse(text).get()
        }
        if let text = arguments.value("daily-limit") ?? context.environment["TERMBANK_DAILY_LIMIT"] {
            guard case .success(let limit) = AmountParser().parse(text) else {
                throw CommandFailure.usage("--daily-limit needs an amount from 0.01 to \(AmountParser.defaultLimit)")
            }
            context.payments = PaymentPolicy(dailyLimit: limit)
        }
        let charset: TerminalCharset = arguments.flag("ascii") ? .ascii : .from(environment: context.environment)
        // Each connection is a process on the demo host: one key or one address holds only so many (decision 65).
        if let folder = arguments.value("connection-slots") {
            guard demo else { throw CommandFailure.usage("--connection-slots needs --demo") }
            let standard = DemoConnectionLimit.standard
            let limit = DemoConnectionLimit(perKey: try arguments.positiveInt("per-key", default: standard.perKey, max: 1_000),
                                            perAddress: try arguments.positiveInt("per-address", default: standard.perAddress,
                                                                                  max: 100_000))
            try DemoConnections.admit(folder: folder, limit: limit, environment: context.environment,
                                      language: language.language, log: context.console.operatorLog)
        } else if arguments.value("per-key") != nil || arguments.value("per-address") != nil {
            throw CommandFailure.usage("--per-key and --per-address need --connection-slots DIR")
        }
        if command == .phone { return try runPhoneWindow(context, charset: charset, language: language) }
        let deviceName = arguments.value("device") ?? context.environment["TERMBANK_DEVICE"] ?? DemoBank.defaultDeviceName
        let sshKey = deviceName == "ssh" ? SSHIdentity.acceptedKey(environment: context.environment) : nil
        // Over SSH without a key the first screen asks which demo phone to use: that needs the bank.
        let choices = deviceName == "ssh" && sshKey == nil ? try deviceChoices(context) : []
        // At the shared demo, wrong passwords count per origin (the core
        // honours it only on the demo bank): whoever types five locks only
        // themselves. Guests sign in only here, from the key that made them.
        let origin = DemoSession.origin(environment: context.environment, key: sshKey)
        if demo {
            context.lockout = .perOrigin(origin)
            context.guests = .demo(origin)
        }

        let painter = Painter(charset: charset)
        do {
            try painter.start()
        } catch {
            throw CommandFailure("Cannot start the terminal: \(error)", code: .unavailable)
        }
        defer { painter.stop() }
        // The login screen needs neither the database nor the sitekey pictures:
        // it is painted first, and the bank opens behind it (each SSH session
        // starts a new process, and this is the wait its user sees).
        let firstName = choices.isEmpty ? (sshKey?.deviceName ?? deviceName.lowercased()) : nil
        paintLogin(painter, deviceName: firstName, choices: choices, demo: demo, language: language, charset: charset,
                   now: context.clock.now())

        let store = try context.store()
        if demo { try requireTheDemoBank(store) }
        // Signing in writes: on a standby the app stops here, in one line (exit 69).
        try context.requireWritable()
        let bank = try context.bank()
        var device: Device?
        // What ties the device to the person (docs/security-model.md, "Sessions and devices"):
        // a local terminal is its OS account's; over SSH only the key is (the
        // account may be shared by everyone who connects, one home for all).
        let overSSH = ["SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY"].contains { context.environment[$0] != nil }
        var binding = overSSH ? DeviceBinding.unbound : .localTerminal(uid: getuid())
        if let sshKey {
            // Over SSH: the client's key is its phone.
            device = try SSHIdentity.device(for: sshKey, bank: bank, store: store)
            binding = sshKey.binding
        } else if deviceName == "ssh" {
            // Without a key, the user picks one of the demo phones.
            binding = .unbound
        } else {
            device = try context.existingDevice(deviceName)
        }
        let live = LiveBankingClient(bank: bank, store: store, device: device, verify: try context.verifyService(),
                                     stepUp: StepUpPolicy(smsThreshold: threshold),
                                     security: try context.securitySettings(),
                                     trustedDevices: try context.trustedDevices(binding: binding),
                                     knownSignIns: try context.knownSignIns(binding: binding),
                                     pickable: Set(choices.map(\.name)), lockout: context.lockout)
        var state = sessionState(size: painter.size, now: bank.clock.now(), deviceName: device?.name,
                                 gallery: SitekeyAssets.gallery(environment: context.environment),
                                 choices: choices, demo: demo, language: language, charset: charset)
        // The guided story names the phone's own sensor ("Face ID: Enter"); a picked phone sets it when picked.
        if let device { state.demo?.biometry = device.biometry }
        if context.environment[RecordingCommands.recordedVariable] == "1" { state.demo?.recorded = true }
        var client = live.client
        // The demo's endpoints exist only in demo mode; without them its effects refuse (`BankingClient.demo`).
        // The presenter's view (decision 0120) sees this terminal by its presence row: demo mode only.
        var presence: DemoPresence?
        if demo {
            let session = DemoSession(bank: bank, store: store, origin: origin,
                                      authenticator: try context.authenticatorService(), policy: guestPolicy)
            presence = DemoPresence(store: store, clock: bank.clock, random: bank.random, origin: origin,
                                    door: DemoPresence.door(environment: context.environment, key: sshKey),
                                    device: device?.name, language: state.shownLanguage,
                                    screen: state.screen.stableName)
            session.presence = presence
            session.install(into: &client)
        }
        // Every exit this process sees ends the row; a killed one stops being seen (the heartbeat).
        defer { presence?.end() }
        var runtime = AppRuntime(client: client, terminal: painter)
        if let presence {
            runtime.painted = { state, keys in
                presence.observe(screen: state.screen.stableName, language: state.shownLanguage, keys: keys)
            }
        }
        runtime.cancelRunning = { context.quitting.cancel() }
        runtime.failed = RemoteUser.midSessionFailure(environment: context.environment, log: context.console.operatorLog)
        runtime.atRest = {
            store.releaseMemory()
            Heap.returnFreePages()
            Stack.returnUnusedPages()
        }
        let code = runtime.run(state)
        live.signOut(.signedOut)
        return code
    }

    /// Demo mode draws the customer's phone, codes and all, on the screen,
    /// and lets guests in: it runs only on the bank `demo reset` made,
    /// whose customers' passwords are public. The bank says what it is
    /// (`bank_meta.kind`, written in the reset's own transaction; a fresh
    /// bank is `empty` and its first `user add` makes it `custom`), not the
    /// names of its customers: an alice added to a real bank is no demo
    /// customer (decision 65).
    static func requireTheDemoBank(_ store: any BankBackend) throws {
        guard try store.bankKind() == .demo else {
            throw CommandFailure("--demo runs only on the demo bank (made by \"termbank demo reset\"); "
                                 + "this bank is not it.", code: .config)
        }
    }

    /// The login screen, painted before the bank opens. Not inlined, nor is
    /// `sessionState`: a state built here, and the frame rendered from it,
    /// would otherwise take room in `runApp`'s frame, which stays on the
    /// stack for the whole session (memory at rest, decision 33).
    @inline(never)
    static func paintLogin(_ painter: Painter, deviceName: String?, choices: [DevicePicker.Choice], demo: Bool,
                           language: LanguageSelection, charset: TerminalCharset, now: Timestamp) {
        var first = AppState(size: painter.size, now: now, deviceName: deviceName,
                             deviceChoices: choices, demo: demo, language: language)
        first.charset = charset
        painter.paint(AppView.render(first, size: first.size))
    }

    /// The state the session starts in, once the bank is open.
    @inline(never)
    static func sessionState(size: Size, now: Timestamp, deviceName: String?, gallery: SitekeyGallery,
                             choices: [DevicePicker.Choice], demo: Bool, language: LanguageSelection,
                             charset: TerminalCharset) -> AppState {
        var state = AppState(size: size, now: now, deviceName: deviceName, gallery: gallery,
                             deviceChoices: choices, demo: demo, language: language)
        state.charset = charset
        return state
    }

    /// `--lang`, `TERMBANK_LANG`, the POSIX locale, English (the saved
    /// preference comes at sign-in). A code this build does not speak is a
    /// usage error that lists the ones it does: never silently English.
    static func languageSelection(_ arguments: Arguments, _ context: CommandContext) throws -> LanguageSelection {
        do {
            return try LanguageSelection.atStart(option: arguments.value("lang"), environment: context.environment)
        } catch {
            let spoken = Language.allCases.map(\.code).joined(separator: ", ")
            switch error {
            case .unknown(let code, let origin):
                throw CommandFailure.usage("unknown language \(Console.quoted(code)) in \(origin.name); TermBank speaks "
                                           + Language.plannedCodes.joined(separator: ", ")
                                           + (spoken == Language.plannedCodes.joined(separator: ", ") ? "" : " (this build: \(spoken))"))
            case .notInThisBuild(let code, let origin):
                throw CommandFailure.usage("\(origin.name): \(code) is not in this build yet; it speaks \(spoken)")
            }
        }
    }

    /// The demo phones to choose from (not the SSH keys' or the browsers' own).
    static func deviceChoices(_ context: CommandContext) throws -> [DevicePicker.Choice] {
        let choices = try context.store().listDevices().filter { !$0.name.hasPrefix("ssh-") && !$0.name.hasPrefix("web-") }
            .map { DevicePicker.Choice(name: $0.name, biometry: $0.biometry) }
        if choices.isEmpty { throw CommandFailure("No devices to choose from; run \"termbank demo reset\".", code: .noInput) }
        return choices
    }

    /// Demo mode's phone-only window: no sign-in, no session, only the phone.
    static func runPhoneWindow(_ context: CommandContext, charset: TerminalCharset, language: LanguageSelection) throws -> ExitCode {
        let store = try context.store()
        try requireTheDemoBank(store)
        let bank = try context.bank()
        let key = SSHIdentity.acceptedKey(environment: context.environment)
        // `phone` is a command of demo mode only (`SSHCommand`): this window's authenticator app may scan.
        let window = PhoneWindow(bank: bank, store: store, key: key, authenticator: try context.authenticatorService(),
                                 access: .demo(DemoSession.origin(environment: context.environment, key: key)))
        let followed = try window.followed()
        let choices = followed == nil ? try window.choices() : []
        if followed == nil && choices.isEmpty {
            throw CommandFailure("No demo customers yet; run \"termbank demo reset\".", code: .noInput)
        }
        var client = BankingClient.refusingAll(now: { bank.clock.now() })
        window.install(into: &client)
        let painter = Painter(charset: charset)
        do {
            try painter.start()
        } catch {
            throw CommandFailure("Cannot start the terminal: \(error)", code: .unavailable)
        }
        defer { painter.stop() }
        var state = AppState(size: painter.size, now: bank.clock.now(), deviceName: nil, demo: true,
                             phoneWindow: PhoneWindowScreen(choices: choices), language: language)
        state.charset = charset
        return AppRuntime(client: client, terminal: painter).run(state)
    }
}

extension LanguageSelection.Origin {
    /// Where the code was given, as the usage error names it.
    var name: String {
        switch self {
        case .option: return "--lang"
        case .variable: return "TERMBANK_LANG"
        }
    }
}
