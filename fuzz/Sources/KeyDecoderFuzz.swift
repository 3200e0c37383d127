@testable import TermBankApp
import TermBankCore
@testable import TermBankTerminal

/// Bytes from the terminal to keys: UTF-8 text read as typed keys (`Key(typed:)`,
/// what the painter makes of each character ncurses hands it), with bytes UTF-8
/// never uses standing for what ncurses decodes from escape sequences (the
/// paste brackets, function keys, a silence), through the `PasteAssembler`
/// and into a field. Invariants: a paste keeps at most its limit and is one
/// key; outside a paste every key arrives; a field never exceeds its limit.
enum KeyDecoderFuzz {
    static let decoded: [Key] = [.up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .delete, .backTab,
                                 .function(1), .function(2), .unknown, .resize(Size(columns: 80, rows: 24))]

    static func run(_ bytes: [UInt8]) {
        var limit = InputLimit(scalars: 1 + Int(bytes.first ?? 0) % 64)
        if bytes.first.map({ $0 & 0x80 != 0 }) == true { limit = FieldLimit.paste }
        var assembler = PasteAssembler(limit: limit)
        var inputs: [PasteAssembler.Input] = []
        var pending: [UInt8] = []
        func flush() {
            for scalar in String(decoding: pending, as: UTF8.self).unicodeScalars { inputs.append(.key(Key(typed: scalar))) }
            pending.removeAll()
        }
        var iterator = bytes.dropFirst().makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case 0xF8: flush(); inputs.append(.start)
            case 0xF9: flush(); inputs.append(.end)
            case 0xFA: flush(); inputs.append(.silence)
            case 0xFB: flush(); inputs.append(.key(decoded[Int(iterator.next() ?? 0) % decoded.count]))
            default: pending.append(byte)
            }
        }
        flush()

        var field = ""
        var open = false
        var keysOutside = 0, keysOut = 0
        for input in inputs {
            if case .start = input { open = true }
            if case .end = input { open = false }
            if case .silence = input { open = false }
            if case .key(let key) = input, !open || isResize(key) { keysOutside += 1 }
            for key in assembler.take(input) {
                if case .paste(let text) = key {
                    FuzzCheck.require(!text.isEmpty, "an empty paste was handed on")
                    FuzzCheck.require(limit.contains(text), "a paste of \(text.unicodeScalars.count) scalars passed its limit")
                } else {
                    keysOut += 1
                }
                field = TextEditing.edit(field, key, limit: limit)
                FuzzCheck.require(limit.contains(field), "the field grew past its limit")
            }
        }
        FuzzCheck.require(keysOut == keysOutside, "\(keysOutside) keys outside a paste, \(keysOut) handed on")
    }

    static func isResize(_ key: Key) -> Bool {
        if case .resize = key { return true }
        return false
    }
}
