/// Standard base64 (RFC 4648, with padding), for SSH public keys: the few
/// lines Foundation's `Data(base64Encoded:)` would otherwise bring in.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            let value = chunk.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (16 - 8 * UInt32($1.offset)) }
            for position in 0..<4 {
                out.append(position <= chunk.count ? alphabet[Int(value >> (18 - 6 * UInt32(position)) & 0x3F)] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// nil for anything but well-formed, padded base64.
    static func decode(_ text: String) -> [UInt8]? {
        let characters = Array(text.utf8)
        guard characters.count % 4 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(characters.count / 4 * 3)
        var index = 0
        while index < characters.count {
            let group = characters[index..<index + 4]
            let padding = group.reversed().prefix { $0 == UInt8(ascii: "=") }.count
            guard padding <= 2, index + 4 == characters.count || padding == 0 else { return nil }
            var value: UInt32 = 0
            for (offset, character) in group.enumerated() {
                let digit: UInt32
                if offset >= 4 - padding {
                    digit = 0
                } else if let found = alphabet.firstIndex(of: character) {
                    digit = UInt32(found)
                } else {
                    return nil
                }
                value |= digit << (18 - 6 * UInt32(offset))
            }
            for position in 0..<(3 - padding) { out.append(UInt8(value >> (16 - 8 * UInt32(position)) & 0xFF)) }
            index += 4
        }
        return out
    }
}
