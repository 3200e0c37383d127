import TermBankCore

/// What both providers do with HTTP: send, and turn a lost answer into the
/// core's `ProviderFailure`.
struct ProviderHTTP: Sendable {
    let client: HTTPClient
    let auth: HTTPRequest.BasicAuth

    func json(_ method: HTTPRequest.Method, _ url: String, _ body: JSONValue?) throws(ProviderFailure) -> HTTPResponse {
        try send(HTTPRequest(method, url, contentType: body == nil ? nil : "application/json",
                             body: body.map { Array($0.text.utf8) } ?? [], auth: auth))
    }

    func form(_ url: String, _ fields: [(String, String)], auth: HTTPRequest.BasicAuth?) throws(ProviderFailure)
        -> HTTPResponse {
        try send(HTTPRequest(.post, url, contentType: "application/x-www-form-urlencoded",
                             body: Array(FormEncoding.encode(fields).utf8), auth: auth))
    }

    func send(_ request: HTTPRequest) throws(ProviderFailure) -> HTTPResponse {
        let response: HTTPResponse
        do {
            response = try client.send(request)
        } catch {
            switch error {
            case .notSent(let reason): throw .unreachable(reason: reason, mayHaveReached: false)
            case .mayHaveReached(let reason): throw .unreachable(reason: reason, mayHaveReached: true)
            }
        }
        // A server error may have come after the message went out: never uncounted, never retried.
        if response.status >= 500 || response.status == 0 {
            throw .unreachable(reason: "HTTP \(response.status)", mayHaveReached: true)
        }
        return response
    }

    /// The provider's own words for a refusal (its error title), short and
    /// printable, for the audit trail: the request's fields are never echoed.
    static func reason(_ response: HTTPResponse) -> String {
        let json = response.json
        let words = json?["title"]?.string ?? json?["error_text"]?.string ?? json?["message"]?.string ?? ""
        // The core's terminal sanitiser: a provider's words reach the operator's terminal through `audit`.
        let clean = String(TerminalText.sanitized(words).unicodeScalars.prefix(120))
        return "HTTP \(response.status)" + (clean.isEmpty ? "" : " \(clean)")
    }
}

extension PhoneNumber {
    /// The number without its "+", as Vonage takes it.
    var digits: String { String(e164.drop { $0 == "+" }) }
}
