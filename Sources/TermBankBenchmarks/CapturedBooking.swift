import TermBankCore
import TermBankStorage

/// One customer's transfer there (checking to savings) and back, as the real
/// store ran them, captured on the baseline's own bank: the script the
/// `sqlite3` shell replays, so the baseline does what TermBank does per
/// transfer and nothing else, and follows the store when its SQL changes.
///
/// A captured statement is one booking with its values written in. Replaying
/// it again must make another booking, so two values are made the replay's
/// own: the client id (a token unique to the capture, replaced wherever it
/// appears) and the transfer's id, which the store bound into the postings
/// and which the shell finds again by client id. The balances the store wrote
/// are absolute, and they stay right because every replaying process moves
/// money only between its own customer's two accounts, there and back in
/// turn. If the store ever writes the transfer's id where this does not look,
/// the replay breaks the ledger and the baseline fails: it never measures
/// something else quietly.
struct CapturedBooking {
    /// The statements of the transfer there, and of the one back.
    let there: [String]
    let back: [String]
    let thereClientID: String
    let backClientID: String
    let thereReference: Int64
    let backReference: Int64

    /// Books `user`'s two transfers of 1.00 on `bank`, capturing what its store runs.
    static func capture(user: UserRecord, bank: Bank, store: SQLiteBankStore, context: AuditContext) throws -> CapturedBooking {
        let amount = Money(minorUnits: 100)
        var receipts: [TransferReceipt] = []
        var captured: [[String]] = []
        let ids = ["capture-there-\(user.id.rawValue)-\(TransferClientID.random(using: bank.random).rawValue)",
                   "capture-back-\(user.id.rawValue)-\(TransferClientID.random(using: bank.random).rawValue)"]
        for (index, (from, to)) in [(AccountKind.checking, AccountKind.savings), (.savings, .checking)].enumerated() {
            captured.append(try store.capturingStatements {
                receipts.append(try bank.transfer(user: user, from: from, to: to, amount: amount,
                                                  clientID: TransferClientID(trusted: ids[index]), context: context))
            })
        }
        return CapturedBooking(there: captured[0], back: captured[1], thereClientID: ids[0], backClientID: ids[1],
                               thereReference: receipts[0].reference.rawValue, backReference: receipts[1].reference.rawValue)
    }

    /// The statements of replayed transfer `index` (even: there; odd: back) with client id `clientID`.
    func replay(_ index: Int, clientID: String) -> [String] {
        let (statements, captured, reference) = index % 2 == 0 ? (there, thereClientID, thereReference)
                                                                : (back, backClientID, backReference)
        let quoted = "'" + clientID.replacingAll("'", with: "''") + "'"
        let byClientID = "(SELECT id FROM transfers WHERE client_id = \(quoted))"
        return statements.map { statement in
            let own = statement.replacingAll("'" + captured + "'", with: quoted)
            return Self.replacingColumn("transfer_id", value: String(reference), with: byClientID, in: own)
        }
    }

    /// In `INSERT INTO t (a, b, ...) VALUES (x, y, ...)`, the value given for
    /// `column` when it is `value`; any other statement unchanged.
    static func replacingColumn(_ column: String, value: String, with replacement: String, in statement: String) -> String {
        guard statement.hasPrefix("INSERT INTO "),
              let open = statement.firstIndex(of: "("), let close = statement[open...].firstIndex(of: ")"),
              let values = statement[close...].firstRange(ofText: "VALUES ("),
              statement.hasSuffix(")") else { return statement }
        let columns = statement[statement.index(after: open)..<close].split(separator: ",").map { $0.trimmingWhitespace() }
        guard let position = columns.firstIndex(of: column) else { return statement }
        var items = SQLLiterals.split(String(statement[values.upperBound..<statement.index(before: statement.endIndex)]))
        guard items.count == columns.count, items[position] == value else { return statement }
        items[position] = replacement
        return String(statement[..<values.upperBound]) + items.joined(separator: ", ") + ")"
    }
}

/// A VALUES list as SQLite's expanded SQL writes it: integers, reals, NULL,
/// 'text' (a quote doubled inside), X'hex', separated by commas.
enum SQLLiterals {
    static func split(_ list: String) -> [String] {
        var items: [String] = []
        var current = ""
        var quoted = false
        for character in list {
            if character == "'" { quoted.toggle() }
            if character == ",", !quoted {
                items.append(current.trimmingWhitespace())
                current = ""
            } else {
                current.append(character)
            }
        }
        items.append(current.trimmingWhitespace())
        return items
    }
}

extension String {
    /// Every occurrence of `target` replaced (Foundation's replacingOccurrences, without Foundation).
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.firstRange(ofText: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
