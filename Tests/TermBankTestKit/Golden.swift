import Foundation
import XCTest

/// Compares `text` with the golden file `name` (".txt" added) in `directory`.
/// With TERMBANK_RECORD_GOLDEN=1 it writes the file instead: a deliberate
/// change is recorded, then read in the diff.
public func assertGolden(_ text: String, named name: String, in directory: URL,
                         file: StaticString = #filePath, line: UInt = #line) throws {
    let url = directory.appendingPathComponent(name + ".txt")
    if Golden.recording {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return
    }
    guard let golden = try? String(contentsOf: url, encoding: .utf8) else {
        return XCTFail("missing golden \(name).txt; record it with TERMBANK_RECORD_GOLDEN=1", file: file, line: line)
    }
    XCTAssertEqual(text, golden, "frame \(name) differs from its golden", file: file, line: line)
}

public enum Golden {
    /// TERMBANK_RECORD_GOLDEN=1: goldens are written, not compared.
    public static var recording: Bool { ProcessInfo.processInfo.environment["TERMBANK_RECORD_GOLDEN"] == "1" }
}
