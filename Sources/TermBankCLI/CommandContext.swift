import Glibc
import TermBankCore
import TermBankSecurity
import TermBankStorage
import TermBankSystem

/// What every command can reach: the console, the environment, and the live
/// bank on the chosen database, opened on first use.
package final class CommandContext: @unchecked Sendable {
    package let console: Console
    package let environment: [String: String]
    package let clock: TimeSource
    package let random: RandomSource
    /// The command table this run dispatched from (for help and the operator guide).
    let commands: Commands
    private let databaseOption: String?
    private let smsCommand: String?
    /// Raised when the full-screen app quits: a slow SMS command stops instead of holding the exit.
    let quitting = Cancellation()
    private let verifyConfiguration: VerifyConfiguration
    private let busyTimeoutMilliseconds: Int
    /// The language this terminal speaks, which the phone's texts fall back
    /// to when the user saved none (the app sets it; operator commands leave it English).
    let sessionLanguage = SessionLanguage()
    private var openedStore: (any BankBackend)?
    private var openedBank: Bank?

    init(console: Console, environment: [String: String], arguments: Arguments, commands: Commands = Commands(),
         clock: TimeSource = SystemClock(), random: RandomSource = SodiumRandomSource()) throws {
        self.console = console
        self.commands = commands
        self.environment = environment
        self.clock = clock
        self.random = random
        databaseOption = arguments.value("db")
        smsCommand = arguments.value("sms-command") ?? environment["TERMBANK_SMS_COMMAND"].flatMap { $0.isEmpty ? nil : $0 }
        let lengthText = arguments.value("pin-length") ?? environment["TERMBANK_PIN_LENGTH"]
        let expiryText = arguments.value("pin-expiry") ?? environment["TERMBANK_PIN_EXPIRY"]
        do {
            guard let length = Int(lengthText ?? "6"), let minutes = Int64(expiryText ?? "5") else {
                throw CommandFailure.usage("--pin-length is 4 or 6; --pin-expiry is minutes from 1 to 10")
            }
            verifyConfiguration = try VerifyConfiguration(codeLength: length, expirySeconds: minutes * 60)
        } catch let invalid as VerifyConfiguration.Invalid {
            throw CommandFailure.usage(invalid.description)
        }
        let timeoutText = arguments.value("busy-timeout") ?? environment["TERMBANK_BUSY_TIMEOUT_MS"]
        if let timeoutText {
            guard let value = Int(timeoutText), (0...600_000).contains(value) else {
                throw CommandFailure.usage("--busy-timeout needs milliseconds from 0 to 600000")
            }
            busyTimeoutMilliseconds = value
        } else {
            busyTimeoutMilliseconds = 5_000
        }
    }

    package var databasePath: String { DatabaseFile.resolve(explicit: databaseOption, environment: environment).path }

    /// The bank's backend, opened on first use. The one place that names a
    /// backend: everything else the CLI wires depends on the core's protocols.
    package func store() throws -> any BankBackend {
        if let openedStore { return openedStore }
        let location = DatabaseFile.resolve(explicit: databaseOption, environment: environment)
        let store = try SQLiteBankStore(path: location.path, options: .init(
            busyTimeoutMilliseconds: busyTimeoutMilliseconds, createDirectory: location.isDefault))
        openedStore = store
        return store
    }

    package func bank() throws -> Bank {
        if let openedBank { return openedBank }
        let bank = bank(on: try store())
        openedBank = bank
        return bank
    }

    /// The bank's rules on another store (a benchmark's scratch file), without
    /// opening the default database.
    package func bank(on store: any BankStore) -> Bank {
        Bank(store: store, hasher: Argon2idHasher(), blocklist: CommonPasswordBlocklist(), clock: clock, random: random)
    }

    /// Where codes go: the simulated phone, unless an SMS command is configured.
    func smsGateway() throws -> SMSGateway {
        if let smsCommand { return CommandSMSGateway(command: smsCommand, cancellation: quitting) }
        return SimulatedPhoneGateway(store: try store(), clock: clock)
    }

    func verifyService() throws -> VerifyService {
        VerifyService(store: try store(), gateway: try smsGateway(), hasher: Blake2bCodeHasher(), random: random,
                      clock: clock, configuration: verifyConfiguration, language: sessionLanguage)
    }

    /// Authenticator secrets are sealed with the key file beside the database.
    func sealer() -> SecretBoxSealer {
        SecretBoxSealer(keyFilePath: SecretBoxSealer.keyFile(besideDatabase: databasePath))
    }

    func authenticatorService() throws -> AuthenticatorService {
        let store = try store()
        let hasher = try bank().hasher
        return AuthenticatorService(store: store, sealer: sealer(), hmac: OpenSSLHMACSHA1(), hasher: Blake2bCodeHasher(),
                                    recovery: RecoveryCodeService(store: store, hasher: hasher, random: random, clock: clock),
                                    random: random, clock: clock)
    }

    func securitySettings() throws -> SecuritySettings {
        let service = try authenticatorService()
        return SecuritySettings(store: try store(), passwords: try bank().signIn, authenticator: service,
                                recovery: service.recovery, verify: try verifyService(),
                                clock: clock)
    }

    /// Trusted devices as this terminal holds its device: the tokens of that
    /// identity only, in `$XDG_CONFIG_HOME/termbank` (else `~/.config/termbank`).
    /// Operator commands (list, revoke) hold no device.
    func trustedDevices(binding: DeviceBinding = .unbound) throws -> TrustedDeviceService {
        let keychain: DeviceKeychain = binding.identity.map { FileDeviceKeychain(environment: environment, identity: $0) }
            ?? NoDeviceKeychain()
        return TrustedDeviceService(store: try store(), keychain: keychain, digester: Blake2bCodeHasher(), random: random,
                                    clock: clock, binding: binding)
    }

    /// Which usernames completed a sign-in on this terminal's held device.
    func knownSignIns(binding: DeviceBinding) throws -> KnownDeviceSignIns {
        KnownDeviceSignIns(store: try store(), clock: clock, binding: binding)
    }

    func authenticator() throws -> BiometricAuthenticator {
        BiometricAuthenticator(store: try store(), hasher: try bank().hasher, clock: clock)
    }

    func existingDevice(_ name: String) throws -> Device {
        guard let device = try store().device(named: name.lowercased()) else {
            throw CommandFailure("No device named \(Console.quoted(name)). See \"termbank device list\".", code: .noInput)
        }
        return device
    }

    func username(_ text: String) throws -> Username {
        do { return try Username(validating: text) } catch { throw CommandFailure.from(error) }
    }

    /// Looks a user up, failing with "no such user" (exit 67).
    func existingUser(_ text: String) throws -> UserRecord {
        let name = try username(text)
        guard let user = try store().user(named: name) else {
            throw CommandFailure("No user named \(Console.quoted(name.rawValue)).", code: .noUser)
        }
        return user
    }
}
