import Foundation
import TermBankApp
import TermBankCore
import TermBankSecurity
import TermBankStorage
import TermBankTerminal

enum AppCommands {
    /// `termbank` with no command words opens the full-screen app.
    static let app = Command([], arguments: "[--device NAME] [--step-up-over AMOUNT]",
                             summary: "Open the full-screen banking app (the default)",
                             details: ["--device NAME: the simulated phone this terminal stands for (default: \(DemoBank.defaultDeviceName)).",
                                       "--device ssh: over SSH, the client's public key is its phone (created on first use);",
                                       "without a key, the first screen asks which demo phone to use.",
                                       "--step-up-over AMOUNT: transfers below AMOUNT need only Touch ID / Face ID;",
                                       "by default every transfer needs an SMS code."],
                             valued: ["device", "step-up-over"], run: run)

    static func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        _ = try arguments.expectPositionals([])
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
        let deviceName = arguments.value("device") ?? context.environment["TERMBANK_DEVICE"] ?? DemoBank.defaultDeviceName
        var device: Device?
        var choices: [DevicePicker.Choice] = []
        // What ties the device to the person (docs/security-sessions-and-devices.md):
        // a local terminal is its OS account's; over SSH only the key is (the
        // account may be shared by everyone who connects, one home for all).
        let overSSH = ["SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY"].contains { context.environment[$0] != nil }
        var binding = overSSH ? DeviceBinding.unbound : .localTerminal(uid: getuid())
        if deviceName == "ssh" {
            // Over SSH: the client's key is its phone; without a key, the user picks one.
            if let key = SSHIdentity.acceptedKey(environment: context.environment) {
                device = try SSHIdentity.device(for: key, bank: bank, store: store)
                binding = key.binding
            } else {
                binding = .unbound
                choices = try store.listDevices().filter { !$0.name.hasPrefix("ssh-") }
                    .map { DevicePicker.Choice(name: $0.name, biometry: $0.biometry) }
                if choices.isEmpty { throw CommandFailure("No devices to choose from; run \"termbank demo reset\".", code: .noInput) }
            }
        } else {
            device = try context.existingDevice(deviceName)
        }
        let live = LiveBankingClient(bank: bank, store: store, device: device, verify: try context.verifyService(),
                                     stepUp: StepUpPolicy(smsThreshold: threshold),
                                     security: try context.securitySettings(),
                                     trustedDevices: try context.trustedDevices(binding: binding),
                                     knownSignIns: try context.knownSignIns(binding: binding),
                                     pickable: Set(choices.map(\.name)))
        let painter = Painter()
        do {
            try painter.start()
        } catch {
            throw CommandFailure("Cannot start the terminal: \(error).", code: .unavailable)
        }
        defer { painter.stop() }
        let state = AppState(size: painter.size, now: bank.clock.now(), deviceName: device?.name,
                             stepUpThreshold: threshold, gallery: SitekeyGallery(SitekeyAssets.load(environment: context.environment)),
                             deviceChoices: choices)
        let runtime = AppRuntime(client: live.client, painter: painter)
        let code = runtime.run(state)
        live.signOut(.signedOut)
        return code
    }
}
