/// The database's refusals, for the operator CLI and the app's fatal screen.
/// Paths and names are the operator's own data; bound values never appear.
extension EnglishCoreCatalog {
    public func text(_ error: StoreError) -> String {
        switch error {
        case .directoryMissing(let path):
            return "The folder for the database does not exist: \(path). Create it or pass --db with another path."
        case .noBank(let path):
            return "No bank at \(path); nothing was made. Check --db (or $TERMBANK_DB), or make a bank there with "
                + "\"termbank demo reset\" or \"termbank user add\"."
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
        case .needsUnicodeLibrary(let path):
            return "\(path) was not upgraded (nothing was changed): it holds accented text stored before TermBank "
                + "composed it, and composing it needs libutf8proc2, which cannot be opened on this host. "
                + "Install it (apt-get install libutf8proc2), then open it again."
        case .serverUnavailable(let location, let reason):
            return "Cannot reach the database server for \(location) (\(reason)); nothing was changed. "
                + "Check that PostgreSQL is running there."
        case .authenticationFailed(let location):
            return "The database server refused the sign-in for \(location). Check the user, and the password in "
                + "~/.pgpass or PGPASSWORD; nothing was changed."
        case .connectionLost(let location):
            return "The connection to the database \(location) was lost; nothing unfinished was kept, and a "
                + "transfer is never booked twice, so it is safe to try again."
        case .readOnlyStandby(let location):
            return "The database server for \(location) is a standby, which only reads: it takes no sign-ins and "
                + "no transfers, and nothing was changed. Name the primary in --db, or list every server with "
                + "target_session_attrs=read-write so that TermBank finds it."
        case .backend(let message):
            return "Database error: \(message)"
        }
    }
}
