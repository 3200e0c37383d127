@testable import TermBankCore
@testable import TermBankVerify

/// A Verify service's answer, as it comes off the network (decision 100):
/// any bytes either are refused by the JSON reader or parse to a value that,
/// written and read again, is the same value; and the words the audit trail
/// keeps of a refusal are short and safe for the operator's terminal.
enum VerifyAnswerFuzz {
    static func run(_ bytes: [UInt8]) {
        var input = FuzzBytes(bytes)
        let status = 100 + input.below(500)
        let body = Array(input.rest().utf8)
        if let value = JSONValue.parse(body) {
            let again = JSONValue.parse(Array(value.text.utf8))
            FuzzCheck.require(again == value, "JSON written and read again changed: \(value.text.debugDescription)")
        }
        let reason = ProviderHTTP.reason(HTTPResponse(status: status, body: body))
        FuzzCheck.require(reason.unicodeScalars.allSatisfy(TerminalText.isSafe), "unsafe words kept: \(reason.debugDescription)")
        FuzzCheck.require(reason.unicodeScalars.count <= 9 + 120, "a reason of \(reason.unicodeScalars.count) scalars")
    }
}
