/// The `session.started` audit row's detail: which factors opened the
/// session, and whether a recovery code or a trusted device stood in for the
/// second factor. Written by `SessionService.open` and read back by the
/// demo's guided story (`StoryProgress`), so the two agree on one spelling.
public struct SessionStartDetail: Equatable, Sendable {
    public let factors: [SignInFactor]
    public let usedRecoveryCode: Bool
    /// The trusted device that skipped the second factor, if one did.
    public let trustedDevice: TrustedDeviceID?

    public init(factors: [SignInFactor], usedRecoveryCode: Bool, trustedDevice: TrustedDeviceID?) {
        self.factors = factors
        self.usedRecoveryCode = usedRecoveryCode
        self.trustedDevice = trustedDevice
    }

    private static let lead = "factors: "
    private static let recovery = " (second factor: a recovery code)"
    private static let trusted = " (second factor skipped: trusted device #"

    public var text: String {
        Self.lead + factors.map(\.rawValue).joined(separator: "+")
            + (usedRecoveryCode ? Self.recovery : "")
            + (trustedDevice.map { Self.trusted + "\($0))" } ?? "")
    }

    /// nil for a detail not written by `text` (an older row, another event).
    public init?(parsing detail: String) {
        guard detail.hasPrefix(Self.lead) else { return nil }
        let rest = detail.dropFirst(Self.lead.count)
        let names = rest.prefix { $0 != " " }
        var factors: [SignInFactor] = []
        for name in names.split(separator: "+") {
            guard let factor = SignInFactor(rawValue: String(name)) else { return nil }
            factors.append(factor)
        }
        self.factors = factors
        // What follows the factors, in the order `text` writes it (the core has no Foundation to search with).
        var tail = detail.dropFirst(Self.lead.count + names.count)
        usedRecoveryCode = tail.hasPrefix(Self.recovery)
        if usedRecoveryCode { tail = tail.dropFirst(Self.recovery.count) }
        if tail.hasPrefix(Self.trusted) {
            trustedDevice = Int64(tail.dropFirst(Self.trusted.count).prefix { $0.isNumber }).map(TrustedDeviceID.init)
        } else {
            trustedDevice = nil
        }
    }

    /// A code proved this sign-in: an SMS or authenticator code, or a recovery code.
    public var provedACode: Bool {
        usedRecoveryCode || factors.contains(.smsCode) || factors.contains(.authenticator)
    }
}
