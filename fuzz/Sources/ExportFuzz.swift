import Foundation
@testable import TermBankCLI
import TermBankCore

/// The statement export over stored strings: a CSV record reads back (RFC
/// 4180) as its fields, no text field can start a formula, and a JSON object
/// parses back to the strings it was given.
enum ExportFuzz {
    static func run(_ bytes: [UInt8]) {
        var input = FuzzBytes(bytes)
        let account = input.text(upTo: 16), description = input.text(upTo: 48), counterparty = input.text(upTo: 32)
        let reference = input.rest()
        let row = StatementExport.Row(date: "2026-11-30T00:53:20Z", transfer: "7", account: account, description: description,
                                      amount: "-25.00", balance: "1250.00", counterparty: counterparty, reference: reference)
        let record = StatementExport.csvRecord(row)
        guard let fields = parseCSVRecord(record) else {
            FuzzCheck.require(false, "the CSV record does not parse: \(record.debugDescription)")
            return
        }
        FuzzCheck.require(fields.count == StatementExport.columns.count, "\(fields.count) CSV fields in \(record.debugDescription)")
        for (index, field) in fields.enumerated() where [2, 3, 6, 7].contains(index) {
            if let first = field.unicodeScalars.first {
                FuzzCheck.require(!["=", "+", "-", "@", "\t", "\r"].contains(first), "a formula survives: \(field.debugDescription)")
            }
            FuzzCheck.require(!field.unicodeScalars.contains { $0 == "\u{1B}" || ($0.value < 0x20 && !["\t", "\r", "\n"].contains($0)) },
                              "a control character survives: \(field.debugDescription)")
        }
        let line = StatementLine(posting: PostingID(1), reference: TransferReference(7), kind: .opening,
                                 bookedAt: Timestamp(secondsSinceEpoch: 1_796_000_000), account: .checking,
                                 amount: Money(minorUnits: -2_500), balanceAfter: Money(minorUnits: 125_000),
                                 counterparty: .bankFunding, reverses: nil)
        let json = StatementExport.jsonObject(row, line: line)
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            FuzzCheck.require(false, "the JSON object does not parse: \(json.debugDescription)")
            return
        }
        for (key, value) in [("account", account), ("description", description), ("counterparty", counterparty),
                             ("reference", reference)] {
            FuzzCheck.require((object[key] as? String).map { $0.utf8.elementsEqual(value.utf8) } == true,
                              "JSON \(key) reads back as \(String(describing: object[key]))")
        }
    }

    /// One RFC 4180 record (quoted fields may hold commas, quotes doubled and line breaks).
    static func parseCSVRecord(_ text: String) -> [String]? {
        var fields: [String] = []
        var field = String.UnicodeScalarView()
        var scalars = Array(text.unicodeScalars)[...]
        while true {
            field = String.UnicodeScalarView()
            if scalars.first == "\"" {
                scalars = scalars.dropFirst()
                while true {
                    guard let scalar = scalars.popFirst() else { return nil }
                    if scalar == "\"" {
                        if scalars.first == "\"" { field.append("\""); scalars = scalars.dropFirst() } else { break }
                    } else {
                        field.append(scalar)
                    }
                }
                guard scalars.isEmpty || scalars.first == "," else { return nil }
            } else {
                while let scalar = scalars.first, scalar != "," {
                    if scalar == "\"" || scalar == "\r" || scalar == "\n" { return nil }
                    field.append(scalar)
                    scalars = scalars.dropFirst()
                }
            }
            fields.append(String(field))
            guard scalars.popFirst() != nil else { return fields }
        }
    }
}
