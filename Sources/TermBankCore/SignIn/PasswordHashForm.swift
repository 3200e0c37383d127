/// Which spelling of a password its stored hash was made from (decision 37).
/// Sign-in needs it to know how many spellings to try: one for an NFKC hash,
/// every one for a hash of the bytes as typed.
public enum PasswordHashForm: String, Sendable, Equatable {
    /// Made from the password's NFKC (`PasswordForms.hashable`): the NFKC of
    /// whatever the customer types verifies it, in one check.
    case nfkc
    /// Made from the bytes as typed, whatever spelling the terminal sent:
    /// every hash made before decision 35, and any made where no normaliser
    /// could answer. Sign-in tries every spelling (`PasswordForms.candidates`).
    case asTyped = "as-typed"
}

/// A customer's password hash as stored, with the spelling it was made from.
public struct StoredPassword: Equatable, Sendable {
    public let hash: Secret
    public let form: PasswordHashForm

    public init(hash: Secret, form: PasswordHashForm) {
        self.hash = hash
        self.form = form
    }
}

/// What checking one password needs from the store, read together.
public struct PasswordCheck: Equatable, Sendable {
    /// The user's hash, or nil for no such user.
    public let stored: StoredPassword?
    /// Whether any customer's hash is still as typed. While one is, every
    /// sign-in tries every spelling, for real or as dummy checks, so that
    /// the time taken tells neither whether a username exists nor which
    /// kind of hash it has.
    public let asTypedHashesRemain: Bool

    public init(stored: StoredPassword?, asTypedHashesRemain: Bool) {
        self.stored = stored
        self.asTypedHashesRemain = asTypedHashesRemain
    }
}
