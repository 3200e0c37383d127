/// Failures of the storage layer in the bank's words, independent of the
/// backend. Messages name the file and the fix, never a bound value.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    case directoryMissing(path: String)
    /// Nothing at the path (or an empty file) and the command only reads a
    /// bank: it is refused rather than made, so a mistyped path creates nothing.
    case noBank(path: String)
    case permissionDenied(path: String)
    case readOnly(path: String)
    case notATermBankDatabase(path: String)
    /// The database (or its -wal/-shm) is a symbolic link: it is never followed.
    case symbolicLink(path: String)
    /// The database, -wal or -shm file can be read (or written) by other users.
    case readableByOthers(path: String)
    /// Others may create files in the database's folder (a -wal link planted there would be followed).
    case sharedFolder(path: String)
    case newerSchema(path: String, found: Int, supported: Int)
    case busy(path: String, waitedMilliseconds: Int)
    case diskFull(path: String)
    case corrupt(path: String)
    case duplicateUser(Username)
    case unknownUser(Username)
    /// A phone number belongs to one customer at a time.
    case phoneInUse(PhoneNumber)
    /// The file cannot move to the schema where a number belongs to one customer: these share one.
    case sharedPhoneNumbers(path: String, users: [String])
    /// The file cannot move to the schema where stored text is composed (NFC): it holds
    /// decomposed text, and the Unicode library (libutf8proc2) cannot be opened on this host.
    case needsUnicodeLibrary(path: String)
    /// A database server (PostgreSQL) could not be reached: down, refusing, or the wrong host or port.
    /// `location` never holds a password; `reason` is the client library's, scrubbed of it.
    case serverUnavailable(location: String, reason: String)
    /// The database server refused the sign-in (wrong password, no password, pg_hba.conf).
    case authenticationFailed(location: String)
    /// The connection dropped during work (server restart, a terminated backend): the
    /// unfinished transaction was rolled back by the server, and the next call reconnects.
    case connectionLost(location: String)
    /// The server reached is a standby (a read-only replica): it serves reads, and refuses
    /// every write; with a failover under way its primary may come back or a standby be promoted.
    case readOnlyStandby(location: String)
    /// Anything else the backend reported, already free of bound values.
    case backend(String)

    public var description: String { EnglishCoreCatalog().text(self) }

    /// The database could not be reached or stayed busy: nothing about the
    /// session or the request is wrong, and the same request may succeed when
    /// asked again. The app keeps the session and the typed form for these.
    public var isTransient: Bool {
        switch self {
        case .serverUnavailable, .connectionLost, .readOnlyStandby, .busy: return true
        default: return false
        }
    }
}
