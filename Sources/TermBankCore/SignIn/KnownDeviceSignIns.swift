/// Where the bank remembers which usernames completed a sign-in on which held device.
public protocol KnownSignInStore: AnyObject, Sendable {
    /// Adds or refreshes the record for (identity, device, username).
    func recordKnownSignIn(identity: String, device: DeviceID, username: Username, user: UserID, at time: Timestamp) throws
    /// The user a record names (still under that name), if there is one: one
    /// indexed read, the same whether or not the username exists anywhere else.
    func knownSignIn(identity: String, device: DeviceID, username: Username) throws -> UserRecord?
}

/// SiteKey as Bank of America runs it: on a device where this username has
/// completed a sign-in before, the picture and phrase are shown after the
/// username and before the password, so a look-alike is caught before the
/// password is typed. Everywhere else the order stays password, then sitekey.
///
/// What makes it safe to show anything before the password:
/// - The record is written only after a completed sign-in (every factor), on
///   a device the person holds (`DeviceBinding.isHeld`), keyed by that
///   device's identity. A username that does not exist can never have one.
/// - The lookup is one read of that record (the store's one indexed probe),
///   the same call for a name that does not exist and for a user who never
///   signed in on this device; no users lookup by name happens at all. Both
///   get "not known here" and the same screens, so the lookup tells nobody
///   whether a name exists.
/// - A device chosen from a list over a shared account has no records at all.
public struct KnownDeviceSignIns: Sendable {
    let store: KnownSignInStore
    let clock: TimeSource
    public let binding: DeviceBinding

    public init(store: KnownSignInStore, clock: TimeSource, binding: DeviceBinding) {
        self.store = store
        self.clock = clock
        self.binding = binding
    }

    /// After a completed sign-in: this device now knows this username.
    public func remember(_ signIn: CompletedSignIn) throws {
        guard let device = signIn.device, let identity = binding.identity else { return }
        try store.recordKnownSignIn(identity: identity, device: device.id, username: signIn.user.username,
                                    user: signIn.user.id, at: clock.now())
    }

    /// The user whose sitekey to show before the password, when `typed` has
    /// completed a sign-in on this device; nil otherwise (also for a name that
    /// does not exist, a malformed one, or a device nobody holds).
    public func knownUser(typed: String, on device: Device?) throws -> UserRecord? {
        guard let device, let identity = binding.identity,
              let username = try? Username(validating: typed) else { return nil }
        return try store.knownSignIn(identity: identity, device: device.id, username: username)
    }
}
