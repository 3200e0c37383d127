import TermBankCore
import TermBankSecurity
import XCTest

/// The demo guests' short passwords against the bank's own policy
/// as it runs live: cracklib's dictionary and Openwall's common passwords.
final class GuestPasswordPolicyTests: XCTestCase {
    func testEveryGeneratedGuestPasswordPassesTheLivePolicyForItsUsername() throws {
        let blocklist = CommonPasswordBlocklist()
        try XCTSkipIf(blocklist.sources.count < 2, "the live blocklist needs cracklib-runtime and john-data: \(blocklist.sources)")
        let policy = PasswordPolicy(blocklist: blocklist)
        let random = SeededRandomSource(seed: 24)
        var seen = Set<String>()
        for _ in 0..<5_000 {
            let username = GuestNames.username(random)
            let password = GuestNames.password(random)
            XCTAssertNoThrow(try policy.check(password, for: username), "\(password.exposedValue) for \(username.rawValue)")
            // The blocklist looks the whole password up, as sign-up does.
            XCTAssertFalse(blocklist.contains(password.exposedValue))
            seen.insert(password.exposedValue)
        }
        XCTAssertGreaterThan(seen.count, 4_900, "5,000 draws from about 20 million passwords barely repeat")
    }

    /// The check is not vacuous: the live blocklist refuses a common password.
    func testTheLiveBlocklistRefusesACommonPassword() throws {
        let blocklist = CommonPasswordBlocklist()
        try XCTSkipIf(blocklist.sources.isEmpty, "no live blocklist on this machine")
        XCTAssertThrowsError(try PasswordPolicy(blocklist: blocklist).check(Secret("sunshine1"),
                                                                           for: Username(trusted: "guest-amber-fox")))
    }
}
