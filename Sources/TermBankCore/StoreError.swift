/// Failures of the storage layer in the bank's words, independent of the
/// backend. Messages name the file and the fix, never a bound value.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    case directoryMissing(path: String)
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
    /// Anything else the backend reported, already free of bound values.
    case backend(String)

    public var description: String {
        switch self {
        case .directoryMissing(let path):
            return "The folder for the database does not exist: \(path). Create it or pass --db with another path."
        case .permissionDenied(let path):
            return "Permission denied opening the database \(path). Check its owner and mode (it should be 0600)."
        case .readOnly(let path):
            return "The database \(path) is read-only; TermBank needs to write to it and to its folder."
        case .notATermBankDatabase(let path):
            return "\(path) is not a TermBank database. Pass --db with the right file."
        case .symbolicLink(let path):
            return "\(path) is a symbolic link; TermBank opens only the file itself, so a link cannot send the "
                + "bank's writes elsewhere. Pass --db with the real path."
        case .readableByOthers(let path):
            return "\(path) can be read by other users; refusing it. Run: chmod 600 \(path)"
        case .sharedFolder(let path):
            return "Other users can create files in \(path), the database's folder; refusing it. "
                + "Keep the database in a folder only its owner can write, or run: chmod go-w \(path)"
        case .newerSchema(let path, let found, let supported):
            return "\(path) was written by a newer TermBank (schema \(found), this one knows up to \(supported)). Upgrade termbank."
        case .busy(let path, let waited):
            return "The database \(path) stayed locked by another process for \(waited / 1000) s; try again."
        case .diskFull(let path):
            return "The disk holding \(path) is full; nothing was changed. Free some space and try again."
        case .corrupt(let path):
            return "The database \(path) is damaged. Restore it from a backup."
        case .duplicateUser(let name):
            return "A user named \"\(name)\" already exists."
        case .unknownUser(let name):
            return "No user named \"\(name)\"."
        case .phoneInUse(let phone):
            return "The number \(phone.masked) already belongs to another customer; each customer needs their own."
        case .sharedPhoneNumbers(let path, let users):
            return "\(path) was not upgraded (nothing was changed): a phone number now belongs to one customer, "
                + "but these customers share one: \(users.joined(separator: "; ")). Give each their own number "
                + "(for example with sqlite3: UPDATE users SET phone = '+15550199' WHERE username = 'NAME'), "
                + "then open it again."
        case .backend(let message):
            return "Database error: \(message)"
        }
    }
}
