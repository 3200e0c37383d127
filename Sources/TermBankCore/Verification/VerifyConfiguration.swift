/// The numbers of the Verify model. Defaults follow Vonage Verify.
public struct VerifyConfiguration: Equatable, Sendable {
    public let codeLength: Int
    public let expirySeconds: Int64
    public let resendCooldownSeconds: Int64 = 30
    public let maximumSendsPerHour = 5
    public let maximumWrongChecks = 3
    /// SMS, then a voice call, then an SMS with a fresh code.
    public let maximumEvents = 3

    public struct Invalid: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    public init(codeLength: Int = 6, expirySeconds: Int64 = 300) throws(Invalid) {
        guard codeLength == 4 || codeLength == 6 else { throw Invalid(description: "A code has 4 or 6 digits.") }
        guard (60...600).contains(expirySeconds) else {
            throw Invalid(description: "A code expires after 1 to 10 minutes.")
        }
        self.codeLength = codeLength
        self.expirySeconds = expirySeconds
    }

    public static let standard = try! VerifyConfiguration()
}
