import TermBankApp
import TermBankCore
import TermBankSecurity

/// Exit statuses, after sysexits(3), so scripts can tell failures apart.
/// The operator guide lists them with their meanings (`termbank help --markdown`).
public enum ExitCode: Int32, CaseIterable, Sendable {
    case ok = 0
    /// `check` found a broken invariant, `bench` found money not conserved,
    /// a sign-in was refused, or the operator declined a confirmation.
    case failure = 1
    case usage = 64
    case dataError = 65
    case noInput = 66
    case noUser = 67
    case unavailable = 69
    case software = 70
    case ioError = 74
    case tempFail = 75
    case noPermission = 77
    case config = 78
    /// 128 + the signal's number, as a shell reports a process the signal ended:
    /// the app ended its session first (`Termination`).
    case hangUp = 129
    case interrupted = 130
    case terminated = 143

    /// The status the app exits with when it ends without a quit.
    init(_ termination: Termination) {
        switch termination {
        case .hangUp: self = .hangUp
        case .terminate: self = .terminated
        case .interrupt: self = .interrupted
        }
    }

    /// When a command exits with this status, for the operator guide.
    var meaning: String {
        switch self {
        case .ok: "done"
        case .failure: "a check failed, a sign-in was refused, the benchmark found money not conserved, "
            + "or a confirmation was declined"
        case .usage: "usage error (unknown command or option, missing argument)"
        case .dataError: "bad value: amount, username, phone, password policy, insufficient funds, duplicate user"
        case .noInput: "no bank at the database's path (only `demo reset` and `user add` make one), or its folder "
            + "does not exist; no such device or verification request"
        case .noUser: "no such user"
        case .unavailable: "the app was started without a terminal; a needed tool is missing (the `sqlite3` shell for "
            + "`--baseline`; `dialog` or GNU `time` for `bench ui`); a code could not be sent; or the PostgreSQL server "
            + "cannot be reached, or the one reached is a read-only standby and the command writes"
        case .software: "internal error"
        case .ioError: "disk full, I/O error, or a damaged database (nothing was changed)"
        case .tempFail: "the database stayed locked by another process past the busy timeout, or the connection "
            + "to the PostgreSQL server was lost (nothing unfinished was kept; try again)"
        case .noPermission: "permission denied, or the database (or its folder) is read-only, or the PostgreSQL "
            + "server refused the sign-in"
        case .config: "not a TermBank database, or written by a newer TermBank; the database, its -wal/-shm or the "
            + "key file is a symlink or readable by others, or its folder is writable by others; or `--demo` (or the "
            + "demo's `phone` window) on a bank that is not the demo bank"
        case .hangUp: "the app's terminal went away (SIGHUP: a dropped SSH connection, a closed window; or its reads "
            + "failed): the session was ended at once, audited as connection-closed"
        case .interrupted: "interrupted: Ctrl-C at a password or code prompt (echo is turned back on), or SIGINT sent "
            + "to the app (its session was ended, audited as terminated)"
        case .terminated: "the app was sent SIGTERM: the session was ended at once, audited as terminated"
        }
    }
}

/// A failure that ends the command with a message and an exit status.
package struct CommandFailure: Error {
    package let message: String
    package let code: ExitCode

    package init(_ message: String, code: ExitCode) {
        self.message = message
        self.code = code
    }

    package static func usage(_ message: String) -> CommandFailure { CommandFailure(message, code: .usage) }

    /// Any error the core or storage can throw, as the operator should read it.
    package static func from(_ error: Error) -> CommandFailure {
        switch error {
        case let failure as CommandFailure: return failure
        case let store as StoreError: return CommandFailure(store.description, code: store.exitCode)
        case let ledger as LedgerError:
            if case .unknownUser = ledger { return CommandFailure(ledger.description, code: .noUser) }
            return CommandFailure(ledger.description, code: .dataError)
        case let problem as Username.Problem: return CommandFailure(problem.description, code: .dataError)
        case let problem as PasswordPolicy.Problem: return CommandFailure(problem.description, code: .dataError)
        case let problem as AmountError: return CommandFailure(problem.description, code: .dataError)
        case let problem as PhoneNumber.Invalid: return CommandFailure(problem.description, code: .dataError)
        case let problem as Sitekey.Problem: return CommandFailure(problem.description, code: .dataError)
        case let problem as TransferClientID.Invalid: return CommandFailure(problem.description, code: .dataError)
        case let refusal as ConfirmationError: return CommandFailure(refusal.description, code: .failure)
        case let problem as KeyFileError: return CommandFailure(problem.description, code: .config)
        case let problem as AuthenticatorError: return CommandFailure(problem.description, code: .dataError)
        case let problem as TrustedDeviceError: return CommandFailure(problem.description, code: .noInput)
        case let problem as VerifyError: return CommandFailure(problem.description, code: .unavailable)
        case let problem as DisplayName.Problem: return CommandFailure(problem.description, code: .dataError)
        case let problem as PaymentReference.Problem: return CommandFailure(problem.description, code: .dataError)
        default:
            // Any other refusal the core words still reads as its words, not a type name.
            if let message = CoreMessage(error) { return CommandFailure(message.description, code: .software) }
            return CommandFailure("unexpected error: \(type(of: error))", code: .software)
        }
    }
}

extension StoreError {
    var exitCode: ExitCode {
        switch self {
        case .directoryMissing, .noBank: return .noInput
        case .permissionDenied, .readOnly: return .noPermission
        case .notATermBankDatabase, .newerSchema, .symbolicLink, .readableByOthers, .sharedFolder, .sharedPhoneNumbers,
             .needsUnicodeLibrary:
            return .config
        case .busy, .connectionLost: return .tempFail
        case .serverUnavailable, .readOnlyStandby: return .unavailable
        case .authenticationFailed: return .noPermission
        case .diskFull, .corrupt, .backend: return .ioError
        case .duplicateUser, .phoneInUse: return .dataError
        case .unknownUser: return .noUser
        }
    }
}
