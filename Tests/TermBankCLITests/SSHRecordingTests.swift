import Foundation
import TermBankStorage
import XCTest

/// `scripts/ssh-demo --record DIR` (docs/decisions/0116): each SSH session runs in `termbank relay`, which sends
/// what it shows to the operator's recorder; the file is the operator's (0600), and the demo account, which runs
/// the relay, cannot read it.
final class SSHRecordingTests: SSHDemoTestCase {
    nonisolated(unsafe) static var recordings = ""

    override class func setUp() {
        do {
            recordings = try ScratchFolder.make("termbank-recordings")
            demo = try SSHDemo(startOptions: ["--record", recordings])
        } catch {
            startError = error
        }
    }

    override class func tearDown() {
        super.tearDown()
        try? FileManager.default.removeItem(atPath: recordings)
    }

    func testEachSessionIsRecordedIntoTheOperatorsFolderOutOfTheDemoAccountsReach() throws {
        let demo = try running()
        XCTAssertTrue(demo.startOutput.contains("Each session is recorded into"), demo.startOutput)
        let session = try TmuxSession(["/usr/bin/ssh", "-tt"] + demo.sshArguments(key: "alice"))
        addTeardownBlock { session.kill() }
        try session.waitFor("Welcome to the TermBank demo", "This session is recorded.")
        // The app under the relay keeps the session's limits (prlimit on the relay, inherited).
        let app = try XCTUnwrap(SSHDemoLockdown.processes(of: demo.account)
            .first { $0.executable == demo.binary && $0.environment.contains("TERMBANK_RECORDED=1") }, "the relayed app")
        let limits = try String(contentsOfFile: "/proc/\(app.pid)/limits", encoding: .utf8)
        let rows = limits.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        XCTAssertTrue(rows.contains("Max address space 536870912 536870912 bytes"), limits)
        XCTAssertTrue(rows.contains("Max open files 256 256 files"), limits)
        try session.resize(columns: 100, rows: 28)
        try session.waitUntil("the welcome redrawn at 100 columns") { $0.lines.first.map { $0.count > 80 } == true }
        session.kill()

        let folder = Self.recordings
        let deadline = Date().addingTimeInterval(TmuxSession.hangGuard)
        var names: [String] = []
        var text = ""
        // The recorder writes as the bytes arrive: the resize is in the file once the session's redraw is.
        while Date() < deadline {
            names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".cast") }
            text = names.first.flatMap { try? String(contentsOfFile: folder + "/" + $0, encoding: .utf8) } ?? ""
            if text.contains("\"r\", \"100x28\"") { break }
            usleep(50_000)
        }
        XCTAssertEqual(names.count, 1, "\(names)")
        let file = folder + "/" + (names.first ?? "")
        let lines = text.split(separator: "\n")
        XCTAssertGreaterThan(lines.count, 2, text)
        let header = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        XCTAssertEqual(header["version"] as? Int, 2)
        XCTAssertEqual(header["width"] as? Int, 80)
        XCTAssertTrue((header["title"] as? String)?.hasPrefix("TermBank demo (key SHA256:") == true, "\(header)")
        var resizes: [String] = []
        for line in lines.dropFirst() {
            let event = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any], String(line))
            if event[1] as? String == "r" { resizes.append(event[2] as? String ?? "") }
        }
        XCTAssertEqual(resizes, ["100x28"])

        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        XCTAssertEqual((attributes[.ownerAccountID] as? NSNumber)?.intValue, 0, "the operator's (root here)")
        let read = try SSHDemo.run("/usr/sbin/runuser", ["-u", demo.account, "--", "/bin/cat", file])
        XCTAssertNotEqual(read.status, 0, "the demo account read a recording")

        let listed = try SSHDemo.run(demo.binary, ["demo", "recordings", folder])
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertTrue(listed.stdout.contains("key SHA256:") && listed.stdout.contains("1 recording in"), listed.stdout)
    }
}
