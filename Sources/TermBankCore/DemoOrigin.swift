/// Where a demo terminal connects from: the SSH key it signed in to the
/// demo host with, when there is one, and the client's address. A guest
/// customer is bound to the key that made it and rate-limited by the
/// address; at the shared demo, wrong passwords count per origin
/// (`LockoutScope.perOrigin`).
public struct DemoOrigin: Equatable, Sendable {
    public let keyFingerprint: String?
    public let address: String
    /// The web door's browser (its id stands for the key): the words follow the door.
    public let fromBrowser: Bool

    public init(keyFingerprint: String?, address: String, fromBrowser: Bool = false) {
        self.keyFingerprint = keyFingerprint
        self.address = address
        self.fromBrowser = fromBrowser
    }

    /// Not over SSH: one local address, so the limit still holds.
    public static let local = DemoOrigin(keyFingerprint: nil, address: "local")

    /// The one who typed, as the sign-in throttle and the audit trail name
    /// them: the key when there is one (a person, wherever they connect
    /// from), else the address (everyone behind it counts as one).
    public var name: String {
        keyFingerprint.map { "key \($0)" } ?? "address \(address)"
    }
}
