import TermBankCore
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

    func testPasswordsAreThreeWordsAndFourDigits() {
        let random = SeededRandomSource(seed: 2)
        for _ in 0..<50 {
            let parts = GuestNames.password(random).exposedValue.split(separator: "-")
            XCTAssertEqual(parts.count, 4)
            XCTAssertTrue(parts.dropLast().allSatisfy { $0.allSatisfy(\.isLetter) })
            XCTAssertEqual(parts.last?.count, 4)
        }
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
