import Foundation
import TermBankTestKit
import XCTest

/// Every SSH session is a `termbank` process that mostly sits on a screen:
/// what it holds there is what the demo host pays per stakeholder. Signing in
/// hashes the password with argon2id, which needs 19 MiB of working memory;
/// that memory goes back to the operating system when the hash is done
/// (libsodium maps it with mmap and unmaps it), so a session at rest holds
/// a few MiB, not 19 more.
extension AppEndToEndTests {
    func testAfterSignInTheArgon2WorkingMemoryIsBackWithTheSystem() throws {
        let (app, bank) = try startApp()
        let pid = try XCTUnwrap(Self.appProcess(using: bank.database), "no termbank process on \(bank.database)")
        let atLogin = try XCTUnwrap(Self.statusKiB("RssAnon", of: pid))
        try app.signIn(.alice)
        try app.waitFor("History: both accounts")

        let peak = try XCTUnwrap(Self.statusKiB("VmHWM", of: pid))
        let atRest = try XCTUnwrap(Self.statusKiB("RssAnon", of: pid))
        let argon2KiB = 19 * 1024
        XCTAssertGreaterThan(peak, argon2KiB, "the sign-in hashed with argon2id's 19 MiB (peak RSS \(peak) KiB)")
        XCTAssertLessThan(atRest - atLogin, argon2KiB / 4,
                          "private memory at rest on the statement: \(atRest) KiB, at the login screen: \(atLogin) KiB")
    }

    /// OpenSSL is needed for authenticator codes only; loading it costs each
    /// process 0.4 MiB of private memory, so a session that signs in with a
    /// password and a fingerprint never loads it.
    func testASessionWithoutAnAuthenticatorNeverLoadsOpenSSL() throws {
        let (app, bank) = try startApp()
        let pid = try XCTUnwrap(Self.appProcess(using: bank.database), "no termbank process on \(bank.database)")
        let maps = { Self.mappings(of: pid) }
        XCTAssertTrue(maps().contains("libsqlite3"), "read the app's maps")
        XCTAssertFalse(maps().contains("libcrypto"), "at the login screen")
        try app.signIn(.alice)
        try app.waitFor("History: both accounts")
        XCTAssertFalse(maps().contains("libcrypto"), "on the statement")
    }

    /// The effect worker (a thread of its own) signs in and reads the
    /// statement; glibc would give it a heap (an arena) of its own, about
    /// 250 KiB more in every idle session. The app keeps one heap for both.
    /// A second arena is an anonymous mapping at a 64 MiB boundary (glibc
    /// aligns each to its maximum size); the main heap and stacks are not.
    func testASignedInSessionAllocatesFromOneHeap() throws {
        let (app, bank) = try startApp()
        let pid = try XCTUnwrap(Self.appProcess(using: bank.database), "no termbank process on \(bank.database)")
        try app.signIn(.alice)
        try app.waitFor("History: both accounts")
        let maps = Self.mappings(of: pid).split(separator: "\n")
        XCTAssertTrue(maps.contains { $0.hasSuffix("[heap]") }, "read the app's maps")
        let arenas = maps.filter { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count == 5, let start = UInt64(fields[0].prefix { $0 != "-" }, radix: 16) else { return false }
            return start % (64 << 20) == 0
        }
        XCTAssertEqual(arenas, [], "a heap arena besides the main one")
    }

    /// The `termbank` process (not env, not tmux) whose command line names this test's database.
    static func appProcess(using database: String) -> Int32? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = Int32(entry),
                  let command = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8),
                  command.hasPrefix("termbank"),
                  let line = try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline")),
                  String(decoding: line, as: UTF8.self).split(separator: "\0").contains(Substring(database)) else { continue }
            return pid
        }
        return nil
    }

    /// /proc/PID/maps, whole. `String(contentsOfFile:)` reads a /proc file
    /// (which says its size is 0) only as far as its first 4 KiB, which ends
    /// before the shared libraries are listed; so a check for a library there
    /// could never fail. A file handle reads to the end.
    static func mappings(of pid: Int32) -> String {
        guard let file = FileHandle(forReadingAtPath: "/proc/\(pid)/maps"),
              let data = try? file.readToEnd() else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    /// A "Name:   1234 kB" figure of /proc/PID/status, in KiB.
    static func statusKiB(_ name: String, of pid: Int32) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            return Int(line.dropFirst(name.count + 1).split(whereSeparator: { $0 == " " || $0 == "\t" }).first ?? "")
        }
        return nil
    }
}
