import Foundation
import XCTest

/// Devices, the simulated phone and Verify through the real binary.
final class SecondFactorCommandTests: XCTestCase {
    func demoBank() throws -> Scratch {
        let scratch = Scratch()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: scratch.database).status, 0)
        return scratch
    }

    func startVerification(_ user: String, _ scratch: Scratch) throws -> (id: String, code: String) {
        let start = try Termbank.run(["verify", "start", user], database: scratch.database)
        XCTAssertEqual(start.status, 0, start.stderr)
        let id = String(start.stdout.dropFirst("request_id=".count).prefix(32))
        let last = try Termbank.run(["phone", user, "--last"], database: scratch.database).stdout
        let code = last.components(separatedBy: "code is ").dropFirst().first.map { String($0.prefix(6)) } ?? ""
        return (id, code)
    }

    func testTheDemoHasThreeDevices() throws {
        let scratch = try demoBank()
        let list = try Termbank.run(["device", "list"], database: scratch.database)
        XCTAssertEqual(list.stdout, """
            DEVICE          BIOMETRY     ENROLLED  PASSCODE  STATUS
            iphone-faceid   Face ID      yes       yes       ready
            iphone-touchid  Touch ID     yes       yes       ready
            old-phone       no biometry  -         yes       ready

            """)
    }

    func testDeviceAddAndEnroll() throws {
        let scratch = try demoBank()
        let added = try Termbank.run(["device", "add", "Pixel-Test", "--biometry", "faceid", "--not-enrolled", "--passcode"],
                                     database: scratch.database, stdin: "2468\n")
        XCTAssertEqual(added.stdout, "Added pixel-test: Face ID, not enrolled, passcode set.\n")
        XCTAssertEqual(try Termbank.run(["device", "add", "xyz", "--biometry", "retina"], database: scratch.database).status, 64)
        XCTAssertEqual(try Termbank.run(["device", "add", "pixel-test", "--biometry", "none"], database: scratch.database).status, 65)
        XCTAssertEqual(try Termbank.run(["device", "enroll", "old-phone"], database: scratch.database).status, 65)
        XCTAssertEqual(try Termbank.run(["device", "enroll", "nope"], database: scratch.database).status, 66)
        XCTAssertEqual(try Termbank.run(["device", "enroll", "pixel-test"], database: scratch.database).status, 0)
        XCTAssertTrue(try Termbank.run(["device", "list"], database: scratch.database).stdout
            .contains("pixel-test      Face ID      yes       yes       ready"))
        let audit = try Termbank.run(["audit", "--limit", "3"], database: scratch.database).stdout
        XCTAssertTrue(audit.contains("device.enrolled"), audit)
        XCTAssertFalse(audit.contains("2468"))
    }

    func testAVerificationThroughThePhoneInbox() throws {
        let scratch = try demoBank()
        let (id, code) = try startVerification("bob", scratch)
        XCTAssertEqual(code.count, 6)
        let inbox = try Termbank.run(["phone", "bob"], database: scratch.database).stdout
        XCTAssertTrue(inbox.contains("SMS to +15550101: TermBank: your sign-in code is \(code). It expires in 5 minutes. "
                                     + "Never share this code with anyone, not even TermBank staff."), inbox)
        XCTAssertEqual(try Termbank.run(["phone", "alice"], database: scratch.database).stdout,
                       "No messages for alice (+15550100).\n")
        let check = try Termbank.run(["verify", "check", id], database: scratch.database, stdin: code + "\n")
        XCTAssertEqual(check.stdout, "Verified.\n")
        let again = try Termbank.run(["verify", "check", id], database: scratch.database, stdin: code + "\n")
        XCTAssertEqual(again.status, 1)
        XCTAssertEqual(again.stderr, "termbank: This code was already used.\n")
        XCTAssertTrue(try Termbank.run(["verify", "status", id], database: scratch.database).stdout
            .contains("status=\"SUCCESS\" events=1 wrong_checks=0"))
        XCTAssertEqual(try Termbank.run(["verify", "check", "not-an-id"], database: scratch.database, stdin: "123456\n").status, 65)
    }

    func testTheSameCodeFromTwoProcessesAtOnceSucceedsOnce() throws {
        let scratch = try demoBank()
        for _ in 0..<5 {
            let (id, code) = try startVerification("carol", scratch)
            let racers = try (0..<2).map { _ in try Termbank.start(["verify", "check", id], database: scratch.database, stdin: code + "\n") }
            let runs = racers.map { process, out, err in
                process.waitUntilExit()
                return Termbank.finish(process, out, err)
            }
            XCTAssertEqual(runs.filter { $0.stdout == "Verified.\n" }.count, 1, runs.map { $0.stdout + $0.stderr }.joined())
            XCTAssertEqual(runs.filter { $0.stderr == "termbank: This code was already used.\n" }.count, 1)
        }
    }

    func testAnSMSCommandReceivesTheTextAndItsFailureIsClear() throws {
        let scratch = try demoBank()
        let sent = scratch.path + "/sent.txt"
        let ok = try Termbank.run(["verify", "start", "alice", "--sms-command", "cat > '\(sent)'; echo \"$TERMBANK_SMS_TO\" >> '\(sent)'"],
                                  database: scratch.database)
        XCTAssertEqual(ok.status, 0, ok.stderr)
        let text = try String(contentsOfFile: sent, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("TermBank: your sign-in code is "), text)
        XCTAssertTrue(text.hasSuffix("+15550100\n"), text)
        XCTAssertEqual(try Termbank.run(["phone", "alice"], database: scratch.database).stdout,
                       "No messages for alice (+15550100).\n", "nothing stored when a real gateway is used")

        let failed = try Termbank.run(["verify", "start", "carol"], database: scratch.database,
                                      environment: ["TERMBANK_SMS_COMMAND": "exit 7"])
        XCTAssertEqual(failed.status, 69)
        XCTAssertEqual(failed.stderr, "termbank: The code could not be sent: the SMS command failed (exit status 7)\n")
    }

    func testPhoneFollowPrintsNewMessagesAsTheyArrive() throws {
        let scratch = try demoBank()
        let (follower, out, err) = try Termbank.start(["phone", "bob", "--follow"], database: scratch.database)
        // Polled every 100 ms for up to a minute: a guard against a hang, not a measure of speed.
        func seen(_ text: String) -> String {
            var seen = ""
            for _ in 0..<600 where !seen.contains(text) {
                seen = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
                if !seen.contains(text) { Thread.sleep(forTimeInterval: 0.1) }
            }
            return seen
        }
        _ = seen("Ctrl-C stops.\n")  // following now: what comes next is a new message
        let (_, code) = try startVerification("bob", scratch)
        let seen = seen(code)
        kill(follower.processIdentifier, SIGTERM)
        follower.waitUntilExit()
        _ = Termbank.finish(follower, out, err)
        XCTAssertTrue(seen.hasPrefix("Following bob's phone (+15550101); Ctrl-C stops.\n"), seen)
        XCTAssertTrue(seen.contains("your sign-in code is \(code)"), seen)
    }
}

final class VerifyConfigurationCommandTests: XCTestCase {
    func testCodeLengthAndExpiryAreConfigurableWithinVerifysLimits() throws {
        let scratch = Scratch()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: scratch.database).status, 0)
        XCTAssertEqual(try Termbank.run(["verify", "start", "carol", "--pin-length", "4", "--pin-expiry", "10"],
                                        database: scratch.database).status, 0)
        let text = try Termbank.run(["phone", "carol", "--last"], database: scratch.database).stdout
        XCTAssertNotNil(text.range(of: #"code is \d{4}\. It expires in 10 minutes\."#, options: .regularExpression), text)
        let long = try Termbank.run(["verify", "start", "alice", "--pin-expiry", "11"], database: scratch.database)
        XCTAssertEqual(long.status, 64)
        XCTAssertTrue(long.stderr.hasPrefix("termbank: A code expires after 1 to 10 minutes."), long.stderr)
        XCTAssertEqual(try Termbank.run(["verify", "start", "alice", "--pin-length", "5"], database: scratch.database).status, 64)
    }
}
