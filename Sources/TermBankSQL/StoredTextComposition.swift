import TermBankCore

/// Schema 11, on both engines: the free text the core stores composed since
/// decision 35 (names on accounts, sitekey phrases, payment references) is
/// composed where it was stored before, decomposed, by a terminal that sent
/// "e" and U+0301. SQL `LIKE` compares bytes, so until then a search typed
/// either way (and composed on its way in) did not find "pão" stored as
/// "pa" + U+0303 (decision 36).
///
/// Runs inside the migration's transaction, which lifts the transfers'
/// immutability trigger around it in its engine's way: only
/// `payment_reference` changes, never an amount, account, date, id or
/// posting. Audit rows are not touched (they are append-only, and by design
/// hold none of these texts). Idempotent: a text already NFC is not written.
package enum StoredTextComposition {
    /// A column of free text the core now composes on the way in, and the
    /// most scalars its CHECK allows (nil: no limit in the schema).
    struct Column {
        let table: String
        let column: String
        let maximumScalars: Int?
        var name: String { "\(table).\(column)" }
    }

    static let columns = [
        Column(table: "users", column: "display_name", maximumScalars: DisplayName.maximumLength),
        Column(table: "users", column: "sitekey_phrase", maximumScalars: nil),
        Column(table: "transfers", column: "payment_reference", maximumScalars: PaymentReference.maximumLength),
    ]

    /// What the migration did, by "table.column".
    package struct Outcome: Equatable, Sendable {
        /// Texts rewritten in their composed spelling.
        package var composed: [String: Int] = [:]
        /// Texts left as they were: composed, they would be longer than the
        /// column allows (a character NFC spells as two, such as U+0958).
        /// They are still shown composed, by the sanitiser.
        package var leftLonger: [String: Int] = [:]
    }

    /// Rows are read a page at a time, so a long ledger is never all in memory.
    static let pageSize = 500

    /// Composes every stored text that is not NFC, in the caller's
    /// transaction. Throws `StoreError.needsUnicodeLibrary` (and the caller
    /// rolls back, leaving the database as it was) when a text needs
    /// composing and `normalizer` cannot answer.
    package static func compose(db: any SQLConnection, normalizer: (any UnicodeNormalizer)?,
                                 path: String) throws -> Outcome {
        var outcome = Outcome()
        for column in columns {
            var after: Int64 = 0
            while true {
                let rows = try db.query("""
                    SELECT id, \(column.column) FROM \(column.table)
                    WHERE id > ? AND \(column.column) IS NOT NULL ORDER BY id LIMIT ?
                    """, [after, pageSize])
                guard let last = rows.last else { break }
                after = last.int(0)
                for row in rows {
                    let stored = row.text(1)
                    // ASCII and every text without a combining mark is NFC without asking the library.
                    guard CanonicalText.mayChange(stored) else { continue }
                    guard let composed = normalizer?.normalized(stored, form: .nfc) else {
                        throw StoreError.needsUnicodeLibrary(path: path)
                    }
                    // Swift's == is canonical equivalence: compare the bytes the database holds.
                    if composed.utf8.elementsEqual(stored.utf8) { continue }
                    if let maximum = column.maximumScalars, composed.unicodeScalars.count > maximum {
                        outcome.leftLonger[column.name, default: 0] += 1
                        continue
                    }
                    try db.execute("UPDATE \(column.table) SET \(column.column) = ? WHERE id = ?",
                                   [composed, row.int(0)])
                    outcome.composed[column.name, default: 0] += 1
                }
            }
        }
        return outcome
    }
}
