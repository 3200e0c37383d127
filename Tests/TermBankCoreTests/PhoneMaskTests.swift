import TermBankCore
import XCTest

/// The masked phone number ("+1 ***-***-0100") shows the whole country code,
/// by the ITU's assignment, and only the number's last digits. The mask used
/// to take a one- or two-digit code by the number's length, so Portugal's
/// +351 showed as "+35" and Ukraine's +380 as "+38" (session 5's closing
/// note), and a Russian +7 mobile as "+79", one digit of the number itself.
final class PhoneMaskTests: XCTestCase {
    func mask(_ number: String) throws -> String { try PhoneNumber(validating: number).masked }

    /// Real numbers' shapes from the countries of the four languages (and
    /// their neighbours in the table): the US and Canada, Brazil, Portugal,
    /// Italy, Ukraine. The numbers are the fictional or documentation ranges
    /// where a country has one.
    func testTheFourLanguagesCountriesShowTheirWholeCountryCode() throws {
        XCTAssertEqual(try mask("+1 202 555 0142"), "+1 ***-***-0142")          // US, 555-01xx is fiction
        XCTAssertEqual(try mask("+1 416 555 0199"), "+1 ***-***-0199")          // Canada shares +1
        XCTAssertEqual(try mask("+55 11 91234 5678"), "+55 ***-***-5678")       // Brazil, a São Paulo mobile (11 digits)
        XCTAssertEqual(try mask("+55 21 3123 4567"), "+55 ***-***-4567")        // Brazil, a Rio landline (10 digits)
        XCTAssertEqual(try mask("+351 912 345 678"), "+351 ***-***-678")        // Portugal, a mobile
        XCTAssertEqual(try mask("+39 347 123 4561"), "+39 ***-***-4561")        // Italy, a mobile
        XCTAssertEqual(try mask("+39 06 6988 1234"), "+39 ***-***-1234")        // Italy, a Rome landline (its 0 kept)
        XCTAssertEqual(try mask("+380 50 123 4567"), "+380 ***-***-567")        // Ukraine, a mobile
        XCTAssertEqual(try mask("+380 44 123 4567"), "+380 ***-***-567")        // Ukraine, a Kyiv landline
        XCTAssertEqual(try mask("+44 7700 900789"), "+44 ***-***-0789")         // the UK's drama range
        XCTAssertEqual(try mask("+7 912 345 6789"), "+7 ***-***-6789")          // Russia: +7, not "+79"
        XCTAssertEqual(try mask("+49 30 901820"), "+49 ***-***-820")            // Germany, a short Berlin line: 10 digits
    }

    /// The shortest number E.164 allows here (8 digits) and the longest (15),
    /// with codes of each length.
    func testTheShortestAndLongestNumbers() throws {
        XCTAssertEqual(try mask("+1 555 0100"), "+1 ***-***-0100", "the demo's customers: as before")
        XCTAssertEqual(try mask("+290 12345"), "+290 ***-***-45", "Saint Helena's five-digit lines: two of five")
        XCTAssertEqual(try mask("+47 1234 5678"), "+47 ***-***-678", "Norway: eight digits after +47")
        XCTAssertEqual(try mask("+49 1234 5678 90123"), "+49 ***-***-0123")
        XCTAssertEqual(try mask("+882 1234 5678 9012"), "+882 ***-***-012", "an international network's 15 digits")
        XCTAssertEqual(try mask("+1 234 567 8901 234"), "+1 ***-***-1234")
        XCTAssertEqual(try mask("+7 1234567"), "+7 ***-***-4567")
    }

    /// The mask as it was, to hold the new one to it.
    static func maskBefore(_ e164: String) -> String {
        "+" + e164.dropFirst().prefix(e164.count > 11 && !e164.hasPrefix("+1") ? 2 : 1) + " ***-***-" + e164.suffix(4)
    }

    /// Over every leading three digits and every length E.164 allows: the
    /// mask starts with the number's true country code, ends with the
    /// number's own last digits (at most four), and never shows more digits
    /// in all than the mask did before, so no number is easier to read off
    /// the screen than it was.
    func testNoNumberShowsMoreDigitsThanItDidBeforeAndTheCodeIsNeverCut() throws {
        func digits(_ text: String) -> Int { text.filter(\.isNumber).count }
        var checked = 0
        for lead in 100...999 {
            for length in 8...15 {
                let rest = String(String(repeating: "9876543210", count: 2).prefix(length - 3))
                let number = try PhoneNumber(validating: "+\(lead)\(rest)")
                let masked = number.masked
                let parts = masked.split(separator: " ")
                XCTAssertEqual(parts.count, 2, masked)
                let code = String(parts[0].dropFirst())
                let tail = String(parts[1].drop { !$0.isNumber })
                XCTAssertTrue(number.e164.hasPrefix("+" + code), masked)
                XCTAssertEqual(code.count, CountryCallingCode.length(ofCodeIn: number.e164.dropFirst()), masked)
                XCTAssertTrue(number.e164.hasSuffix(tail), masked)
                XCTAssertTrue((1...4).contains(tail.count), masked)
                XCTAssertTrue(parts[1].hasPrefix("***-***-"), masked)
                XCTAssertLessThanOrEqual(digits(masked), digits(Self.maskBefore(number.e164)),
                                         "\(number.e164): \(masked) shows more than \(Self.maskBefore(number.e164))")
                checked += 1
            }
        }
        XCTAssertEqual(checked, 900 * 8)
    }

    /// The ITU's table: 1 and 7 are the only one-digit codes; the two-digit
    /// codes are the 44 assigned ones; everything else is three digits.
    /// Codes are prefix-free, so a two-digit code never starts with 1 or 7.
    func testTheCountryCodeTableIsTheITUs() {
        func code(_ number: String) -> String { String(number.prefix(CountryCallingCode.length(ofCodeIn: Substring(number)))) }
        XCTAssertEqual(code("12025550142"), "1")
        XCTAssertEqual(code("79123456789"), "7")
        XCTAssertEqual(code("5511912345678"), "55")
        XCTAssertEqual(code("393471234561"), "39")
        XCTAssertEqual(code("351912345678"), "351")
        XCTAssertEqual(code("380501234567"), "380")
        XCTAssertEqual(code("35312345678"), "353", "Ireland, not a cut +35")
        XCTAssertEqual(code("42012345678"), "420", "Czechia: 42 is not a code of its own")
        XCTAssertEqual(code("8521234567"), "852", "Hong Kong beside China's 86")
        XCTAssertEqual(code("97212345678"), "972")
        XCTAssertEqual(code("2712345678"), "27")
        var twoDigit: [String] = []
        for value in 20...99 where code("\(value)12345678") == "\(value)" { twoDigit.append("\(value)") }
        XCTAssertEqual(twoDigit, ["20", "27", "30", "31", "32", "33", "34", "36", "39", "40", "41", "43", "44", "45", "46",
                                  "47", "48", "49", "51", "52", "53", "54", "55", "56", "57", "58", "60", "61", "62", "63",
                                  "64", "65", "66", "81", "82", "84", "86", "90", "91", "92", "93", "94", "95", "98"])
        XCTAssertFalse(twoDigit.contains { $0.hasPrefix("1") || $0.hasPrefix("7") })
    }
}
