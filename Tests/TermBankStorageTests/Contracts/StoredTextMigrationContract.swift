import Foundation
import TermBankCore
import TermBankSQL
import TermBankUnicode
import XCTest

/// A bank as schema 10 left it, on one engine: raw SQL on its database (as
/// rows were written before text was composed on the way in), and the store
/// that opens it at the latest schema.
struct SchemaTenBank {
    /// Another connection to the same database, as another process would have.
    let raw: any SQLConnection
    /// The schema number the database holds, read without migrating it.
    let version: () throws -> Int
    /// Opens the store, which migrates.
    let open: () throws -> SQLBankStore
    /// The schema the store migrates to.
    let latest: Int
    /// Whatever must live as long as the database (a temporary folder).
    let resources: AnyObject?
}

/// Schema 11 on both engines (decision 36): text stored decomposed before
/// decision 35 is composed, so a search typed either way finds it, and
/// nothing else changes: no amount, posting, id or audit row, and the ledger
/// still balances. Each engine supplies a bank at schema 10.
struct StoredTextMigrationContract {
    let make: () throws -> SchemaTenBank

    // What olena's rows held, written by a terminal that sends a letter and its accent apart.
    static let nameDecomposed = "Jose\u{301} Sa\u{303}o"
    static let nameComposed = "Jos\u{E9} S\u{E3}o"
    static let phraseDecomposed = "\u{41A}\u{438}\u{456}\u{308}\u{432}"        // Київ, its ї as і + U+0308
    static let phraseComposed = "\u{41A}\u{438}\u{457}\u{432}"
    static let referenceDecomposed = "Pa\u{303}o de queijo e cafe\u{301}"
    static let referenceComposed = "P\u{E3}o de queijo e caf\u{E9}"
    /// Already composed (Борщ й вареники): must be left byte for byte.
    static let referenceAlreadyComposed = "\u{411}\u{43E}\u{440}\u{449} \u{439} \u{432}\u{430}\u{440}\u{435}\u{43D}\u{438}\u{43A}\u{438}"
    /// U+0958 DEVANAGARI LETTER QA is spelled as two scalars by NFC: 35 of them compose to 70, over the column's 35.
    static let referenceLongerComposed = String(repeating: "\u{958}", count: 35)
    static let auditDetail = "note: Cafe\u{301}"

    /// Two customers, five transfers (openings and payments), their postings
    /// and balances as the store books them, and an audit row, by raw SQL.
    func seeded() throws -> SchemaTenBank {
        CanonicalText.install(UTF8ProcNormalizer())
        let old = try make()
        let db = old.raw
        let users = "INSERT INTO users (username, password_hash, phone, sms_verification, sitekey_image, sitekey_phrase, "
            + "created_at, display_name) VALUES (?, '$argon2id$not-a-real-hash', ?, 0, ?, ?, 1000, ?)"
        try db.execute(users, ["olena", "+15550171", "fox", Self.phraseDecomposed, Self.nameDecomposed])
        try db.execute(users, ["joao", "+15550172", "owl", "Bom dia", "Jo\u{E3}o Silva"])
        // A demo guest (user 3): its generated password is ASCII.
        try db.execute(users, ["guest-fox-12", "+12015550173", "fox", "Hi", "Fox Guest"])
        try db.execute("""
            INSERT INTO demo_guests (user_id, client_address, created_at, expires_at) VALUES (3, '198.51.100.7', 1000, 2000)
            """)
        // Accounts 2 and 3 are olena's, 4 and 5 joao's (1 is the bank's funding account).
        try db.execute("""
            INSERT INTO accounts (user_id, kind, balance) VALUES (1, 'checking', 8950), (1, 'savings', 0),
                                                                 (2, 'checking', 6050), (2, 'savings', 0)
            """)
        try db.execute("UPDATE accounts SET balance = -15000 WHERE kind = 'funding'")
        let transfer = "INSERT INTO transfers (client_id, kind, from_account, to_account, amount, booked_at, "
            + "session_id, device_id, payment_reference) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
        let transfers: [(String, String, Int64, Int64, Int64, Int64, String?)] = [
            ("opening-1-checking", "opening", 1, 2, 10_000, 1_000, nil),
            ("opening-2-checking", "opening", 1, 4, 5_000, 2_000, nil),
            ("pay-1", "payment", 2, 4, 1_250, 3_000, Self.referenceDecomposed),
            ("pay-2", "payment", 4, 2, 300, 4_000, Self.referenceAlreadyComposed),
            ("pay-3", "payment", 2, 4, 100, 5_000, Self.referenceLongerComposed),
        ]
        for (client, kind, from, to, amount, at, reference) in transfers {
            try db.execute(transfer, [client, kind, from, to, amount, at, kind == "payment" ? "s-1" : nil,
                                      kind == "payment" ? "iphone" : nil, reference])
        }
        let posting = "INSERT INTO postings (transfer_id, account_id, amount, balance_after, booked_at) VALUES (?, ?, ?, ?, ?)"
        for row: [Int64] in [[1, 1, -10_000, -10_000, 1_000], [1, 2, 10_000, 10_000, 1_000],
                             [2, 1, -5_000, -15_000, 2_000], [2, 4, 5_000, 5_000, 2_000],
                             [3, 2, -1_250, 8_750, 3_000], [3, 4, 1_250, 6_250, 3_000],
                             [4, 4, -300, 5_950, 4_000], [4, 2, 300, 9_050, 4_000],
                             [5, 2, -100, 8_950, 5_000], [5, 4, 100, 6_050, 5_000]] {
            try db.execute(posting, row.map { $0 as any SQLBindable })
        }
        try db.execute("INSERT INTO audit (at, event, username, user_id, detail) VALUES (1000, 'user.created', 'olena', 1, ?)",
                       [Self.auditDetail])
        XCTAssertEqual(try old.version(), 10)
        return old
    }

    /// Every row the migration must not change, as text: the ledger, ids, dates, audit rows, users but their texts.
    func untouchable(_ db: any SQLConnection) throws -> [String] {
        var rows: [String] = []
        rows += try db.query("""
            SELECT id, client_id, kind, from_account, to_account, amount, reverses, booked_at, session_id, device_id
            FROM transfers ORDER BY id
            """).map { r in
            "transfer \(r.int(0)) \(r.text(1)) \(r.text(2)) \(r.int(3)) \(r.int(4)) \(r.int(5)) \(r.optionalInt(6) ?? -1) "
                + "\(r.int(7)) \(r.optionalText(8) ?? "-") \(r.optionalText(9) ?? "-")"
        }
        rows += try db.query("SELECT id, transfer_id, account_id, amount, balance_after, booked_at FROM postings ORDER BY id")
            .map { r in "posting \((0..<6).map { String(r.int($0)) }.joined(separator: " "))" }
        rows += try db.query("SELECT id, user_id, kind, balance FROM accounts ORDER BY id")
            .map { r in "account \(r.int(0)) \(r.optionalInt(1) ?? -1) \(r.text(2)) \(r.int(3))" }
        rows += try db.query("SELECT id, at, event, username, user_id, session_id, device_id, detail FROM audit ORDER BY id")
            .map { r in
                "audit \(r.int(0)) \(r.int(1)) \(r.text(2)) \(r.optionalText(3) ?? "-") \(r.optionalInt(4) ?? -1) "
                    + "\(r.optionalText(5) ?? "-") \(r.optionalText(6) ?? "-") \(Array(r.text(7).utf8))"
            }
        rows += try db.query("SELECT id, username, password_hash, phone, created_at, sitekey_image FROM users ORDER BY id")
            .map { r in "user \(r.int(0)) \(r.text(1)) \(r.text(2)) \(r.text(3)) \(r.int(4)) \(r.text(5))" }
        return rows
    }

    func bytes(_ db: any SQLConnection, _ sql: String) throws -> [UInt8]? {
        try db.query(sql).first?.optionalText(0).map { Array($0.utf8) }
    }

    func search(_ store: SQLBankStore, _ search: StatementSearch?) throws -> [TransferReference] {
        try store.statementPage(of: UserID(2), filter: StatementFilter(search: search), from: .newest, limit: 10)
            .map(\.reference)
    }

    // MARK: The contract

    func aReferenceStoredDecomposedIsFoundByASearchTypedEitherWay() throws {
        let old = try seeded()
        let pattern = "%p\u{E3}o%"
        XCTAssertEqual(try old.raw.query("SELECT count(*) FROM transfers WHERE payment_reference LIKE ?", [pattern])
            .first?.int(0), 0, "before: LIKE compares the bytes, and the stored ã is a + U+0303")

        let store = try old.open()
        XCTAssertEqual(try old.version(), old.latest)
        let composedSearch = StatementSearch(text: "p\u{E3}o", reference: nil, descriptions: [])
        XCTAssertEqual(try search(store, composedSearch), [TransferReference(3)], "joao's statement finds olena's payment")
        let typedDecomposed = try XCTUnwrap(StatementSearch("pa\u{303}o", describe: { _ in "" }))
        XCTAssertEqual(try search(store, typedDecomposed), [TransferReference(3)], "typed as a and a combining tilde")
        XCTAssertEqual(try search(store, StatementSearch(text: "caf\u{E9}", reference: nil, descriptions: [])),
                       [TransferReference(3)])
        XCTAssertEqual(try search(store, StatementSearch(text: "\u{439} \u{432}", reference: nil, descriptions: [])),
                       [TransferReference(4)], "a reference stored composed is found as before")
        XCTAssertEqual(try bytes(old.raw, "SELECT payment_reference FROM transfers WHERE id = 3"),
                       Array(Self.referenceComposed.utf8))
    }

    func namesAndPhrasesAreComposedAndTextAlreadyComposedIsLeftByteForByte() throws {
        let old = try seeded()
        _ = try old.open()
        let db = old.raw
        XCTAssertEqual(try bytes(db, "SELECT display_name FROM users WHERE username = 'olena'"), Array(Self.nameComposed.utf8))
        XCTAssertEqual(try bytes(db, "SELECT sitekey_phrase FROM users WHERE username = 'olena'"),
                       Array(Self.phraseComposed.utf8))
        XCTAssertEqual(try bytes(db, "SELECT display_name FROM users WHERE username = 'joao'"), Array("Jo\u{E3}o Silva".utf8))
        XCTAssertEqual(try bytes(db, "SELECT payment_reference FROM transfers WHERE id = 4"),
                       Array(Self.referenceAlreadyComposed.utf8))
        XCTAssertEqual(try db.query("SELECT password_form FROM users ORDER BY id").map { $0.text(0) },
                       ["as-typed", "as-typed", "nfkc"],
                       "schema 12: nobody knows the spelling an old hash was made from, but a guest's is ASCII")
        XCTAssertEqual(try bytes(db, "SELECT payment_reference FROM transfers WHERE id = 5"),
                       Array(Self.referenceLongerComposed.utf8),
                       "composed it would be 70 scalars, over the column's 35: left as it was (the screen composes it)")
    }

    func noAmountPostingIDOrAuditRowChangesAndTheLedgerStillBalances() throws {
        let old = try seeded()
        let before = try untouchable(old.raw)
        let store = try old.open()
        XCTAssertEqual(try untouchable(old.raw), before, "only the texts changed: the audit row's decomposed detail too is kept")
        let check = try store.checkInvariants()
        XCTAssertEqual(check.problems, [])
        XCTAssertEqual(check.ledgerTotal, .zero)
        XCTAssertEqual(check.customerTotal, Money(minorUnits: 15_000), "money conserved")
        XCTAssertEqual(check.transferCount, 5)
        XCTAssertThrowsError(try old.raw.execute("UPDATE transfers SET amount = 1 WHERE id = 3"), "transfers are immutable again")
        XCTAssertThrowsError(try old.raw.execute("UPDATE transfers SET payment_reference = 'x' WHERE id = 3"),
                             "references too")
        XCTAssertThrowsError(try old.raw.execute("UPDATE audit SET detail = 'x'"), "audit rows stay append-only")
    }

    func theMigrationRunsOnceAndComposingAgainChangesNothing() throws {
        let old = try seeded()
        var store: SQLBankStore? = try old.open()
        let after = try untouchable(old.raw)
        let texts = "SELECT display_name, sitekey_phrase FROM users ORDER BY id"
        let textsAfter = try old.raw.query(texts).map { Array($0.text(0).utf8) + Array($0.text(1).utf8) }
        store = nil
        store = try old.open()
        XCTAssertNotNil(store)
        XCTAssertEqual(try old.version(), old.latest)
        XCTAssertEqual(try untouchable(old.raw), after)
        XCTAssertEqual(try old.raw.query(texts).map { Array($0.text(0).utf8) + Array($0.text(1).utf8) }, textsAfter)
        // The step itself, run again on the composed bank (its trigger on: any write would be refused).
        let again = try old.raw.writeTransaction {
            try StoredTextComposition.compose(db: old.raw, normalizer: UTF8ProcNormalizer(), path: "bank")
        }
        XCTAssertEqual(again.composed, [:], "nothing left to compose")
        XCTAssertEqual(again.leftLonger, ["transfers.payment_reference": 1])
    }

    /// A host where libutf8proc cannot be opened cannot compose: the bank is
    /// not upgraded, in words, and nothing is changed; with the library it is.
    func withoutTheUnicodeLibraryTheBankIsNotUpgradedAndNothingChanges() throws {
        let old = try seeded()
        let before = try untouchable(old.raw)
        CanonicalText.install(NoTables())
        defer { CanonicalText.install(UTF8ProcNormalizer()) }
        XCTAssertThrowsError(try old.open()) { error in
            guard case .needsUnicodeLibrary = error as? StoreError else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(try old.version(), 10)
        XCTAssertEqual(try untouchable(old.raw), before)
        XCTAssertEqual(try bytes(old.raw, "SELECT payment_reference FROM transfers WHERE id = 3"),
                       Array(Self.referenceDecomposed.utf8))
        XCTAssertThrowsError(try old.raw.execute("UPDATE transfers SET amount = 1 WHERE id = 3"),
                             "the rolled-back migration left the trigger on")
        CanonicalText.install(UTF8ProcNormalizer())
        _ = try old.open()
        XCTAssertEqual(try old.version(), old.latest)
    }
}

/// A normaliser whose library cannot be opened.
struct NoTables: UnicodeNormalizer {
    func normalized(_ text: String, form: NormalizationForm) -> String? { nil }
}
