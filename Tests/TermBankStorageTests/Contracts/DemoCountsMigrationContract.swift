import Foundation
import TermBankCore
import TermBankSQL
import XCTest

/// Schema 15 on both engines (decision 46): each SMS send records whose
/// hourly count it is in. A bank's sends from before are everyone's count,
/// so a number at its limit before the upgrade is still at it after, and a
/// demo origin's count starts apart; demo origins' runs of wrong codes get
/// a table of their own, empty.
struct DemoCountsMigrationContract {
    let make: () throws -> SchemaTenBank

    func sendsFromBeforeStayEveryonesCountAndAnOriginsStartsApart() throws {
        let old = try make()
        let now = Timestamp(secondsSinceEpoch: 1_800_000_000)
        let phone = PhoneNumber(trusted: "+15550101")
        for event in 1...5 {
            try old.raw.execute("""
                INSERT INTO sms_sends (phone, user_id, kind, verification_id, event, at) VALUES (?, NULL, 'code', 'v1', ?, ?)
                """, [phone.e164, event, now.adding(seconds: Int64(-60 * event)).millisecondsSinceEpoch])
        }

        let store = try old.open()
        XCTAssertEqual(try old.version(), old.latest)
        XCTAssertEqual(try old.raw.query("SELECT DISTINCT origin FROM sms_sends", []).map { $0.text(0) }, [""])
        let since = now.adding(seconds: -3600)
        try store.inVerificationTransaction { transaction in
            XCTAssertEqual(try transaction.sendCount(to: phone, since: since), 5, "a number at its limit stays at it")
            XCTAssertEqual(try transaction.sendCount(to: phone, since: since, origin: "key SHA256:x"), 0,
                           "a demo origin's count is its own")
        }
        XCTAssertEqual(try old.raw.query("SELECT count(*) FROM second_factor_throttle", []).first?.int(0), 0)
        XCTAssertThrowsError(try old.raw.execute("""
            INSERT INTO sms_sends (phone, kind, verification_id, event, at, origin) VALUES ('+15550101', 'code', 'v2', 1, 1, ?)
            """, [String(repeating: "x", count: 121)]), "an origin is a key or an address, never a page of text")
    }
}
