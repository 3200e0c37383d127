/// What ties the device a terminal stands for to the person at it.
///
/// Over the demo's SSH endpoint every connection is the same Unix account
/// with one home folder, so "this device" means something only when the
/// person proved they hold it: the SSH key they signed in with (its device is
/// theirs alone), or their own OS account on a local terminal. A device
/// picked from a list after a password SSH login is held by nobody in
/// particular: anyone on that account could pick it. Trust, and the sitekey
/// shown before the password, need a held device.
public enum DeviceBinding: Equatable, Sendable {
    /// An SSH public key sshd accepted: the hex SHA-256 of the key's blob.
    case sshKey(fingerprintHex: String)
    /// A local terminal (not over SSH) of this OS account: its own login, its own home folder.
    case localTerminal(uid: UInt32)
    /// Nothing ties it to the person: chosen from the list after a password
    /// SSH login, or named with `--device` over SSH.
    case unbound

    /// Whether the device can be trusted, or remember who signed in on it.
    public var isHeld: Bool { identity != nil }

    /// The name this identity's records are kept under (its token folder, its
    /// known sign-ins): never shared by two keys or two OS accounts; nil when
    /// the device is held by nobody in particular.
    public var identity: String? {
        switch self {
        case .sshKey(let hex):
            guard hex.count == 64, hex.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else { return nil }
            return "ssh-key-" + hex
        case .localTerminal(let uid): return "os-user-\(uid)"
        case .unbound: return nil
        }
    }
}

/// A device keychain for a device nobody in particular holds: it keeps nothing.
public struct NoDeviceKeychain: DeviceKeychain {
    public init() {}
    public func token(for key: DeviceKeychainKey) throws -> Secret? { nil }
    public func store(_ token: Secret, for key: DeviceKeychainKey) throws { throw TrustedDeviceError.deviceNotHeld }
    public func remove(for key: DeviceKeychainKey) throws {}
}
