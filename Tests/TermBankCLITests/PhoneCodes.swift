import TermBankTestKit
import XCTest

/// The code in the newest message on `name`'s simulated phone, which must say
/// `text`, as the operator reads it (`termbank phone NAME --last`): the test
/// kit's `lastCode`, which waits for that message.
func lastCode(on name: String, saying text: String, database: String,
              file: StaticString = #filePath, line: UInt = #line) throws -> String {
    try lastCode(saying: text, file: file, line: line) {
        let last = try Termbank.run(["phone", name, "--last"], database: database)
        XCTAssertEqual(last.status, 0, last.stderr, file: file, line: line)
        return last.stdout
    }
}

/// `lastCode(on:saying:database:)` on a scratch bank.
func lastCode(on name: String, saying text: String, _ bank: Scratch,
              file: StaticString = #filePath, line: UInt = #line) throws -> String {
    try lastCode(on: name, saying: text, database: bank.database, file: file, line: line)
}
