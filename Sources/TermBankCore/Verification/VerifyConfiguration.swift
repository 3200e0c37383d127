/// The numbers of the Verify model. Defaults follow Vonage Verify.
public struct VerifyConfiguration: Equatable, Sendable {
    public let codeLength: Int
    public let expirySeconds: Int64
    public let resendCooldownSeconds: Int64 = 30
    /// Codes (each SMS and voice call that carries one) to one number per
    /// hour, whoever asks. Announcements are not codes and are not counted
    /// (decision 52). The guided story with one retry of every step needs 8
    /// (`StoryFitsTheSendLimitsTests`), so 10 leaves room; a pumping or
    /// flooding run still stops at 10 an hour.
    public let maximumSendsPerHour = 10
    /// Codes for one customer per hour, to any number: the story with its
    /// retries (8), or a sign-in with its resends (3) plus a phone change (a
    /// code to each number: 2), fit; a flood over many numbers does not.
    public let maximumSendsPerCustomerPerHour = 10
    /// The code screens say how many codes are left this hour at this many or fewer.
    public let fewSendsLeft = 2
    /// With 4-digit codes, this many wrong codes across a customer's requests
    /// in `wrongCodeWindowSeconds` lock their SMS codes for `smsLockSeconds`
    /// (docs/security-model.md, "Factors", gives the odds this leaves). 6-digit codes
    /// keep the per-request limit only.
    public var accountWideWrongCodeCap: Int? { codeLength == 4 ? 10 : nil }
    public let wrongCodeWindowSeconds: Int64 = 24 * 3600
    public let smsLockSeconds: Int64 = 24 * 3600
    public let maximumWrongChecks = 3
    /// SMS, then a voice call, then an SMS with a fresh code.
    public let maximumEvents = 3

    public enum Invalid: Error, Equatable, CustomStringConvertible {
        case codeLength
        case expiry

        public var description: String { EnglishCoreCatalog().text(self) }
    }

    public init(codeLength: Int = 6, expirySeconds: Int64 = 300) throws(Invalid) {
        guard codeLength == 4 || codeLength == 6 else { throw .codeLength }
        guard (60...600).contains(expirySeconds) else {
            throw .expiry
        }
        self.codeLength = codeLength
        self.expirySeconds = expirySeconds
    }

    public static let standard = try! VerifyConfiguration()
}
