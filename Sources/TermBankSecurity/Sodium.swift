import CSodium

/// libsodium must be initialised once per process before any other call.
enum Sodium {
    static let ready: Bool = sodium_init() >= 0

    static func ensureReady() {
        precondition(ready, "libsodium could not initialise")
    }
}

public enum SecurityLibraries {
    public static var sodiumVersion: String { String(cString: sodium_version_string()) }
}
