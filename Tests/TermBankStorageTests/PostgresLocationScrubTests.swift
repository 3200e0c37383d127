import TermBankCore
@testable import TermBankPostgres
import XCTest

/// What a `postgresql://` URL's password must never reach: the name shown for
/// the database and libpq's messages once scrubbed. Needs libpq only, no server.
final class PostgresLocationScrubTests: XCTestCase {
    /// Found by fuzzing (scripts/fuzz postgres-url): a password that begins
    /// with a combining mark joins the ":" before it into one character, so a
    /// search by characters never found it in a message quoting the URL.
    func testAPasswordBeginningWithACombiningMarkIsScrubbedFromAMessageQuotingTheURL() throws {
        let password = "\u{348}secret-horse"
        let url = "postgresql://bank:\(password)@db1:5432/termbank"
        let location = try PostgresLocation(url: url)
        XCTAssertFalse(location.display.unicodeScalars.contains("\u{348}"), location.display)
        let scrubbed = location.scrub("could not connect to \(url)")
        XCTAssertFalse(scrubbed.unicodeScalars.map(String.init).joined().contains("secret-horse"), scrubbed)
        XCTAssertEqual(scrubbed, "could not connect to postgresql://bank:***@db1:5432/termbank")
    }
}
