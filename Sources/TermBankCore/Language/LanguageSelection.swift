/// Which language a terminal speaks, and why. The order:
/// `--lang`, then `TERMBANK_LANG`, then the user's saved preference once
/// signed in, then the POSIX environment (`LC_ALL`, `LC_MESSAGES`, `LANG`),
/// then English. A language chosen in the app (the `L` key) is the user's
/// choice: it is saved as their preference once they are signed in.
public struct LanguageSelection: Equatable, Sendable {
    public enum Source: Equatable, Sendable {
        /// `--lang CODE`.
        case option
        /// `TERMBANK_LANG`.
        case variable
        /// Chosen in the app with `L`: saved as the user's preference once signed in.
        case chosen
        /// The signed-in user's saved preference.
        case saved
        /// The POSIX locale variable that named it (`LC_ALL`, `LC_MESSAGES` or `LANG`).
        case environment(String)
        /// Nothing named a language this build speaks.
        case fallback
        /// Kept from a session that ended: the next user's saved preference replaces it.
        case previousSession
    }

    public let language: Language
    public let source: Source

    public init(_ language: Language, source: Source) {
        self.language = language
        self.source = source
    }

    /// English, for want of anything else (tests, the operator's tools).
    public static let english = LanguageSelection(.english, source: .fallback)

    /// Why a code was refused; the CLI words it as a usage error.
    public enum Refusal: Error, Equatable, Sendable {
        /// Not one of the codes TermBank knows.
        case unknown(code: String, from: Origin)
        /// One of the four, but this build does not have its catalogs yet.
        case notInThisBuild(code: String, from: Origin)
    }

    /// Where a refused code came from.
    public enum Origin: Equatable, Sendable {
        case option, variable
    }

    /// The language at start: `option` is `--lang`'s value (nil when not given).
    /// A code given by `--lang` or `TERMBANK_LANG` that this build does not
    /// speak is refused (never silently English); a POSIX locale that names
    /// another language falls through to English.
    public static func atStart(option: String?, environment: [String: String]) throws(Refusal) -> LanguageSelection {
        if let option { return LanguageSelection(try language(option, from: .option), source: .option) }
        if let variable = environment["TERMBANK_LANG"], !variable.isEmpty {
            return LanguageSelection(try language(variable, from: .variable), source: .variable)
        }
        if let (name, variable) = posixMessagesLocale(environment), let language = Language(posixLocale: name) {
            return LanguageSelection(language, source: .environment(variable))
        }
        return .english
    }

    private static func language(_ code: String, from origin: Origin) throws(Refusal) -> Language {
        if let language = Language(code: code) { return language }
        let planned = Language.plannedCodes.first { Language.normalised($0) == Language.normalised(code) }
        if let planned { throw .notInThisBuild(code: planned, from: origin) }
        throw .unknown(code: code, from: origin)
    }

    /// The locale messages are in, as POSIX decides it: the first of
    /// `LC_ALL`, `LC_MESSAGES`, `LANG` that is set and not empty (so
    /// `LC_ALL=C` means C, whatever `LANG` says). With its variable's name.
    static func posixMessagesLocale(_ environment: [String: String]) -> (name: String, variable: String)? {
        for variable in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = environment[variable], !value.isEmpty { return (value, variable) }
        }
        return nil
    }

    /// Whether a saved preference gives way to this choice: `--lang`,
    /// `TERMBANK_LANG` and a choice made in the app win over it.
    public var overridesSavedPreference: Bool {
        switch source {
        case .option, .variable, .chosen: return true
        case .saved, .environment, .fallback, .previousSession: return false
        }
    }

    /// Once the password names the user: their saved preference, unless this choice wins over it.
    public func signedIn(saved: Language?) -> LanguageSelection {
        guard !overridesSavedPreference, let saved else { return self }
        return LanguageSelection(saved, source: .saved)
    }

    /// The language to save as the signed-in user's preference, if any: only
    /// a choice made in the app, and only when it differs from what is saved.
    public func toSave(saved: Language?) -> Language? {
        source == .chosen && language != saved ? language : nil
    }

    /// `L` in the app: the next language, chosen by the user.
    public func cycled() -> LanguageSelection {
        LanguageSelection(language.next, source: .chosen)
    }

    /// After a save: the user's preference now.
    public func savedAsPreference() -> LanguageSelection {
        LanguageSelection(language, source: .saved)
    }

    /// At sign-out: the screen keeps the language, but the next user's saved
    /// preference replaces it, and it is not saved for them. `--lang` and
    /// `TERMBANK_LANG` stay what they were.
    public func afterSignOut() -> LanguageSelection {
        switch source {
        case .option, .variable, .environment, .fallback, .previousSession: return self
        case .chosen, .saved: return LanguageSelection(language, source: .previousSession)
        }
    }
}
