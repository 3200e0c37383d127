@testable import TermBankCore
@testable import TermBankSQL
@testable import TermBankStorage
import TermBankUnicode

/// Text on its way in and out of the store: the quick check that lets most
/// text skip the library (`CanonicalText.mayChange`) never skips text NFC
/// would change; composing is idempotent; the store's migration
/// (`StoredTextComposition`, on a real SQLite database in memory) leaves each
/// column NFC or, when composing would not fit, as it was; and the terminal
/// sanitiser leaves nothing unsafe and is idempotent.
enum StoredTextFuzz {
    static let normalizer = UTF8ProcNormalizer()
    nonisolated(unsafe) static let db: SQLiteConnection = {
        let db = try! SQLiteConnection(path: ":memory:", busyTimeoutMilliseconds: 0)
        try! db.executeScript("""
            CREATE TABLE users (id INTEGER PRIMARY KEY, display_name TEXT, sitekey_phrase TEXT);
            CREATE TABLE transfers (id INTEGER PRIMARY KEY, payment_reference TEXT);
            """)
        return db
    }()

    static func run(_ bytes: [UInt8]) {
        var input = FuzzBytes(bytes)
        let first = input.text(upTo: 64), second = input.rest()
        for text in [first, second] {
            let composed = normalizer.normalized(text, form: .nfc) ?? text
            if !CanonicalText.mayChange(text) {
                FuzzCheck.require(composed.utf8.elementsEqual(text.utf8), "the quick check skipped \(text.debugDescription)")
            }
            let again = normalizer.normalized(composed, form: .nfc) ?? composed
            FuzzCheck.require(again.utf8.elementsEqual(composed.utf8), "NFC is not idempotent on \(text.debugDescription)")
            let safe = TerminalText.sanitized(text)
            FuzzCheck.require(safe.unicodeScalars.allSatisfy(TerminalText.isSafe), "unsafe text left in \(safe.debugDescription)")
            FuzzCheck.require(TerminalText.sanitized(safe).utf8.elementsEqual(safe.utf8), "sanitising twice changed the text")
        }
        try! db.executeScript("DELETE FROM users; DELETE FROM transfers;")
        try! db.query("INSERT INTO users (id, display_name, sitekey_phrase) VALUES (1, ?, ?)", [first, second])
        try! db.query("INSERT INTO transfers (id, payment_reference) VALUES (1, ?)", [second])
        // What the store holds before composing (SQLite's text ends at a NUL, as bound), then after.
        let before = stored()
        let outcome = try! StoredTextComposition.compose(db: db, normalizer: normalizer, path: ":memory:")
        for ((stored, column), original) in zip(stored(), before.map(\.0)) {
            let nfc = normalizer.normalized(original, form: .nfc) ?? original
            if outcome.leftLonger[column] != nil {
                FuzzCheck.require(stored.utf8.elementsEqual(original.utf8), "\(column) changed although left longer")
            } else {
                FuzzCheck.require(stored.utf8.elementsEqual(nfc.utf8), "\(column) is not NFC after composing")
            }
        }
    }

    static func stored() -> [(String, String)] {
        let user = try! db.query("SELECT display_name, sitekey_phrase FROM users", [])[0]
        let transfer = try! db.query("SELECT payment_reference FROM transfers", [])[0]
        return [(user.text(0), "users.display_name"), (user.text(1), "users.sitekey_phrase"),
                (transfer.text(0), "transfers.payment_reference")]
    }
}
