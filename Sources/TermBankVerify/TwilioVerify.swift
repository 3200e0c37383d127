import TermBankCore

/// Twilio Verify v2, with its PSD2 mode: `POST /v2/Services/{ServiceSid}/Verifications`
/// and `.../VerificationCheck`, form-encoded, HTTP Basic with the account SID
/// and auth token. A transfer's or payment's start sends `Amount` and `Payee`,
/// and its check sends the same two. References are the verification's Sid.
public struct TwilioVerify: VerificationProvider {
    public struct Credentials: Sendable {
        let accountSID: String
        let authToken: String
        let serviceSID: String
        public init(accountSID: String, authToken: String, serviceSID: String) {
            self.accountSID = accountSID
            self.authToken = authToken
            self.serviceSID = serviceSID
        }
    }

    public static let defaultBase = "https://verify.twilio.com"
    public let name = "twilio"
    let base: String
    let credentials: Credentials
    let http: ProviderHTTP

    public init(base: String = TwilioVerify.defaultBase, credentials: Credentials, client: HTTPClient = HTTPClient()) {
        self.base = base.hasSuffix("/") ? String(base.dropLast()) : base
        self.credentials = credentials
        http = ProviderHTTP(client: client, auth: .init(user: credentials.accountSID, password: credentials.authToken))
    }

    private var service: String { base + "/v2/Services/" + FormEncoding.escape(credentials.serviceSID) }

    /// Twilio answers 404 to a locale it does not have; Ukrainian is left
    /// out, and Twilio picks the number's country's language.
    static func locale(_ language: Language) -> String? {
        switch language {
        case .english: return "en"
        case .portugueseBrazil: return "pt-BR"
        case .italian: return "it"
        case .ukrainian: return nil
        }
    }

    private func linking(_ request: ProviderRequest) -> [(String, String)] {
        guard case .payment(let amount, let payee) = request.purpose else { return [] }
        return [("Amount", amount), ("Payee", payee)]
    }

    private func verification(_ request: ProviderRequest, channel: String) throws(ProviderFailure) -> HTTPResponse {
        var fields = [("To", request.phone.e164), ("Channel", channel)]
        if let locale = Self.locale(request.language) { fields.append(("Locale", locale)) }
        return try http.form(service + "/Verifications", fields + linking(request), auth: http.auth)
    }

    public func start(_ request: ProviderRequest) throws(ProviderFailure) -> ProviderReference {
        let response = try verification(request, channel: "sms")
        switch response.status {
        case 200, 201:
            guard let sid = response.json?["sid"]?.string, !sid.isEmpty else {
                throw .unreachable(reason: "no sid in the answer", mayHaveReached: true)
            }
            return ProviderReference(sid)
        case 429: throw .rateLimited
        case 409: throw .concurrent
        default: throw .refused(reason: ProviderHTTP.reason(response))
        }
    }

    public func check(_ reference: ProviderReference, code: String, request: ProviderRequest) throws(ProviderFailure)
        -> ProviderCheck {
        let response = try http.form(service + "/VerificationCheck",
                                     [("To", request.phone.e164), ("Code", code)] + linking(request), auth: http.auth)
        switch response.status {
        case 200:
            switch response.json?["status"]?.string {
            case "approved": return .approved
            case "pending": return .wrongCode
            case "max_attempts_reached": return .tooManyWrongCodes
            default: return .expired
            }
        case 404: return .expired
        case 429: return .tooManyWrongCodes
        default: throw .refused(reason: ProviderHTTP.reason(response))
        }
    }

    /// Event 2 is a voice call (`Channel=call`); event 3 an SMS again.
    public func nextChannel(_ reference: ProviderReference, request: ProviderRequest, event: Int) throws(ProviderFailure) {
        let response = try verification(request, channel: event == 2 ? "call" : "sms")
        switch response.status {
        case 200, 201: return
        case 429: throw .rateLimited
        case 404: throw .noMoreChannels
        default: throw .refused(reason: ProviderHTTP.reason(response))
        }
    }

    public func cancel(_ reference: ProviderReference, request: ProviderRequest) throws(ProviderFailure) {
        let response = try http.form(service + "/Verifications/" + FormEncoding.escape(reference.rawValue),
                                     [("Status", "canceled")], auth: http.auth)
        guard response.status == 200 || response.status == 404 else { throw .refused(reason: ProviderHTTP.reason(response)) }
    }

    public func status(_ reference: ProviderReference, request: ProviderRequest) throws(ProviderFailure) -> ProviderStatus {
        let response = try http.send(HTTPRequest(.get, service + "/Verifications/" + FormEncoding.escape(reference.rawValue),
                                                 auth: http.auth))
        guard response.status == 200 else { return response.status == 404 ? .expired : .unknown }
        switch response.json?["status"]?.string {
        case "pending": return .pending
        case "approved": return .approved
        case "canceled": return .cancelled
        case "expired", "deleted": return .expired
        case "max_attempts_reached", "failed": return .failed
        default: return .unknown
        }
    }
}
