import Foundation
import XCTest

/// The one deadline every test wait has (decision 0090): a guard against a
/// program or loop that hangs, never a measure of speed. A wait returns as
/// soon as what it waits for is there (within one 50 ms poll), so a long
/// guard costs a passing test nothing; a short one fails a correct test on a
/// loaded 2-core machine, where an app's start, argon2id or sshd's start can
/// take many seconds. So there is one figure, and no wait picks its own.
public enum HangGuard {
    public static let seconds: TimeInterval = 120

    /// How often a wait looks again.
    public static let pollMicroseconds: useconds_t = 50_000
}

/// Thrown after a wait gave up (its failure is already recorded at the
/// caller's line): the steps after a missing screen would only fail for the same reason.
public struct GaveUp: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Polls `found` until it gives a value, and returns it. After
/// `HangGuard.seconds` it records a failure at the caller's line, saying what
/// was awaited and `last()` (the last screen, say), and throws `GaveUp`.
/// (Named apart from `eventually`: a condition's `false` is a value too.)
@discardableResult
public func eventuallyValue<T>(_ what: String, last: () -> String = { "" },
                               file: StaticString = #filePath, line: UInt = #line,
                               _ found: () throws -> T?) throws -> T {
    let deadline = Date().addingTimeInterval(HangGuard.seconds)
    while true {
        if let value = try found() { return value }
        guard Date() < deadline else {
            let seen = last()
            XCTFail("Gave up after \(Int(HangGuard.seconds)) s waiting for \(what)." + (seen.isEmpty ? "" : " Last seen:\n\(seen)"),
                    file: file, line: line)
            throw GaveUp("gave up waiting for \(what) (see the failure above)")
        }
        usleep(HangGuard.pollMicroseconds)
    }
}

/// Polls `holds` until it is true; after `HangGuard.seconds`, fails as `eventuallyValue` does.
public func eventually(_ what: String, last: () -> String = { "" },
                       file: StaticString = #filePath, line: UInt = #line, _ holds: () throws -> Bool) throws {
    _ = try eventuallyValue(what, last: last, file: file, line: line) { try holds() ? true : nil }
}
