import Foundation

/// Vonage Verify as its documentation describes it, on 127.0.0.1: v2
/// (`/v2/verify`, JSON, HTTP Basic) and the PSD2 endpoint
/// (`/verify/psd2/json`, `/verify/check/json`, `/verify/control/json`,
/// form-encoded with the key and secret). Every request is checked (method,
/// path, content type, credentials, each field) and a malformed one refused
/// as the service refuses it; `problems` lists them, for a test to find none.
/// The codes it "sends" are kept for the test to type (`code(to:)`), and
/// any call can be scripted to fail (`script`).
final class VonageMock: @unchecked Sendable {
    static let key = "vk-4f1a27c0"
    static let secret = "vs-9d2c7e51b3a8f4"
    /// What a start's SMS names: the brand the tests configure.
    static let brand = "TermBank"

    enum Call: Hashable { case start, check, next, cancel }

    private struct Verification {
        let psd2: Bool
        let number: String
        let code: String
        var wrong = 0
        var step = 0
        var status = "pending"
        let payee: String?
        let amount: String?
    }

    private let lock = NSLock()
    private var verifications: [String: Verification] = [:]
    private var scripted: [Call: [MockResponse]] = [:]
    private var seen: [String] = []
    private var sent: [(number: String, channel: String, code: String, payee: String?, amount: String?)] = []
    private(set) var server: VerifyMockServer!
    /// The code the next start sends, when a test must know it beforehand (it types it on standard input).
    var nextCode: String? {
        get { lock.withLock { fixed } }
        set { lock.withLock { fixed = newValue } }
    }
    private var fixed: String?

    init() throws {
        server = try VerifyMockServer { [unowned self] request in lock.withLock { answer(request) } }
    }

    var baseURL: String { server.baseURL }
    var problems: [String] { lock.withLock { seen } }
    var calls: [MockRequest] { server.requests }

    /// The code last sent to `number` (digits without "+"), and by which channel.
    func code(to number: String) -> String? { lock.withLock { sent.last { $0.number == number }?.code } }
    func lastSent(to number: String) -> (channel: String, payee: String?, amount: String?)? {
        lock.withLock { sent.last { $0.number == number }.map { ($0.channel, $0.payee, $0.amount) } }
    }

    /// The next `call` is answered with `response` instead (once per script).
    func script(_ call: Call, _ response: MockResponse) { lock.withLock { scripted[call, default: []].append(response) } }

    private func take(_ call: Call) -> MockResponse? {
        guard var queue = scripted[call], !queue.isEmpty else { return nil }
        let first = queue.removeFirst()
        scripted[call] = queue
        return first
    }

    private func refuse(_ problem: String) { seen.append(problem) }

    private func answer(_ request: MockRequest) -> MockResponse {
        let path = request.path
        if path.hasPrefix("/v2/verify") { return v2(request) }
        switch (request.method, path) {
        case ("POST", "/verify/psd2/json"): return psd2Start(request)
        case ("POST", "/verify/check/json"): return psd2Check(request)
        case ("POST", "/verify/control/json"): return psd2Control(request)
        default:
            refuse("\(request.method) \(path)")
            return .json(404, ["title": "Not Found"])
        }
    }

    // MARK: v2

    private func invalid(_ name: String, _ reason: String) -> MockResponse {
        refuse("\(name): \(reason)")
        return .json(422, ["type": "https://developer.nexmo.com/api-errors#invalid-params", "title": "Invalid params",
                           "detail": "The value of one or more parameters is invalid.",
                           "invalid_parameters": [["name": name, "reason": reason]]])
    }

    private func v2(_ request: MockRequest) -> MockResponse {
        guard let auth = request.basicAuth, auth.user == Self.key, auth.password == Self.secret else {
            refuse("v2 without the key and secret")
            return .json(401, ["title": "Unauthorized", "detail": "You did not provide correct credentials."])
        }
        let parts = request.path.split(separator: "/").map(String.init)  // ["v2", "verify", id?, "next_workflow"?]
        switch (request.method, parts.count) {
        case ("POST", 2): return v2Start(request)
        case ("POST", 3): return v2Check(request, id: parts[2])
        case ("POST", 4) where parts[3] == "next_workflow": return v2Next(id: parts[2])
        case ("DELETE", 3): return v2Cancel(id: parts[2])
        default:
            refuse("\(request.method) \(request.path)")
            return .json(404, ["title": "Not Found"])
        }
    }

    private func v2Start(_ request: MockRequest) -> MockResponse {
        guard request.contentType == "application/json", let body = request.json else {
            refuse("v2 start: not JSON")
            return .json(400, ["title": "Bad Request", "detail": "Invalid Content-Type."])
        }
        guard let brand = body["brand"] as? String, (1...16).contains(brand.count) else { return invalid("brand", "1 to 16 characters") }
        guard let workflow = body["workflow"] as? [[String: Any]], let first = workflow.first,
              first["channel"] as? String == "sms",
              workflow.allSatisfy({ ["sms", "voice"].contains($0["channel"] as? String ?? "")
                  && ($0["to"] as? String ?? "").allSatisfy(\.isNumber) && (7...15).contains(($0["to"] as? String ?? "").count) })
        else { return invalid("workflow", "channels sms then voice, to a number in digits without +") }
        guard let locale = body["locale"] as? String, ["en-us", "pt-br", "it-it", "uk-ua"].contains(locale) else {
            return invalid("locale", "a supported locale")
        }
        guard let length = body["code_length"] as? Int, (4...10).contains(length) else { return invalid("code_length", "4 to 10") }
        guard let timeout = body["channel_timeout"] as? Int, (60...900).contains(timeout) else {
            return invalid("channel_timeout", "60 to 900 seconds")
        }
        if let scripted = take(.start) { return scripted }
        let number = first["to"] as! String
        if verifications.values.contains(where: { $0.number == number && $0.status == "pending" }) {
            return .json(409, ["title": "Conflict", "detail": "Concurrent verifications to the same number are not allowed."])
        }
        let id = UUID().uuidString.lowercased()
        let code = fixed ?? Self.newCode(length)
        verifications[id] = Verification(psd2: false, number: number, code: code, payee: nil, amount: nil)
        sent.append((number, "sms", code, nil, nil))
        return .json(202, ["request_id": id])
    }

    private func v2Check(_ request: MockRequest, id: String) -> MockResponse {
        guard request.contentType == "application/json", let code = request.json?["code"] as? String,
              (4...10).contains(code.count) else { return invalid("code", "the code, 4 to 10 digits") }
        if let scripted = take(.check) { return scripted }
        guard var verification = verifications[id], !verification.psd2, verification.status == "pending" else {
            return .json(404, ["title": "Not Found", "detail": "Request '\(id)' was not found or it has been verified already."])
        }
        defer { verifications[id] = verification }
        if code == verification.code {
            verification.status = "completed"
            return .json(200, ["request_id": id, "status": "completed"])
        }
        verification.wrong += 1
        if verification.wrong >= 5 {
            verification.status = "failed"
            return .json(410, ["title": "Gone", "detail": "An incorrect code has been provided too many times."])
        }
        return .json(400, ["title": "Invalid Code", "detail": "The code you provided does not match the expected value."])
    }

    private func v2Next(id: String) -> MockResponse {
        if let scripted = take(.next) { return scripted }
        guard var verification = verifications[id], verification.status == "pending" else {
            return .json(404, ["title": "Not Found"])
        }
        guard verification.step == 0 else {
            return .json(409, ["title": "Conflict", "detail": "There are no more workflows to trigger."])
        }
        verification.step = 1
        verifications[id] = verification
        sent.append((verification.number, "voice", verification.code, nil, nil))
        return .json(200, ["status": "ok"])
    }

    private func v2Cancel(id: String) -> MockResponse {
        if let scripted = take(.cancel) { return scripted }
        guard var verification = verifications[id], verification.status == "pending" else {
            return .json(404, ["title": "Not Found"])
        }
        verification.status = "cancelled"
        verifications[id] = verification
        return .empty(204)
    }

    // MARK: PSD2

    /// The PSD2 API answers 200 with a status string: "2" a missing parameter, "3" an invalid one, "4" bad credentials.
    private func psd2Fields(_ request: MockRequest, _ names: [String]) -> (fields: [String: String]?, refusal: MockResponse?) {
        guard let form = request.form else {
            refuse("PSD2: not form-encoded")
            return (nil, .json(200, ["status": "3", "error_text": "Invalid value for param: content type"]))
        }
        guard form["api_key"] == Self.key, form["api_secret"] == Self.secret else {
            refuse("PSD2 without the key and secret")
            return (nil, .json(200, ["status": "4", "error_text": "Bad Credentials"]))
        }
        if request.basicAuth != nil { refuse("PSD2 with an Authorization header too") }
        for name in names where (form[name] ?? "").isEmpty {
            refuse("PSD2: missing \(name)")
            return (nil, .json(200, ["status": "2",
                                     "error_text": "Your request is incomplete and missing the mandatory parameter `\(name)`"]))
        }
        return (form, nil)
    }

    private func psd2Invalid(_ name: String) -> MockResponse {
        refuse("PSD2: invalid \(name)")
        return .json(200, ["status": "3", "error_text": "Invalid value for param: \(name)"])
    }

    private func psd2Start(_ request: MockRequest) -> MockResponse {
        let (fields, refusal) = psd2Fields(request, ["number", "payee", "amount", "lg", "code_length", "pin_expiry"])
        guard let form = fields else { return refusal! }
        let number = form["number"]!
        guard number.allSatisfy(\.isNumber), (7...15).contains(number.count) else { return psd2Invalid("number") }
        guard form["payee"]!.count <= 18 else { return psd2Invalid("payee") }
        guard let amount = Double(form["amount"]!), amount > 0 else { return psd2Invalid("amount") }
        guard ["en-us", "pt-br", "it-it"].contains(form["lg"]!) else { return psd2Invalid("lg") }
        guard ["4", "6"].contains(form["code_length"]!) else { return psd2Invalid("code_length") }
        guard let expiry = Int(form["pin_expiry"]!), (60...3600).contains(expiry) else { return psd2Invalid("pin_expiry") }
        if let scripted = take(.start) { return scripted }
        if verifications.values.contains(where: { $0.number == number && $0.status == "pending" }) {
            return .json(200, ["request_id": "", "status": "10",
                               "error_text": "Concurrent verifications to the same number are not allowed"])
        }
        let id = UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let code = Self.newCode(Int(form["code_length"]!)!)
        verifications[id] = Verification(psd2: true, number: number, code: code, payee: form["payee"], amount: form["amount"])
        sent.append((number, "sms", code, form["payee"], form["amount"]))
        return .json(200, ["request_id": id, "status": "0"])
    }

    private func psd2Check(_ request: MockRequest) -> MockResponse {
        let (fields, refusal) = psd2Fields(request, ["request_id", "code"])
        guard let form = fields else { return refusal! }
        if let scripted = take(.check) { return scripted }
        let id = form["request_id"]!
        guard var verification = verifications[id], verification.psd2, verification.status == "pending" else {
            return .json(200, ["request_id": id, "status": "6",
                               "error_text": "The Vonage platform was unable to process this message: request '\(id)' was not found or it has been verified already."])
        }
        defer { verifications[id] = verification }
        if form["code"] == verification.code {
            verification.status = "completed"
            return .json(200, ["request_id": id, "event_id": "0A00000012345678", "status": "0", "price": "0.10000000",
                               "currency": "EUR"])
        }
        verification.wrong += 1
        if verification.wrong >= 3 {
            verification.status = "failed"
            return .json(200, ["request_id": id, "status": "17", "error_text": "The wrong code was provided too many times"])
        }
        return .json(200, ["request_id": id, "status": "16", "error_text": "The code provided does not match the expected value"])
    }

    private func psd2Control(_ request: MockRequest) -> MockResponse {
        let (fields, refusal) = psd2Fields(request, ["request_id", "cmd"])
        guard let form = fields else { return refusal! }
        let id = form["request_id"]!
        let call: Call = form["cmd"] == "cancel" ? .cancel : .next
        guard ["cancel", "trigger_next_event"].contains(form["cmd"]!) else { return psd2Invalid("cmd") }
        if let scripted = take(call) { return scripted }
        guard var verification = verifications[id], verification.psd2, verification.status == "pending" else {
            return .json(200, ["status": "6", "error_text": "The requestId '\(id)' does not exist or its no longer active."])
        }
        defer { verifications[id] = verification }
        if call == .cancel {
            verification.status = "cancelled"
            return .json(200, ["status": "0", "command": "cancel"])
        }
        guard verification.step < 2 else {
            return .json(200, ["status": "19", "error_text": "No more events are left to execute for the request ['\(id)']"])
        }
        verification.step += 1
        sent.append((verification.number, "voice", verification.code, verification.payee, verification.amount))
        return .json(200, ["status": "0", "command": "trigger_next_event"])
    }

    static func newCode(_ length: Int) -> String {
        String((0..<length).map { _ in Character(String(Int.random(in: 0...9))) })
    }
}
