import Glibc
import TermBankCore
import TermBankPostgres
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
    private let keyFileOption: String?
    private let smsCommand: String?
    /// Raised when the full-screen app quits: a slow SMS command stops instead of holding the exit.
    let quitting = Cancellation()
    private let verifyConfiguration: VerifyConfiguration
    /// Who sends the codes: the simulated phone, or a Verify service (`--verify`).
    let verifyProvider: VerifyProviderOptions
    private var openedCodes: CodeProvider?
    private let busyTimeoutMilliseconds: Int
    /// Whether this command may make the bank (`Command.createsBank`).
    private let createsBank: Bool
    /// The language this terminal speaks, which the phone's texts fall back
    /// to when the user saved none (the app sets it; operator commands leave it English).
    let sessionLanguage = SessionLanguage()
    private var openedStore: (any BankBackend)?
    private var openedBank: Bank?
    /// The daily limit on payments to other customers (the app's `--daily-limit`), set before the bank opens.
    var payments = PaymentPolicy.standard
    /// Whose wrong passwords, SMS sends and wrong second-factor codes count
    /// together (the app's `--demo` sets its origin), set before the bank opens.
    var lockout = LockoutScope.perCustomer
    /// Who may sign in as a demo guest (the app's `--demo` sets its origin;
    /// every other command, and the app without it, lets no guest in).
    var guests = GuestAccess.none

    init(console: Console, environment: [String: String], arguments: Arguments, commands: Commands = Commands(),
         clock: TimeSource = SystemClock(), random: RandomSource = SodiumRandomSource(), createsBank: Bool = false) throws {
        self.console = console
        self.createsBank = createsBank
        self.commands = commands
        self.environment = environment
        self.clock = clock
        self.random = random
        databaseOption = arguments.value("db")
        keyFileOption = arguments.value("key-file") ?? environment["TERMBANK_KEY_FILE"].flatMap { $0.isEmpty ? nil : $0 }
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
        verifyProvider = try VerifyProviderOptions(arguments: arguments, environment: environment)
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

    /// `--db`, else `$TERMBANK_DB`, else the default SQLite file, as given.
    private var databaseName: (path: String, isDefault: Bool) {
        DatabaseFile.resolve(explicit: databaseOption, environment: environment)
    }

    /// Whether the bank is a PostgreSQL database (a `postgresql://` URL) rather than a SQLite file.
    package var usesPostgreSQL: Bool { PostgresLocation.isURL(databaseName.path) }

    /// Where the bank is, as messages name it: the SQLite file's path, or the
    /// PostgreSQL URL without its password (never printed, docs/postgresql.md).
    package var databasePath: String {
        let name = databaseName.path
        guard PostgresLocation.isURL(name) else { return name }
        return (try? PostgresLocation(url: name).display) ?? "the PostgreSQL database"
    }

    /// The bank's backend, opened on first use. The one place that names a
    /// backend: everything else the CLI wires depends on the core's protocols.
    /// A `postgresql://` URL opens PostgreSQL (and only then loads libpq);
    /// anything else is a SQLite file. Only a command that makes a bank may
    /// find none there (the default file's folder is then made too); every
    /// other one is refused with `noBank`, and nothing is made.
    package func store() throws -> any BankBackend {
        if let openedStore { return openedStore }
        // libsodium opens on first use; a bank's rules need it, so a missing library is said here, plainly.
        do { try SecurityLibraries.requireSodium() } catch let missing as SecurityLibraries.MissingLibrary {
            throw CommandFailure(missing.message, code: .unavailable)
        }
        let location = databaseName
        let store: any BankBackend
        if PostgresLocation.isURL(location.path) {
            store = try PostgresBankStore(location: PostgresLocation(url: location.path), createsBank: createsBank)
        } else {
            store = try SQLiteBankStore(path: location.path, options: .init(
                busyTimeoutMilliseconds: busyTimeoutMilliseconds, createDirectory: location.isDefault && createsBank,
                createsBank: createsBank))
        }
        openedStore = store
        return store
    }

    /// Throws `readOnlyStandby` when the PostgreSQL server reached is a
    /// standby (docs/postgresql.md, "Standby and failover"): for what cannot
    /// work without writing (the app). Operator commands that only read run on one.
    package func requireWritable() throws {
        if let postgres = try store() as? PostgresBankStore { try postgres.requireWritable() }
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
        Bank(store: store, hasher: Argon2idHasher(), blocklist: CommonPasswordBlocklist(), clock: clock, random: random,
             payments: payments, lockout: lockout, guests: guests)
    }

    /// Where codes go: the simulated phone, unless an SMS command is configured.
    func smsGateway() throws -> SMSGateway {
        if let smsCommand { return CommandSMSGateway(command: smsCommand, cancellation: quitting) }
        return SimulatedPhoneGateway(store: try store(), clock: clock)
    }

    func verifyService() throws -> VerifyService {
        VerifyService(store: try store(), gateway: try smsGateway(), hasher: Blake2bCodeHasher(), random: random,
                      clock: clock, configuration: verifyConfiguration, language: sessionLanguage, scope: lockout,
                      codes: try codes())
    }

    /// The codes' length and expiry (`--pin-length`, `--pin-expiry`).
    var codeConfiguration: VerifyConfiguration { verifyConfiguration }

    /// The configured provider, its credentials read once (a missing one is said before the app starts).
    func codes() throws -> CodeProvider {
        if let openedCodes { return openedCodes }
        let codes = try verifyProvider.codes(environment: environment)
        openedCodes = codes
        return codes
    }

    /// Authenticator secrets are sealed with the key file: `--key-file` (or
    /// `$TERMBANK_KEY_FILE`), else beside a SQLite file, else (PostgreSQL,
    /// where there is no file to sit beside) `$XDG_CONFIG_HOME/termbank/bank.key`,
    /// which the operator copies to every host (docs/postgresql.md).
    package var keyFilePath: String {
        if let keyFileOption { return keyFileOption }
        if !usesPostgreSQL { return SecretBoxSealer.keyFile(besideDatabase: databasePath) }
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? Paths.home(environment: environment) + "/.config"
        return configHome + "/termbank/bank.key"
    }

    func sealer() -> SecretBoxSealer {
        SecretBoxSealer(keyFilePath: keyFilePath)
    }

    /// On a bank several hosts share (PostgreSQL), this host's key file must
    /// be the bank's: the first host to need a key makes it and records its id
    /// in the database; every other host must hold the same file, or the
    /// commands and the app that use it refuse to start (docs/postgresql.md).
    /// On SQLite the key sits beside the file, and a wrong one is found when
    /// a secret is opened (`KeyFileError.wrongKey`).
    private var sealingKeyChecked = false

    func checkSealingKey() throws {
        guard !sealingKeyChecked, let shared = try store() as? PostgresBankStore else { return }
        let sealer = sealer()
        if let id = try sealer.keyIdentifier(creating: false) {
            guard try shared.recordSealingKeyID(id) == id else { throw KeyFileError.notTheBanksKey(path: keyFilePath) }
        } else if try shared.sealingKeyID() != nil {
            throw KeyFileError.notOnThisHost(path: keyFilePath)
        } else if try makeKeyFolder(), let id = try sealer.keyIdentifier(creating: true),
                  try shared.recordSealingKeyID(id) != id {
            // Another host made and recorded its key first.
            throw KeyFileError.notTheBanksKey(path: keyFilePath)
        }
        sealingKeyChecked = true
    }

    /// The default key's folder (~/.config/termbank) is made, private, when
    /// missing; a folder the operator named with --key-file must exist.
    private func makeKeyFolder() throws -> Bool {
        guard keyFileOption == nil else { return true }
        let folder = Paths.directory(of: keyFilePath)
        if !Files.exists(folder) {
            do {
                try Files.createDirectories(folder, mode: 0o700)
            } catch {
                throw KeyFileError.cannotCreate(path: keyFilePath, reason: "\(error)")
            }
        }
        return true
    }

    func authenticatorService() throws -> AuthenticatorService {
        try checkSealingKey()
        let store = try store()
        let hasher = try bank().hasher
        return AuthenticatorService(store: store, sealer: sealer(), hmac: OpenSSLHMACSHA1(), hasher: Blake2bCodeHasher(),
                                    recovery: RecoveryCodeService(store: store, hasher: hasher, random: random, clock: clock,
                                                                  scope: lockout),
                                    random: random, clock: clock, scope: lockout)
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
        BiometricAuthenticator(store: try store(), hasher: try bank().hasher, clock: clock, scope: lockout)
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
