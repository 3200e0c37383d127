/// One of a customer's sign-ins as the bank recorded it: the session it
/// opened, and how it passed its second factor. The guided story's checklist
/// marks step 3 ("sign in again with a code") from these, not from keys
/// pressed: a sign-in that skipped the code on a trusted device is told
/// apart from one that used an SMS code (decision 55).
public struct SignInRecord: Equatable, Sendable {
    public let sessionID: SessionID
    public let startedAt: Timestamp
    /// An SMS sign-in code was accepted for this sign-in (after the
    /// customer's previous sign-in, before this one's session opened).
    public let usedSMSCode: Bool
    /// Set when the sign-in skipped its second factor on this trusted device.
    public let trustedDevice: TrustedDeviceID?

    public init(sessionID: SessionID, startedAt: Timestamp, usedSMSCode: Bool, trustedDevice: TrustedDeviceID?) {
        self.sessionID = sessionID
        self.startedAt = startedAt
        self.usedSMSCode = usedSMSCode
        self.trustedDevice = trustedDevice
    }
}
