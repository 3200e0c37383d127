import Glibc
import TermBankCore

/// One line of standard input, read no further than a limit. `Swift.readLine`
/// would hold a line of any length in memory before the command could look at
/// it; this stops at the limit's bytes, so a gigabyte without a newline costs
/// what the limit costs, and refuses the line instead of cutting it (a
/// password cut short would be set, or checked, as something the user never typed).
enum LineReader {
    /// `next` gives one byte, or EOF: `getchar` on standard input, or a test's bytes.
    static func read(limit: InputLimit = .line, next: () -> Int32 = { getchar() }) throws -> String? {
        var bytes: [UInt8] = []
        while true {
            let byte = next()
            if byte == EOF {
                if bytes.isEmpty { return nil }
                break
            }
            if byte == 0x0A { break }
            guard bytes.count < limit.bytes + 1 else { throw tooLong(limit) }  // room for a final CR
            bytes.append(UInt8(truncatingIfNeeded: byte))
        }
        if bytes.last == 0x0D { bytes.removeLast() }
        guard bytes.count <= limit.bytes else { throw tooLong(limit) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw CommandFailure("The line read is not UTF-8 text; nothing was done.", code: .dataError)
        }
        guard limit.contains(text) else { throw tooLong(limit) }
        return text
    }

    static func tooLong(_ limit: InputLimit) -> CommandFailure {
        CommandFailure("The line read is longer than \(limit.scalars) characters (or \(limit.bytes) bytes); "
                       + "nothing was done.", code: .dataError)
    }
}
