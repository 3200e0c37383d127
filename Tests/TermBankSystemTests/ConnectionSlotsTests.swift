import Glibc
import TermBankSystem
import XCTest

/// The demo's connection count (decision 65): N lock files per name, one
/// held per connection for its life.
final class ConnectionSlotsTests: XCTestCase {
    func folder() -> String {
        var template = Array("/tmp/termbank-slots-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        XCTAssertNotNil(made)
        let path = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
        addTeardownBlock { Files.removeTree(path) }
        return path + "/slots"
    }

    func testAThirdHolderOfTwoSlotsIsRefusedAndAClosedOneFreesItsSlot() throws {
        let folder = folder()
        let first = try XCTUnwrap(try ConnectionSlots.take(folder: folder, name: "key-abc", count: 2))
        let second = try XCTUnwrap(try ConnectionSlots.take(folder: folder, name: "key-abc", count: 2))
        XCTAssertNil(try ConnectionSlots.take(folder: folder, name: "key-abc", count: 2), "both slots are held")
        XCTAssertEqual(ConnectionSlots.held(folder: folder, name: "key-abc", count: 2), 2)
        XCTAssertNotNil(try ConnectionSlots.take(folder: folder, name: "key-other", count: 2), "another name counts apart")
        close(first)
        XCTAssertEqual(ConnectionSlots.held(folder: folder, name: "key-abc", count: 2), 1)
        let again = try XCTUnwrap(try ConnectionSlots.take(folder: folder, name: "key-abc", count: 2))
        XCTAssertNotEqual(again, second)
        var mode = stat()
        XCTAssertEqual(stat(folder, &mode), 0)
        XCTAssertEqual(mode.st_mode & 0o777, 0o700, "the folder is the account's alone")
    }
}
