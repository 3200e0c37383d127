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

    /// "+1 ***-***-0100", "+44 ***-***-0789", "+351 ***-***-678": the whole
    /// country code, then only the number's last digits. Enough for the owner
    /// to recognise, useless to a shoulder-surfer. The stars are the same
    /// whatever the length, so the mask does not tell the length either.
    public var masked: String {
        let digits = e164.dropFirst()
        let code = CountryCallingCode.length(ofCodeIn: digits)
        return "+" + digits.prefix(code) + " ***-***-" + digits.suffix(PhoneNumber.lastDigitsShown(digits.count, codeLength: code))
    }

    /// How many of the last digits the mask shows: four, but never so many
    /// that the mask shows more digits in all (country code included) than
    /// it ever did: five for a number of up to ten digits, six for a longer
    /// one. (It showed the first one or two digits and the last four: five
    /// or six digits.) So a three-digit code leaves three last digits of a
    /// Portuguese or Ukrainian mobile ("+351 ***-***-678"), and two of a
    /// short number ("+290 ***-***-45" for Saint Helena's five-digit lines,
    /// where four would have been all but one of them).
    static func lastDigitsShown(_ digitCount: Int, codeLength: Int) -> Int {
        let mostDigitsShown = digitCount > 10 ? 6 : 5
        return max(0, min(4, mostDigitsShown - codeLength, digitCount - codeLength))
    }
}
