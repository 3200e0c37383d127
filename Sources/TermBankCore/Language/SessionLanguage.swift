import Synchronization

/// The language one terminal's session speaks, shared by the services that
/// write to the customer's phone: a text goes out in the user's saved
/// language, else in this one (Verify's `locale`). The app sets it when the
/// language changes; one per process, as a process is one terminal.
public final class SessionLanguage: Sendable {
    private let current: Mutex<Language>

    public init(_ language: Language = .english) {
        current = Mutex(language)
    }

    public var language: Language {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }

    /// The words for a text to this user's phone: their saved language, else the session's.
    public func catalog(for user: UserRecord) -> any CoreCatalog {
        (user.language ?? language).coreCatalog
    }
}
