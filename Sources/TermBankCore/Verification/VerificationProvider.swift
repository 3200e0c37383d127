/// Who makes, sends and checks the codes (decision 0100).
///
/// `simulated`: the bank itself, as TermBank always did: codes from the
/// bank's random source, kept as salted hashes bound to their purpose, sent
/// to the simulated phone (or `--sms-command`). `provider`: a Verify service
/// (Vonage, Twilio) makes, sends and checks the code, and the bank never sees
/// it. Either way the core keeps its own rules on top: the request row, the
/// hourly send limits, the one-request-per-number rule, the 4-digit cap, the
/// purpose binding, the expiry and the wrong-code count.
public enum CodeProvider: Sendable {
    case simulated
    case provider(any VerificationProvider)

    /// The provider's name for the audit trail and the operator ("simulated" for the bank's own).
    public var name: String {
        switch self {
        case .simulated: return "simulated"
        case .provider(let provider): return provider.name
        }
    }

    var remote: (any VerificationProvider)? {
        if case .provider(let provider) = self { return provider }
        return nil
    }
}

/// A Verify service that sends the code to a real phone and checks it
/// (`start`, `check`, `nextChannel`, `cancel`). Calls are made outside any
/// database transaction: each may wait on the network for its timeout.
public protocol VerificationProvider: Sendable {
    /// "vonage", "twilio": what `--verify` names and the audit trail says.
    var name: String { get }
    /// Sends the first code (SMS). Never retried once it may have reached the
    /// provider: a second try could send a second SMS.
    func start(_ request: ProviderRequest) throws(ProviderFailure) -> ProviderReference
    /// `request` is the purpose the code is checked for, which the core has
    /// already matched to the one it was started for.
    func check(_ reference: ProviderReference, code: String, request: ProviderRequest) throws(ProviderFailure)
        -> ProviderCheck
    /// The next channel: `event` 2 is a voice call, 3 an SMS again
    /// (`ProviderFailure.noMoreChannels` when the provider has none).
    func nextChannel(_ reference: ProviderReference, request: ProviderRequest, event: Int) throws(ProviderFailure)
    func cancel(_ reference: ProviderReference, request: ProviderRequest) throws(ProviderFailure)
    /// The provider's view of a verification (for the operator's `verify status`).
    func status(_ reference: ProviderReference, request: ProviderRequest) throws(ProviderFailure) -> ProviderStatus
}

/// What a code approves, as the provider is told: the payment's amount and
/// payee are shown in the SMS (PSD2 dynamic linking) and checked again with the code.
public enum ProviderPurpose: Equatable, Sendable {
    case signIn
    /// A change to how the account signs in (a factor off, a new phone number).
    case settings
    /// A transfer or payment: `amount` in decimal ("25.00"), `payee` the
    /// payee's username or, between the customer's own accounts, the account credited.
    case payment(amount: String, payee: String)
}

/// One verification as the provider is asked for it.
public struct ProviderRequest: Equatable, Sendable {
    public let phone: PhoneNumber
    public let purpose: ProviderPurpose
    public let language: Language
    public let codeLength: Int
    public let expirySeconds: Int64

    public init(phone: PhoneNumber, purpose: ProviderPurpose, language: Language, codeLength: Int, expirySeconds: Int64) {
        self.phone = phone
        self.purpose = purpose
        self.language = language
        self.codeLength = codeLength
        self.expirySeconds = expirySeconds
    }
}

/// The provider's own id for a verification ("v2:…" and "psd2:…" for
/// Vonage's two APIs, Twilio's `VE…` Sid): opaque to the core, which keeps it
/// with its own request and writes it in the audit trail.
public struct ProviderReference: Equatable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    /// Where the reference is stored: the request's code-salt column, which
    /// a provider's request does not need (the bank holds no code). A salt is
    /// hex, so the prefix can never be mistaken for one; the code hash stays
    /// empty, so no code can ever match it in the simulated check.
    static let storedPrefix = "provider:"
    /// Stored from the moment the request is recorded until the provider answers.
    static let pending = "provider-pending"

    var stored: String { Self.storedPrefix + rawValue }

    init?(stored: String) {
        guard stored.hasPrefix(Self.storedPrefix) else { return nil }
        rawValue = String(stored.dropFirst(Self.storedPrefix.count))
    }
}

/// A provider's answer to a code.
public enum ProviderCheck: Equatable, Sendable {
    case approved
    case wrongCode
    /// The provider's own limit of wrong codes.
    case tooManyWrongCodes
    /// Expired, not found, or no longer valid at the provider.
    case expired
}

/// A provider's view of a verification.
public enum ProviderStatus: String, Equatable, Sendable {
    case pending, approved, failed, expired, cancelled, unknown
}

/// Why a provider call did not give an answer about the code.
public enum ProviderFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// No answer: no connection, a dropped one, a timeout, a server error,
    /// missing libcurl. `mayHaveReached`: the request may have reached the
    /// provider (an SMS may have gone), so it is neither retried nor uncounted.
    case unreachable(reason: String, mayHaveReached: Bool)
    /// Another verification to that number is running at the provider.
    case concurrent
    /// The provider's rate limit (too many sends to a number, or checks).
    case rateLimited
    /// The provider refused the request (credentials, a field): the reason
    /// is the provider's error title, never a secret.
    case refused(reason: String)
    /// The provider has no further channel for this verification.
    case noMoreChannels

    public var description: String {
        switch self {
        case .unreachable(let reason, _): return "unreachable: \(reason)"
        case .concurrent: return "a verification to that number is already running at the provider"
        case .rateLimited: return "rate-limited by the provider"
        case .refused(let reason): return "refused: \(reason)"
        case .noMoreChannels: return "no further channel"
        }
    }
}

extension VerificationPurpose {
    /// The purpose as a provider is told it.
    var providerPurpose: ProviderPurpose {
        switch self {
        case .signIn: return .signIn
        case .confirmation: return .settings
        case .transfer(let transfer):
            let units = transfer.amount.minorUnits
            let cents = units % 100
            let amount = "\(units / 100)." + (cents < 10 ? "0" : "") + "\(cents)"
            return .payment(amount: amount, payee: transfer.payee?.username.rawValue ?? transfer.to.rawValue)
        }
    }
}
