import TermBankCore
@testable import TermBankStorage
import XCTest

/// The text on the phone says how long its code still works, and never
/// more than is left: seconds under a minute, else whole minutes rounded
/// down. A voice call 37 s into a 1-minute code used to say "1 minute".
final class CodeTimeLeftTests: XCTestCase {
    func testAVoiceCallWith23SecondsLeftSays23Seconds() throws {
        let bank = try TestBank()
        let phone = RecordingGateway()
        let verify = bank.verify(phone, configuration: try VerifyConfiguration(codeLength: 6, expirySeconds: 60))
        let bob = try bank.user("bob")
        let ticket = try verify.start(for: bob, purpose: .signIn, context: .operatorCLI)
        XCTAssertTrue(phone.last?.text.contains("It expires in 1 minute.") ?? false, phone.last?.text ?? "")
        bank.clock.advance(seconds: 37)
        _ = try verify.resend(ticket, for: bob, context: .operatorCLI)
        let call = try XCTUnwrap(phone.last)
        XCTAssertEqual(call.channel, .voice)
        XCTAssertTrue(call.text.contains("It expires in 23 seconds."), call.text)
        XCTAssertFalse(call.text.contains("minute"), call.text)
    }

    /// 30 s into a 5-minute code, 4:30 is left: "4 minutes", not 5.
    func testMinutesAreRoundedDown() throws {
        let bank = try TestBank()
        let phone = RecordingGateway()
        let verify = bank.verify(phone)
        let bob = try bank.user("bob")
        let ticket = try verify.start(for: bob, purpose: .signIn, context: .operatorCLI)
        XCTAssertTrue(phone.last?.text.contains("It expires in 5 minutes.") ?? false)
        bank.clock.advance(seconds: 30)
        let call = try verify.resend(ticket, for: bob, context: .operatorCLI)
        XCTAssertTrue(phone.last?.text.contains("It expires in 4 minutes.") ?? false, phone.last?.text ?? "")
        bank.clock.advance(seconds: 239)
        _ = try verify.resend(call, for: bob, context: .operatorCLI)
        XCTAssertEqual(phone.last?.channel, .sms)
        XCTAssertTrue(phone.last?.text.contains("It expires in 31 seconds.") ?? false, phone.last?.text ?? "")
    }
}
