import Foundation

/// The six-digit code in the newest message on a customer's simulated phone,
/// as `termbank phone NAME --last` (or the same over SSH) prints it. `read`
/// gives that newest message; it is read again until it says `text`, so an
/// older message is never taken for the new one, and a send that races the
/// read by a moment is waited for, never slept for.
public func lastCode(saying text: String, file: StaticString = #filePath, line: UInt = #line,
                     _ read: () throws -> String) throws -> String {
    var newest = ""
    return try eventuallyValue("a code in a message saying \"\(text)\"", last: { newest }, file: file, line: line) {
        newest = try read()
        return newest.contains(text) ? sixDigitCode(in: newest) : nil
    }
}

/// The first word of exactly six ASCII digits (a full stop or comma after it taken off).
public func sixDigitCode(in message: String) -> String? {
    message.split(whereSeparator: \.isWhitespace)
        .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ".,")) }
        .first { $0.count == 6 && $0.allSatisfy { $0.isASCII && $0.isNumber } }
}
