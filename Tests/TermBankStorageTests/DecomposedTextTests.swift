import Foundation
import TermBankCore
import TermBankSecurity
import TermBankStorage
import TermBankUnicode
import XCTest

/// Text already in the database in decomposed form (a name an operator typed
/// on a terminal that sends "e" and a combining accent, before names were
/// composed on the way in) is composed on its way to the screen.
final class DecomposedTextTests: XCTestCase {
    override func setUp() { CanonicalText.install(UTF8ProcNormalizer()) }

    func scalars(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }

    func testADecomposedPayeeNameFromTheDatabaseIsShownComposed() throws {
        let bank = try TestBank()
        // Straight into the store, as rows written before this change may be.
        let user = try bank.bank.prepareUser(username: Username(trusted: "jose"), password: Secret("lighthouse-keeper-7"),
                                             phone: PhoneNumber(validating: "+1 555 0142"), sitekey: nil, smsVerification: false,
                                             displayName: "Jose\u{301} Sa\u{303}o")
        _ = try bank.bank.addUser(user, context: .operatorCLI)
        let stored = try Self.sqlite(bank.store.path, "SELECT hex(display_name) FROM users WHERE username = 'jose'")
        XCTAssertEqual(stored, "4A6F7365CC81205361CC836F", "the row holds e + U+0301 and a + U+0303")
        let row = try XCTUnwrap(bank.store.payee(named: Username(trusted: "jose")))
        XCTAssertEqual(scalars(try XCTUnwrap(row.maskedName)), scalars("Jos\u{E9} S."))
        XCTAssertFalse(try XCTUnwrap(row.maskedName).unicodeScalars.contains("\u{301}"))
    }

    static func sqlite(_ path: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path, sql]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The operator's `--name`, however their terminal spelled it, is stored as one spelling.
    func testANameTypedDecomposedIsStoredComposed() throws {
        let typed = try DisplayName.validate("Jose\u{301}  Sa\u{303}o")
        XCTAssertEqual(scalars(typed), scalars("Jos\u{E9} S\u{E3}o"))
        let reference = try XCTUnwrap(PaymentReference.parse(" Cafe\u{301}  da manha\u{303} "))
        XCTAssertEqual(scalars(reference.text), scalars("Caf\u{E9} da manh\u{E3}"))
        XCTAssertEqual(scalars(try Sitekey(image: "fox", phrase: "\u{41A}\u{438}\u{456}\u{308}\u{432}").phrase),
                       scalars("\u{41A}\u{438}\u{457}\u{432}"), "Київ, its ї typed as і and a diaeresis")
    }
}
