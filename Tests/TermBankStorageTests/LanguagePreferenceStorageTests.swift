import TermBankCore
@testable import TermBankStorage
import XCTest

/// The users' language column (migration 9) as SQLite keeps it: a code, so a
/// language added later needs no migration, and a code this build does not
/// speak reads as no preference rather than failing the user's sign-in.
final class LanguagePreferenceStorageTests: XCTestCase {
    func testACodeSavedByANewerBuildReadsAsNoPreference() throws {
        let bank = try TestBank()
        let alice = try XCTUnwrap(bank.store.user(named: Username(trusted: "alice")))
        try bank.store.connection.execute("UPDATE users SET language = 'fr-CA' WHERE id = ?", [alice.id.rawValue])
        let read = try XCTUnwrap(bank.store.user(id: alice.id))
        XCTAssertNil(read.language)
        XCTAssertEqual(read.username, alice.username, "the rest of the user reads as before")
    }

    func testTheColumnRefusesSomethingThatIsNotACode() throws {
        let bank = try TestBank()
        let alice = try XCTUnwrap(bank.store.user(named: Username(trusted: "alice")))
        XCTAssertThrowsError(try bank.store.connection.execute("UPDATE users SET language = ? WHERE id = ?",
                                                               [String(repeating: "x", count: 200), alice.id.rawValue]))
        XCTAssertThrowsError(try bank.store.connection.execute("UPDATE users SET language = '' WHERE id = ?",
                                                               [alice.id.rawValue]))
    }
}
