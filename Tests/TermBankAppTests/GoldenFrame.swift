import Foundation
@testable import TermBankApp
import TermBankTestKit
import XCTest

extension XCTestCase {
    /// `state` drawn at `size` (the state told its size, as the loop tells it),
    /// compared with Golden/NAME.txt (or NAME.txt in `folder`): the test kit's
    /// `assertGolden`, so TERMBANK_RECORD_GOLDEN=1 records it.
    func assertGolden(_ name: String, _ state: AppState, size: Size = Fixture.size, in folder: URL = GoldenFrameTests.directory,
                      file: StaticString = #filePath, line: UInt = #line) throws {
        var state = state
        state.size = size
        let frame = AppView.render(state, size: size)
        XCTAssertEqual(frame.size, size, file: file, line: line)
        try TermBankTestKit.assertGolden(frame.text.joined(separator: "\n") + "\n", named: name,
                                         in: folder, file: file, line: line)
    }
}
