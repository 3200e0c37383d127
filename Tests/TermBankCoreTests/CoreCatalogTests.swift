import Foundation
import TermBankCore
import XCTest

/// The core's messages are values and its words live in one catalog.
final class CoreCatalogTests: XCTestCase {
    let english = EnglishCoreCatalog()
    let noon = Timestamp(secondsSinceEpoch: 1_796_040_000)   // 2026-11-30 12:00 UTC

    func testCountsInEnglishAgreeWithTheirNumber() {
        XCTAssertEqual(english.text(CheckResult.wrongCode(attemptsLeft: 1)),
                       "Wrong Pin Code. The pin code you entered is invalid. 1 attempt left.")
        XCTAssertEqual(english.text(CheckResult.wrongCode(attemptsLeft: 2)),
                       "Wrong Pin Code. The pin code you entered is invalid. 2 attempts left.")
        XCTAssertEqual(english.text(VerifyError.resendTooSoon(secondsLeft: 1)), "You can ask for a new code in 1 second.")
        XCTAssertEqual(english.text(VerifyError.resendTooSoon(secondsLeft: 30)), "You can ask for a new code in 30 seconds.")
        XCTAssertEqual(english.text(GuestError.tooMany(limit: 3, minutesLeft: 1)),
                       "This connection made 3 demo customers in the last hour. Try again in 1 minute or sign in as one of them.")
        XCTAssertEqual(english.text(.wrongPasscode(lockedForMinutes: 5), biometry: .touchID),
                       "Wrong passcode. Device locked; try again in 5 minutes.")
        XCTAssertEqual(english.text(.deviceLocked(minutes: 1), biometry: .touchID), "Device locked. Try again in 1 minute.")
    }

    func testMessagesNameTimesAmountsAndAccountsThroughTheCatalog() {
        XCTAssertEqual(english.text(PasswordSignIn.Refusal.locked(until: noon)),
                       "Too many failed attempts. Sign-in is locked until 12:00 UTC.")
        XCTAssertEqual(english.text(LedgerError.insufficientFunds(.savings)),
                       "You do not have the requested transfer amount in your Savings account.")
        XCTAssertEqual(english.text(AmountError.aboveLimit(Money(units: 10_000))),
                       "The most you can transfer at once is 10,000.00.")
        XCTAssertEqual(english.text(PhoneNotice.turnedOff(.smsCode, at: noon)),
                       "TermBank: two-factor sign-in was turned off (codes by SMS) at 12:00 UTC. If this was not you, call TermBank at once.")
    }

    /// A refusal that nests another (a confirmation refused by a wrong code)
    /// is worded by the same catalog as the code's own refusal.
    func testNestedRefusalsReadAsTheirInnerMessage() {
        let inner = AuthenticatorCheck.wrongCode(attemptsLeft: 2)
        XCTAssertEqual(english.text(ConfirmationError.authenticator(inner)), english.text(inner))
        XCTAssertEqual(english.text(ConfirmationError.nothingToChange(.smsVerificationAlreadyOff)),
                       "SMS verification is already off.")
    }

    /// Every core error a client can meet becomes a `CoreMessage` (what the
    /// app will hold instead of words), and reads the same as the error.
    func testEveryCoreErrorBecomesAMessageThatReadsTheSame() throws {
        let errors: [any Error & CustomStringConvertible] = [
            Username.Problem.length, PasswordPolicy.Problem.common, try caught { _ = try PhoneNumber(validating: "12") }, Sitekey.Problem.phraseLength,
            SignInFlow.FlowError.expired, SessionError.notFound, GuestError.noFreeName, AmountError.empty,
            LedgerError.sameAccount, try caught { _ = try TransferClientID(validating: "x") }, TransferStepUp.StepUpError.needsSMSCode,
            VerifyError.noMoreEvents, DeliveryFailure(reason: "gateway down"), AuthenticatorError.sealedForAnotherUser,
            ConfirmationError.needsSMSCode, TrustedDeviceError.notFound, BiometricSettings.EnableError.needsBiometricEvaluation,
            StoreError.unknownUser(Username(trusted: "zed")),
        ]
        for error in errors {
            let message = CoreMessage(error)
            XCTAssertNotNil(message, "\(type(of: error)) is not a CoreMessage")
            XCTAssertEqual(message.map(english.text), error.description)
        }
        struct Elsewhere: Error {}
        XCTAssertNil(CoreMessage(Elsewhere()), "an error from outside the core has no words of the bank's")
    }

    private func caught(_ body: () throws -> Void) throws -> any Error & CustomStringConvertible {
        do { try body() } catch let error as any Error & CustomStringConvertible { return error }
        struct NothingThrown: Error {}
        throw NothingThrown()
    }

    /// The core's English lives in its catalog (Sources/TermBankCore/Messages):
    /// no other core file has a sentence in a string literal, so a language
    /// added later cannot miss one. Audit details (the operator's trail, in
    /// English by design) start with a value, never a capital; the data a
    /// customer owns (seeded sitekey phrases) and brand names are listed.
    func testNoCoreFileOutsideTheCatalogHasASentenceInAString() throws {
        let core = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/TermBankCore").standardized
        let allowed: Set<String> = [
            "Down the rabbit hole", "Can we fix it? Yes we can", "Calm seas ahead",   // the demo customers' phrases
            "Alice Liddell", "Bob Builder", "Carol Harbour",                           // and their names
            "Welcome back, \\(username)",                                              // a default phrase, stored as the customer's
            "Touch ID", "Face ID",                                                     // brand names
        ]
        let allowedFiles = ["DemoGuests/GuestNames.swift", "DemoGuests/GuestPhrases.swift"]   // guests' names and phrases, their own data
        var found: [String] = []
        var scanned = 0
        let files = try XCTUnwrap(FileManager.default.enumerator(atPath: core.path)).compactMap { $0 as? String }
        for file in files where file.hasSuffix(".swift") && !file.hasPrefix("Messages/") && !allowedFiles.contains(file) {
            scanned += 1
            let source = try String(contentsOf: core.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("//") { continue }
                for literal in Self.literals(in: String(line)) where Self.isSentence(literal) && !allowed.contains(literal) {
                    found.append("\(file):\(number + 1): \"\(literal)\"")
                }
            }
        }
        XCTAssertGreaterThan(scanned, 40, "the core's sources were found")
        XCTAssertEqual(found, [], "user-facing words belong in Sources/TermBankCore/Messages")
    }

    func testTheSentenceFinderFindsSentences() {
        XCTAssertEqual(Self.literals(in: #"return "Too many codes. Try again after \(time(next))." + x"#),
                       [#"Too many codes. Try again after \(time(next))."#])
        XCTAssertTrue(Self.isSentence("Enter an amount."))
        XCTAssertTrue(Self.isSentence("Opening balance"))
        XCTAssertTrue(Self.isSentence("the bank pays out."))
        XCTAssertFalse(Self.isSentence(#"\(id) wrong code \(count)"#), "an audit detail")
        XCTAssertFalse(Self.isSentence("settings/v1|sms-off"))
        XCTAssertFalse(Self.isSentence("IN PROGRESS"), "a protocol status")
    }

    /// The string literals on one line of Swift (escaped quotes kept).
    static func literals(in line: String) -> [String] {
        var result: [String] = []
        var current: String?
        var escaped = false, depth = 0
        for character in line {
            guard var text = current else {
                if character == "\"" { current = "" }
                continue
            }
            if escaped {
                escaped = false
                if character == "(" { depth += 1 }
                text.append(character)
            } else if character == "\\" {
                escaped = true
                text.append(character)
            } else if depth > 0 {
                if character == ")" { depth -= 1 }
                text.append(character)
            } else if character == "\"" {
                result.append(text)
                current = nil
                continue
            } else {
                text.append(character)
            }
            current = text
        }
        return result
    }

    /// Words meant for a reader: two words or more that start with a
    /// capitalised word, or end like a sentence.
    static func isSentence(_ literal: String) -> Bool {
        let words = literal.split(separator: " ")
        guard words.count >= 2, words.filter({ $0.allSatisfy(\.isLetter) && $0.count >= 2 }).count >= 2 else { return false }
        let first = words[0]
        let capitalised = first.first?.isUppercase == true && first.dropFirst().contains { $0.isLowercase }
        let ending = literal.last.map { ".?!".contains($0) } ?? false
        return capitalised || ending
    }
}
