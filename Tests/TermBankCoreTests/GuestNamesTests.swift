@testable import TermBankCore
import XCTest

/// The words a guest customer is made of, drawn from a seeded source.
final class GuestNamesTests: XCTestCase {
    func testUsernamesAreValidReadableAndGetANumberOnlyAfterRepeatedClashes() throws {
        let random = SeededRandomSource(seed: 1)
        for attempt in 0..<6 {
            let name = GuestNames.username(random, attempt: attempt).rawValue
            XCTAssertEqual(try Username(validating: name).rawValue, name)
            XCTAssertTrue(name.hasPrefix("guest-"))
            XCTAssertEqual(name.split(separator: "-").count, attempt >= 3 ? 4 : 3, name)
        }
    }

    /// Typed once without effort: two different short words and
    /// three digits, 13 to 15 characters, none of them the username's words.
    func testPasswordsAreTwoDifferentShortWordsAndThreeDigits() {
        let random = SeededRandomSource(seed: 2)
        for _ in 0..<2_000 {
            let password = GuestNames.password(random).exposedValue
            let parts = password.split(separator: "-").map(String.init)
            XCTAssertEqual(parts.count, 3, password)
            XCTAssertTrue((13...15).contains(password.count), password)
            XCTAssertNotEqual(parts[0], parts[1], password)
            for word in parts.prefix(2) {
                XCTAssertTrue((4...5).contains(word.count) && word.allSatisfy { $0.isASCII && $0.isLowercase }, password)
                XCTAssertFalse(GuestNames.adjectives.contains(word) || GuestNames.animals.contains(word), password)
            }
            XCTAssertTrue(parts[2].count == 3 && parts[2].allSatisfy { $0.isASCII && $0.isNumber }, password)
        }
        XCTAssertEqual(Set(GuestNames.words).count, GuestNames.words.count, "no word twice in the list")
    }

    /// 555-0100 to 555-0199 is fiction in every North American area code, so no real phone gets a demo code.
    func testNumbersAreInTheFictional55501xxRangeAndNeverASeedCustomersNumber() throws {
        let random = SeededRandomSource(seed: 3)
        let seeds = try DemoBank.customers.map { try PhoneNumber(validating: $0.phone) }
        for _ in 0..<500 {
            let phone = GuestNames.phone(random)
            XCTAssertEqual(try PhoneNumber(validating: phone.e164), phone)
            XCTAssertTrue(GuestNames.isDemoRange(phone), phone.e164)
            XCTAssertTrue(phone.e164.hasPrefix("+1") && phone.e164.count == 12, phone.e164)
            XCTAssertFalse(seeds.contains(phone))
            XCTAssertEqual(phone.masked, "+1 ***-***-" + phone.e164.suffix(4))
        }
        XCTAssertTrue(GuestNames.isDemoRange(PhoneNumber(trusted: "+14155550123")))
        XCTAssertFalse(GuestNames.isDemoRange(PhoneNumber(trusted: "+14155550200")), "555-0200 is a real line")
        XCTAssertFalse(GuestNames.isDemoRange(PhoneNumber(trusted: "+12025551234")))
    }

    func testAGuestsNameOnTheAccountComesFromItsUsername() {
        XCTAssertEqual(GuestNames.displayName(for: Username(trusted: "guest-amber-fox")), "Amber Fox")
        XCTAssertEqual(GuestNames.displayName(for: Username(trusted: "guest-amber-fox-42")), "Amber Fox")
        XCTAssertEqual(Payee.mask(GuestNames.displayName(for: Username(trusted: "guest-amber-fox"))), "Amber F.")
    }
}
