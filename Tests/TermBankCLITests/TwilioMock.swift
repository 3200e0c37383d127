import Foundation

/// Twilio Verify v2 with its PSD2 mode, as its documentation describes it,
/// on 127.0.0.1: `/v2/Services/{ServiceSid}/Verifications` and
/// `.../VerificationCheck`, form-encoded, HTTP Basic with the account SID and
/// auth token. Every request is checked and a malformed one refused with
/// Twilio's error body (`code`, `message`, `status`); a check's `Amount` and
/// `Payee` must equal its start's. `problems` lists what was refused.
final class TwilioMock: @unchecked Sendable {
    static let accountSID = "AC" + String(repeating: "1f", count: 16)
    static let authToken = "tw-token-5e8a0c93d7"
    static let serviceSID = "VA" + String(repeating: "2e", count: 16)

    enum Call: Hashable { case start, check, cancel }

    private struct Verification {
        let sid: String
        let to: String
        let code: String
        var channel: String
        var status = "pending"
        var checks = 0
        var sends = 1
        let amount: String?
        let payee: String?
    }

    private let lock = NSLock()
    private var verifications: [Verification] = []
    private var scripted: [Call: [MockResponse]] = [:]
    private var seen: [String] = []
    private(set) var server: VerifyMockServer!

    init() throws {
        server = try VerifyMockServer { [unowned self] request in lock.withLock { answer(request) } }
    }

    var baseURL: String { server.baseURL }
    var problems: [String] { lock.withLock { seen } }
    var calls: [MockRequest] { server.requests }

    /// The code of the verification pending for `to` (E.164, with "+"), and its channel.
    func code(to: String) -> String? { lock.withLock { verifications.last { $0.to == to }?.code } }
    func channel(to: String) -> String? { lock.withLock { verifications.last { $0.to == to }?.channel } }

    func script(_ call: Call, _ response: MockResponse) { lock.withLock { scripted[call, default: []].append(response) } }

    private func take(_ call: Call) -> MockResponse? {
        guard var queue = scripted[call], !queue.isEmpty else { return nil }
        let first = queue.removeFirst()
        scripted[call] = queue
        return first
    }

    private func error(_ status: Int, _ code: Int, _ message: String) -> MockResponse {
        .json(status, ["code": code, "message": message, "more_info": "https://www.twilio.com/docs/errors/\(code)",
                       "status": status])
    }

    private func invalid(_ problem: String) -> MockResponse {
        seen.append(problem)
        return error(400, 60200, "Invalid parameter: \(problem)")
    }

    private func answer(_ request: MockRequest) -> MockResponse {
        guard let auth = request.basicAuth, auth.user == Self.accountSID, auth.password == Self.authToken else {
            seen.append("without the account SID and auth token")
            return error(401, 20003, "Authenticate")
        }
        let service = "/v2/Services/\(Self.serviceSID)"
        guard request.path.hasPrefix(service + "/") else {
            seen.append("unknown path \(request.path)")
            return error(404, 20404, "The requested resource \(request.path) was not found")
        }
        let rest = String(request.path.dropFirst(service.count))
        if request.method == "GET", rest.hasPrefix("/Verifications/") {
            let sid = String(rest.dropFirst("/Verifications/".count))
            guard let found = verifications.last(where: { $0.sid == sid }) else {
                return error(404, 20404, "The requested resource was not found")
            }
            return .json(200, ["sid": sid, "status": found.status])
        }
        guard request.method == "POST" else { return invalid("method \(request.method)") }
        guard let form = request.form else { return invalid("not form-encoded") }
        switch rest {
        case "/Verifications": return start(form)
        case "/VerificationCheck": return check(form)
        default:
            guard rest.hasPrefix("/Verifications/") else { return error(404, 20404, "The requested resource was not found") }
            return cancel(String(rest.dropFirst("/Verifications/".count)), form)
        }
    }

    private func linking(_ form: [String: String]) -> (amount: String?, payee: String?, valid: Bool) {
        let amount = form["Amount"], payee = form["Payee"]
        return (amount, payee, (amount == nil) == (payee == nil))
    }

    private func start(_ form: [String: String]) -> MockResponse {
        guard let to = form["To"], to.hasPrefix("+"), to.dropFirst().allSatisfy(\.isNumber), (8...16).contains(to.count) else {
            return invalid("To must be E.164 with +")
        }
        guard let channel = form["Channel"], ["sms", "call"].contains(channel) else { return invalid("Channel") }
        if let locale = form["Locale"], !["en", "pt-BR", "it"].contains(locale) {
            seen.append("Locale \(locale)")
            return error(404, 20404, "The requested resource was not found")
        }
        let (amount, payee, valid) = linking(form)
        guard valid else { return invalid("Amount and Payee go together") }
        let allowed: Set<String> = ["To", "Channel", "Locale", "Amount", "Payee"]
        if let unknown = form.keys.first(where: { !allowed.contains($0) }) { return invalid("unknown field \(unknown)") }
        if let scripted = take(.start) { return scripted }
        // Twilio's rule: a start to a number with a pending verification sends it again (a resend), same Sid.
        if let index = verifications.lastIndex(where: { $0.to == to && $0.status == "pending" }) {
            guard verifications[index].amount == amount, verifications[index].payee == payee else {
                return invalid("a pending verification to that number has another Amount and Payee")
            }
            guard verifications[index].sends < 5 else { return error(429, 60203, "Max send attempts reached") }
            verifications[index].sends += 1
            verifications[index].channel = channel
            return .json(200, ["sid": verifications[index].sid, "status": "pending", "channel": channel, "to": to])
        }
        let sid = "VE" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        verifications.append(Verification(sid: sid, to: to, code: VonageMock.newCode(6), channel: channel, amount: amount,
                                          payee: payee))
        return .json(201, ["sid": sid, "service_sid": Self.serviceSID, "account_sid": Self.accountSID, "to": to,
                           "channel": channel, "status": "pending", "valid": false])
    }

    private func check(_ form: [String: String]) -> MockResponse {
        guard let to = form["To"], to.hasPrefix("+") else { return invalid("To") }
        guard let code = form["Code"], (4...10).contains(code.count) else { return invalid("Code") }
        let (amount, payee, valid) = linking(form)
        guard valid else { return invalid("Amount and Payee go together") }
        if let scripted = take(.check) { return scripted }
        guard let index = verifications.lastIndex(where: { $0.to == to && $0.status == "pending" }) else {
            return error(404, 20404, "The requested resource /Services/\(Self.serviceSID)/VerificationCheck was not found")
        }
        guard verifications[index].amount == amount, verifications[index].payee == payee else {
            return invalid("Amount and Payee differ from the verification's")
        }
        guard verifications[index].checks < 5 else { return error(429, 60202, "Max check attempts reached") }
        verifications[index].checks += 1
        if code == verifications[index].code { verifications[index].status = "approved" }
        return .json(200, ["sid": verifications[index].sid, "to": to, "status": verifications[index].status,
                           "valid": verifications[index].status == "approved"])
    }

    private func cancel(_ sid: String, _ form: [String: String]) -> MockResponse {
        guard form["Status"] == "canceled" || form["Status"] == "approved" else { return invalid("Status") }
        if let scripted = take(.cancel) { return scripted }
        guard let index = verifications.lastIndex(where: { $0.sid == sid && $0.status == "pending" }) else {
            return error(404, 20404, "The requested resource was not found")
        }
        verifications[index].status = form["Status"]!
        return .json(200, ["sid": sid, "status": verifications[index].status])
    }
}
