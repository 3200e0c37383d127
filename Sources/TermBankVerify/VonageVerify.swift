import TermBankCore

/// Vonage Verify: v2 (`/v2/verify`, JSON, HTTP Basic) for sign-in and
/// settings codes, and the PSD2 endpoint (`/verify/psd2/json`, form-encoded,
/// key and secret in the body) for transfers and payments, whose SMS names
/// the amount and the payee (dynamic linking). References say which API
/// a request is on: "v2:ID" or "psd2:ID".
public struct VonageVerify: VerificationProvider {
    public struct Credentials: Sendable {
        let apiKey: String
        let apiSecret: String
        public init(apiKey: String, apiSecret: String) {
            self.apiKey = apiKey
            self.apiSecret = apiSecret
        }
    }

    public static let defaultBase = "https://api.nexmo.com"
    public let name = "vonage"
    let base: String
    let credentials: Credentials
    let brand: String
    let http: ProviderHTTP

    public init(base: String = VonageVerify.defaultBase, credentials: Credentials, brand: String,
                client: HTTPClient = HTTPClient()) {
        self.base = base.hasSuffix("/") ? String(base.dropLast()) : base
        self.credentials = credentials
        self.brand = brand
        http = ProviderHTTP(client: client, auth: .init(user: credentials.apiKey, password: credentials.apiSecret))
    }

    /// Vonage's locales; Ukrainian has no default template on the PSD2 endpoint, which then writes in English.
    static func locale(_ language: Language, psd2: Bool) -> String {
        switch language {
        case .english: return "en-us"
        case .portugueseBrazil: return "pt-br"
        case .italian: return "it-it"
        case .ukrainian: return psd2 ? "en-us" : "uk-ua"
        }
    }

    private var secretFields: [(String, String)] { [("api_key", credentials.apiKey), ("api_secret", credentials.apiSecret)] }

    public func start(_ request: ProviderRequest) throws(ProviderFailure) -> ProviderReference {
        if case .payment(let amount, let payee) = request.purpose {
            let answer = try psd2("verify/psd2/json", [
                ("number", request.phone.digits), ("payee", payee), ("amount", amount),
                ("lg", Self.locale(request.language, psd2: true)), ("code_length", "\(request.codeLength)"),
                ("pin_expiry", "\(request.expirySeconds)"),
            ])
            guard let id = answer["request_id"]?.string, !id.isEmpty else {
                throw .unreachable(reason: "no request_id in the answer", mayHaveReached: true)
            }
            return ProviderReference("psd2:" + id)
        }
        let to = JSONValue.string(request.phone.digits)
        let body = JSONValue.object([
            ("brand", .string(brand)),
            ("workflow", .array([.object([("channel", .string("sms")), ("to", to)]),
                                 .object([("channel", .string("voice")), ("to", to)])])),
            ("locale", .string(Self.locale(request.language, psd2: false))),
            ("code_length", .number("\(request.codeLength)")),
            ("channel_timeout", .number("\(request.expirySeconds)")),
        ])
        let response = try http.json(.post, base + "/v2/verify", body)
        switch response.status {
        case 202:
            guard let id = response.json?["request_id"]?.string, !id.isEmpty else {
                throw .unreachable(reason: "no request_id in the answer", mayHaveReached: true)
            }
            return ProviderReference("v2:" + id)
        case 409: throw .concurrent
        case 429: throw .rateLimited
        default: throw .refused(reason: ProviderHTTP.reason(response))
        }
    }

    public func check(_ reference: ProviderReference, code: String, request: ProviderRequest) throws(ProviderFailure)
        -> ProviderCheck {
        switch try Self.split(reference) {
        case (.psd2, let id):
            let answer = try psd2("verify/check/json", [("request_id", id), ("code", code)], accept: ["16", "17", "6", "101"])
            switch answer["status"]?.string {
            case "0": return .approved
            case "16": return .wrongCode
            case "17": return .tooManyWrongCodes
            default: return .expired
            }
        case (.v2, let id):
            let response = try http.json(.post, base + "/v2/verify/" + id, .object([("code", .string(code))]))
            switch response.status {
            case 200:
                guard response.json?["status"]?.string == "completed" else { return .wrongCode }
                return .approved
            case 400: return .wrongCode
            case 404: return .expired
            case 410: return .tooManyWrongCodes
            case 429: throw .rateLimited
            default: throw .refused(reason: ProviderHTTP.reason(response))
            }
        }
    }

    public func nextChannel(_ reference: ProviderReference, request: ProviderRequest, event: Int) throws(ProviderFailure) {
        switch try Self.split(reference) {
        case (.psd2, let id):
            let answer = try psd2("verify/control/json", [("request_id", id), ("cmd", "trigger_next_event")],
                                  accept: ["19"])
            if answer["status"]?.string == "19" { throw .noMoreChannels }
        case (.v2, let id):
            let response = try http.json(.post, base + "/v2/verify/" + id + "/next_workflow", nil)
            switch response.status {
            case 200, 202, 204: return
            case 409, 422: throw .noMoreChannels
            case 404: throw .noMoreChannels
            case 429: throw .rateLimited
            default: throw .refused(reason: ProviderHTTP.reason(response))
            }
        }
    }

    public func cancel(_ reference: ProviderReference, request: ProviderRequest) throws(ProviderFailure) {
        switch try Self.split(reference) {
        case (.psd2, let id):
            _ = try psd2("verify/control/json", [("request_id", id), ("cmd", "cancel")], accept: ["6", "19", "101"])
        case (.v2, let id):
            let response = try http.json(.delete, base + "/v2/verify/" + id, nil)
            guard response.status == 204 || response.status == 404 else {
                throw .refused(reason: ProviderHTTP.reason(response))
            }
        }
    }

    /// Vonage's v2 has no status call; the PSD2 endpoint's search is not used (its key and secret would travel in a URL).
    public func status(_ reference: ProviderReference, request: ProviderRequest) throws(ProviderFailure) -> ProviderStatus {
        .unknown
    }

    private enum API { case v2, psd2 }

    private static func split(_ reference: ProviderReference) throws(ProviderFailure) -> (API, String) {
        let text = reference.rawValue
        if text.hasPrefix("psd2:") { return (.psd2, String(text.dropFirst(5))) }
        if text.hasPrefix("v2:") { return (.v2, String(text.dropFirst(3))) }
        throw .refused(reason: "not a Vonage request id")
    }

    /// A call to the PSD2 API: form-encoded with the key and secret, answered
    /// 200 with a `status` string. "0" (and the statuses in `accept`) are
    /// answers; "10" is a concurrent request, "1" throttling, anything else a refusal.
    private func psd2(_ path: String, _ fields: [(String, String)], accept: Set<String> = []) throws(ProviderFailure)
        -> JSONValue {
        let response = try http.form(base + "/" + path, secretFields + fields, auth: nil)
        guard response.status == 200, let answer = response.json else {
            if response.status == 429 { throw .rateLimited }
            throw .refused(reason: ProviderHTTP.reason(response))
        }
        let status = answer["status"]?.string ?? ""
        if status == "0" || accept.contains(status) { return answer }
        switch status {
        case "10": throw .concurrent
        case "1": throw .rateLimited
        default: throw .refused(reason: "status \(status) " + (answer["error_text"]?.string.map { String($0.prefix(120)) } ?? ""))
        }
    }
}
