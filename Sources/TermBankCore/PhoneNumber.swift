/// A phone number in E.164: "+" then 8 to 15 digits. Spaces, dashes, dots
/// and parentheses are accepted on input ("+1 555 0100") and dropped.
public struct PhoneNumber: Hashable, Sendable, CustomStringConvertible {
    public let e164: String

    public struct Invalid: Error, Equatable, Sendable, CustomStringConvertible {
        public init() {}
        public var description: String { EnglishCoreCatalog().text(self) }
    }

    public init(validating text: String) throws(Invalid) {
        var digits = ""
        var sawPlus = false
        for character in text.trimmingSpaces {
            switch character {
            case "+" where !sawPlus && digits.isEmpty: sawPlus = true
            case " ", "-", ".", "(", ")": continue
            case "0"..."9": digits.append(character)
            default: throw Invalid()
            }
        }
        guard sawPlus, (8...15).contains(digits.count), digits.first != "0" else { throw Invalid() }
        e164 = "+" + digits
    }

    public init(trusted e164: String) { self.e164 = e164 }

    public var description: String { e164 }

    /// "+1 ***-***-0100": enough for the owner to recognise, useless to a shoulder-surfer.
    public var masked: String {
        // North America's country code is the one-digit 1 (a guest's +1 201 555 0142 is "+1 ***-***-0142").
        "+" + e164.dropFirst().prefix(e164.count > 11 && !e164.hasPrefix("+1") ? 2 : 1) + " ***-***-" + e164.suffix(4)
    }
}
