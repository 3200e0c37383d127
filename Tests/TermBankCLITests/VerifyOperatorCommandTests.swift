import Foundation
import TermBankCore
import XCTest

/// The operator's `verify` commands against the configured Verify service
/// (decision 0100): `verify test +NUMBER` sends one code to a real phone and
/// has the service check the typed reply; `verify start` and `status` name
/// the service and its request id. Credentials come from the environment.
final class VerifyOperatorCommandTests: XCTestCase {
    var vonage: VonageMock!
    let bank = Scratch()

    override func setUpWithError() throws {
        vonage = try VonageMock()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: bank.database).status, 0)
    }

    override func tearDown() {
        XCTAssertEqual(vonage.problems, [])
        vonage.server.stop()
    }

    var environment: [String: String] {
        ["VONAGE_API_KEY": VonageMock.key, "VONAGE_API_SECRET": VonageMock.secret, "XDG_CONFIG_HOME": bank.path + "/config"]
    }

    func run(_ arguments: [String], stdin: String? = nil) throws -> Termbank.Run {
        try Termbank.run(arguments + ["--verify", "vonage", "--verify-url", vonage.baseURL], database: bank.database,
                         stdin: stdin, environment: environment)
    }

    func testVerifyTestSendsOneCodeAndTheServiceApprovesTheReply() throws {
        vonage.nextCode = "493817"
        let approved = try run(["verify", "test", "+15550199"], stdin: "493817\n")
        XCTAssertEqual(approved.status, 0, approved.stderr)
        XCTAssertTrue(approved.stdout.contains("Sent a code to +1 ***-***-0199 through vonage (request v2:"), approved.stdout)
        XCTAssertTrue(approved.stdout.contains("Verified: vonage sent the code and approved it."), approved.stdout)
        XCTAssertEqual(vonage.calls.map(\.method), ["POST", "POST"])

        vonage.nextCode = "493817"
        let refused = try run(["verify", "test", "+15550199"], stdin: "000000\n")
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.contains("vonage did not approve the code"), refused.stderr)
        XCTAssertEqual(vonage.calls.last?.method, "DELETE", "the unapproved request is cancelled")
        for output in [approved.stdout, approved.stderr, refused.stdout, refused.stderr] {
            XCTAssertFalse(output.contains(VonageMock.secret) || output.contains(VonageMock.key), output)
        }
    }

    func testVerifyTestNeedsAServiceAndTakesNoCodeOnTheCommandLine() throws {
        let simulated = try Termbank.run(["verify", "test", "+15550199"], database: bank.database, stdin: "123456\n")
        XCTAssertEqual(simulated.status, 64, simulated.stderr)
        XCTAssertTrue(simulated.stderr.contains("needs --verify vonage or twilio"), simulated.stderr)
        let inArgv = try run(["verify", "test", "+15550199", "123456"])
        XCTAssertEqual(inArgv.status, 64)
        XCTAssertTrue(vonage.calls.isEmpty)
    }

    func testStartAndStatusNameTheServiceAndItsRequest() throws {
        let started = try run(["verify", "start", "bob"])
        XCTAssertEqual(started.status, 0, started.stderr)
        let id = try XCTUnwrap(started.stdout.split(separator: " ").first?.dropFirst("request_id=".count))
        let status = try run(["verify", "status", String(id)])
        XCTAssertEqual(status.status, 0, status.stderr)
        XCTAssertTrue(status.stdout.contains("provider=vonage provider_request=v2:"), status.stdout)
        let cancelled = try run(["verify", "cancel", String(id)])
        XCTAssertEqual(cancelled.status, 0, cancelled.stderr)
        XCTAssertEqual(vonage.calls.last?.method, "DELETE")
    }
}
