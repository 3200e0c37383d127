@testable import TermBankWeb

/// What a browser sends the web door (decision 110): a Cookie header names a
/// browser only by ASCII hex, and a WebSocket's Origin is the page's own only
/// when it names exactly the host asked for, over http or https.
enum WebAccessFuzz {
    static func run(_ bytes: [UInt8]) {
        var input = FuzzBytes(bytes)
        let host = input.text(upTo: 40), origin = input.text(upTo: 60), header = input.rest()
        if let value = WebAccess.cookie(WebAccess.cookieName, in: header) {
            FuzzCheck.require(!value.isEmpty && value.utf8.allSatisfy { ("0"..."9").contains(Character(Unicode.Scalar($0)))
                || ("a"..."f").contains(Character(Unicode.Scalar($0))) || ("A"..."F").contains(Character(Unicode.Scalar($0))) },
                "a browser id of \(value.debugDescription)")
        }
        if WebAccess.isOwnOrigin(origin, host: host) {
            FuzzCheck.require(!host.isEmpty && (origin == "http://" + host || origin == "https://" + host),
                              "origin \(origin.debugDescription) taken for host \(host.debugDescription)")
        }
        FuzzCheck.require(!WebAccess.isOwnOrigin(nil, host: host) && !WebAccess.isOwnOrigin(origin, host: nil), "no origin taken")
    }
}
