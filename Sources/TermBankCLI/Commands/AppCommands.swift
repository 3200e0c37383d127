import Foundation
import TermBankApp
import TermBankCore
import TermBankSecurity
import TermBankStorage
import TermBankTerminal

enum AppCommands {
    /// `termbank` with no command words opens the full-screen app.
    static let app = Command([], arguments: "[--device NAME] [--step-up-over AMOUNT] [--demo [--guest-limit N]]",
                             summary: "Open the full-screen banking app (the default)",
                             details: ["--device NAME: the simulated phone this terminal stands for (default: \(DemoBank.defaultDeviceName)).",
                                       "--device ssh: over SSH, the client's public key is its phone (created on first use);",
                                       "without a key, the first screen asks which demo phone to use.",
                                       "--step-up-over AMOUNT: transfers below AMOUNT need only Touch ID / Face ID;",
                                       "by default every transfer needs an SMS code.",
                                       "--demo: demo mode (scripts/ssh-demo sets it): the customer's simulated phone is drawn",
                                       "beside the app (Ctrl-P or F2 on terminals under 120 columns), the welcome screen offers",
                                       "a new demo customer (g), and over SSH the one command allowed is \"phone\".",
                                       "Without it no code is ever shown on the screen.",
                                       "--guest-limit N: demo customers one client address may make per hour (default \(GuestPolicy.standard.perWindow))."],
                             valued: ["device", "step-up-over", "guest-limit"], boolean: ["demo"], run: run)

    static func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        _ = try arguments.expectPositionals([])
        let demo = arguments.flag("demo")
        if arguments.value("guest-limit") != nil && !demo { throw CommandFailure.usage("--guest-limit needs --demo") }
        let guestPolicy = GuestPolicy(perWindow: try arguments.positiveInt("guest-limit", default: GuestPolicy.standard.perWindow,
                                                                           max: 1_000))
        // Under the demo's ForceCommand: what the client asked to run (refused unless allowed).
        let command = try SSHCommand.parse(context.environment["SSH_ORIGINAL_COMMAND"], demo: demo)
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            let overSSH = context.environment["SSH_CONNECTION"] != nil
            throw CommandFailure(overSSH ? "TermBank needs a terminal: connect with \"ssh -t\" and no command."
                                         : "The TermBank app needs a terminal. For scripts, see \"termbank --help\".",
                                 code: .unavailable)
        }
        var threshold: Money?
        if let text = arguments.value("step-up-over") {
            threshold = try AmountParser().parse(text).get()
        }
        let store = try context.store()
        let bank = try context.bank()
        if command == .phone { return try runPhoneWindow(context, bank: bank, store: store) }
        let deviceName = arguments.value("device") ?? context.environment["TERMBANK_DEVICE"] ?? DemoBank.defaultDeviceName
        var device: Device?
        var choices: [DevicePicker.Choice] = []
        if deviceName == "ssh" {
            // Over SSH: the client's key is its phone; without a key, the user picks one.
            if let key = SSHIdentity.acceptedKey(environment: context.environment) {
                device = try SSHIdentity.device(for: key, bank: bank, store: store)
            } else {
                choices = try store.listDevices().filter { !$0.name.hasPrefix("ssh-") }
                    .map { DevicePicker.Choice(name: $0.name, biometry: $0.biometry) }
                if choices.isEmpty { throw CommandFailure("No devices to choose from; run \"termbank demo reset\".", code: .noInput) }
            }
        } else {
            device = try context.existingDevice(deviceName)
        }
        let live = LiveBankingClient(bank: bank, store: store, device: device, verify: try context.verifyService(),
                                     stepUp: StepUpPolicy(smsThreshold: threshold),
                                     security: try context.securitySettings(), trustedDevices: try context.trustedDevices())
        let painter = Painter()
        do {
            try painter.start()
        } catch {
            throw CommandFailure("Cannot start the terminal: \(error).", code: .unavailable)
        }
        defer { painter.stop() }
        let state = AppState(size: painter.size, now: bank.clock.now(), deviceName: device?.name,
                             stepUpThreshold: threshold, gallery: SitekeyGallery(SitekeyAssets.load(environment: context.environment)),
                             deviceChoices: choices, demo: demo)
        var client = live.client
        // The demo's endpoints exist only in demo mode; without it they refuse (BankingClient's defaults).
        if demo {
            let key = SSHIdentity.acceptedKey(environment: context.environment)
            DemoSession(bank: bank, store: store, origin: DemoSession.origin(environment: context.environment, key: key),
                        policy: guestPolicy)
                .install(into: &client)
        }
        let runtime = AppRuntime(client: client, painter: painter)
        let code = runtime.run(state)
        live.signOut(.signedOut)
        return code
    }

    /// Demo mode's phone-only window: no sign-in, no session, only the phone.
    static func runPhoneWindow(_ context: CommandContext, bank: Bank, store: SQLiteBankStore) throws -> ExitCode {
        let window = PhoneWindow(bank: bank, store: store, key: SSHIdentity.acceptedKey(environment: context.environment))
        let followed = try window.followed()
        let choices = followed == nil ? try window.choices() : []
        if followed == nil && choices.isEmpty {
            throw CommandFailure("No demo customers yet; run \"termbank demo reset\".", code: .noInput)
        }
        var client = BankingClient.refusingAll(now: { bank.clock.now() })
        window.install(into: &client)
        let painter = Painter()
        do {
            try painter.start()
        } catch {
            throw CommandFailure("Cannot start the terminal: \(error).", code: .unavailable)
        }
        defer { painter.stop() }
        let state = AppState(size: painter.size, now: bank.clock.now(), deviceName: nil, demo: true,
                             phoneWindow: PhoneWindowScreen(choices: choices))
        return AppRuntime(client: client, painter: painter).run(state)
    }
}
