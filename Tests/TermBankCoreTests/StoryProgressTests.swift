import TermBankCore
import XCTest

/// The guided story's rules: each mark follows from what was
/// recorded (`StoryFacts`), and step 3 says how the sign-in again went.
final class StoryProgressTests: XCTestCase {
    let guest = UserRecord(id: UserID(7), username: Username(trusted: "guest-amber-fox"),
                           phone: PhoneNumber(trusted: "+16005550142"), smsVerification: true,
                           sitekey: try! Sitekey(image: "fox", phrase: "Tea at the harbour"),
                           createdAt: Timestamp(millisecondsSinceEpoch: 0))

    func at(_ seconds: Int64) -> Timestamp { Timestamp(millisecondsSinceEpoch: seconds * 1000) }

    func start(_ seconds: Int64, _ factors: [SignInFactor], trusted: Int64? = nil, recovery: Bool = false) -> StoryFacts.SessionStart {
        StoryFacts.SessionStart(at: at(seconds), detail: SessionStartDetail(factors: factors, usedRecoveryCode: recovery,
                                                                            trustedDevice: trusted.map(TrustedDeviceID.init)))
    }

    func testNothingRecordedIsNothingDoneAndStepOneIsCurrent() {
        let progress = StoryProgress(guest, facts: StoryFacts())
        XCTAssertEqual(progress.done, [false, false, false, false])
        XCTAssertEqual(progress.current, 1)
        XCTAssertTrue(progress.smsVerificationOn)
    }

    func testEachStepIsTickedByItsOwnFactInAnyOrder() {
        let facts = StoryFacts(sessionStarts: [start(10, [.password, .biometric, .smsCode])], moneyMoved: 1,
                               authenticatorsSetUp: 1)
        let progress = StoryProgress(guest, facts: facts)
        XCTAssertEqual(progress.done, [true, true, false, true])
        XCTAssertEqual(progress.current, 3)
    }

    func testASignInWithoutACodeIsNotStepOne() {
        let progress = StoryProgress(guest, facts: StoryFacts(sessionStarts: [start(10, [.password, .biometric])]))
        XCTAssertFalse(progress.signedInWithACode)
    }

    func testTwoSessionsAtOnceAreNotSigningInAgain() {
        // A second terminal signed in while the first was still open: nothing ended in between.
        let facts = StoryFacts(sessionStarts: [start(10, [.password, .smsCode]), start(20, [.password, .smsCode])],
                               sessionEnds: [at(30)])
        XCTAssertNil(StoryProgress(guest, facts: facts).signedInAgain)
    }

    func testSigningInAgainSaysHowItWent() {
        func again(_ second: StoryFacts.SessionStart) -> StoryProgress.SignedInAgain? {
            StoryProgress(guest, facts: StoryFacts(sessionStarts: [start(10, [.password, .smsCode]), second],
                                                   sessionEnds: [at(15)])).signedInAgain
        }
        XCTAssertEqual(again(start(20, [.password, .smsCode])), .withACode)
        XCTAssertEqual(again(start(20, [.password, .authenticator])), .withACode)
        XCTAssertEqual(again(start(20, [.password], recovery: true)), .withACode)
        XCTAssertEqual(again(start(20, [.password, .biometric], trusted: 3)), .trustedDevice,
                       "a trusted device skipped the code: done, and said so")
        XCTAssertEqual(again(start(20, [.password])), .passwordOnly, "SMS turned off at the sign-out")
    }

    func testTheLatestSignInAgainIsTheOneTold() {
        let facts = StoryFacts(sessionStarts: [start(10, [.password, .smsCode]), start(20, [.password], trusted: 1),
                                               start(40, [.password, .smsCode])], sessionEnds: [at(15), at(30)])
        XCTAssertEqual(StoryProgress(guest, facts: facts).signedInAgain, .withACode)
    }

    func testStepThreesWordsBeforeItIsDoneFollowTheSettingNow() {
        let off = UserRecord(id: guest.id, username: guest.username, phone: guest.phone, smsVerification: false,
                             sitekey: guest.sitekey, createdAt: guest.createdAt)
        XCTAssertFalse(StoryProgress(off, facts: StoryFacts()).smsVerificationOn)
    }

    func testAllFourDoneHasNoCurrentStep() {
        let facts = StoryFacts(sessionStarts: [start(10, [.password, .smsCode]), start(20, [.password, .smsCode])],
                               sessionEnds: [at(15)], moneyMoved: 2, authenticatorsSetUp: 1)
        XCTAssertNil(StoryProgress(guest, facts: facts).current)
    }

    // MARK: The session row's detail, written and read back

    func testTheDetailKeepsItsSpellingAndReadsBack() {
        let trusted = SessionStartDetail(factors: [.password, .biometric], usedRecoveryCode: false,
                                         trustedDevice: TrustedDeviceID(12))
        XCTAssertEqual(trusted.text, "factors: password+biometric (second factor skipped: trusted device #12)")
        XCTAssertEqual(SessionStartDetail(parsing: trusted.text), trusted)
        let recovery = SessionStartDetail(factors: [.password, .smsCode], usedRecoveryCode: true, trustedDevice: nil)
        XCTAssertEqual(recovery.text, "factors: password+sms (second factor: a recovery code)")
        XCTAssertEqual(SessionStartDetail(parsing: recovery.text), recovery)
        XCTAssertNil(SessionStartDetail(parsing: "password"), "another row's detail")
        XCTAssertNil(SessionStartDetail(parsing: "factors: password+retina"), "a factor this build does not know")
    }
}
