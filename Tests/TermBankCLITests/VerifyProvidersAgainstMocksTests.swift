import Foundation
import TermBankCore
import TermBankStorage
import XCTest
@testable import TermBankCLI

/// The Vonage and Twilio providers against their mocks on 127.0.0.1, wired
/// as `termbank --verify vonage|twilio --verify-url URL` wires them, on a
/// demo bank (decision 0100): codes the service sends sign bob in and
/// approve his transfer; every refusal reaches the customer as the core's
/// message; a lost connection changes nothing; no secret is stored.
final class VerifyProvidersAgainstMocksTests: LiveClientTestCase {
    var vonage: VonageMock!
    var twilio: TwilioMock!

    override func setUpWithError() throws {
        try super.setUpWithError()
        vonage = try VonageMock()
        twilio = try TwilioMock()
    }

    override func tearDown() {
        XCTAssertEqual(vonage.problems, [], "every request to Vonage was well formed")
        XCTAssertEqual(twilio.problems, [], "every request to Twilio was well formed")
        vonage.server.stop()
        twilio.server.stop()
        super.tearDown()
    }

    static let credentials = [
        "VONAGE_API_KEY": VonageMock.key, "VONAGE_API_SECRET": VonageMock.secret,
        "TWILIO_ACCOUNT_SID": TwilioMock.accountSID, "TWILIO_AUTH_TOKEN": TwilioMock.authToken,
        "TWILIO_VERIFY_SERVICE_SID": TwilioMock.serviceSID,
    ]
    static let secrets = [VonageMock.key, VonageMock.secret, TwilioMock.authToken]

    func context(_ provider: String, environment extra: [String: String] = [:],
                 arguments more: [String] = []) throws -> CommandContext {
        let url = provider == "vonage" ? vonage.baseURL : twilio.baseURL
        let console = Console(standardOutput: { _ in }, standardError: { _ in }, readLine: { nil }, isInteractive: false)
        seed += 1
        return try CommandContext(
            console: console, environment: ["XDG_CONFIG_HOME": config].merging(Self.credentials) { $1 }.merging(extra) { $1 },
            arguments: try Arguments(["--db", scratch.database, "--verify", provider, "--verify-url", url] + more,
                                     valued: Command.globalValued, boolean: []),
            clock: clock, random: SeededRandomSource(seed: seed))
    }

    func code(_ provider: String, _ user: UserRecord) throws -> String {
        try XCTUnwrap(provider == "vonage" ? vonage.code(to: String(user.phone.e164.dropFirst()))
                                           : twilio.code(to: user.phone.e164))
    }

    func pending(_ bob: UserRecord, _ units: Int64 = 250, id: String = "tx-real-sms-0001") -> PendingTransfer {
        PendingTransfer(userID: bob.id, from: .checking, to: .savings, amount: Money(units: units, cents: 0),
                        clientID: TransferClientID(trusted: id))
    }

    func balances(_ context: CommandContext, _ user: UserRecord) throws -> [AccountKind: Money] {
        try context.store().balances(of: user.id)
    }

    // MARK: Sign-in and transfer through each provider

    func testBobSignsInWithTheCodeEachProviderSent() throws {
        for provider in ["vonage", "twilio"] {
            let context = try context(provider)
            let verify = try context.verifyService()
            let bob = try context.existingUser("bob")
            let ticket = try verify.start(for: bob, purpose: .signIn, context: .operatorCLI)
            let note = try Termbank.run(["phone", "bob", "--last"], database: scratch.database).stdout
            let name = provider == "vonage" ? "Vonage" : "Twilio"
            XCTAssertTrue(note.hasSuffix("SMS to +15550101: TermBank: your code was sent to +1 ***-***-0101 by \(name). "
                                         + "It is not shown on this simulated phone: read it on the real one.\n"), note)
            guard case .verified = try verify.check(ticket.id, code: try code(provider, bob), purpose: .signIn, for: bob,
                                                    context: .operatorCLI) else { return XCTFail(provider) }
        }
        let v2 = try XCTUnwrap(vonage.calls.first)
        XCTAssertEqual([v2.method, v2.path, v2.contentType], ["POST", "/v2/verify", "application/json"])
        XCTAssertEqual(v2.json?["brand"] as? String, "TermBank")
        XCTAssertEqual(vonage.calls.map(\.path).last?.hasPrefix("/v2/verify/"), true)
        XCTAssertEqual(twilio.calls.map(\.path), ["/v2/Services/\(TwilioMock.serviceSID)/Verifications",
                                                  "/v2/Services/\(TwilioMock.serviceSID)/VerificationCheck"])
        XCTAssertEqual(twilio.calls.first?.form?["Channel"], "sms")
        XCTAssertEqual(twilio.calls.first?.form?["Locale"], "en")
    }

    func testBobsTransferIsApprovedThroughEachProvidersDynamicLinking() throws {
        for (index, provider) in ["vonage", "twilio"].enumerated() {
            let context = try context(provider)
            let verify = try context.verifyService()
            let bob = try context.existingUser("bob")
            let transfer = pending(bob, id: "tx-real-sms-000\(index)")
            let ticket = try verify.start(for: bob, purpose: .transfer(transfer), context: .operatorCLI)
            guard case .executed = try verify.approve(ticket.id, code: try code(provider, bob), transfer: transfer, for: bob,
                                                      context: .operatorCLI) else { return XCTFail(provider) }
        }
        let bob = try context("vonage").existingUser("bob")
        XCTAssertEqual(try balances(try context("vonage"), bob), [.checking: Money(units: 4_500, cents: 0), .savings: Money(units: 10_500, cents: 0)])
        let psd2 = try XCTUnwrap(vonage.calls.first)
        XCTAssertEqual(psd2.path, "/verify/psd2/json")
        XCTAssertEqual(psd2.form?["payee"], "savings")
        XCTAssertEqual(psd2.form?["amount"], "250.00")
        XCTAssertEqual(psd2.form?["number"], "15550101")
        XCTAssertNil(psd2.headers["authorization"], "the PSD2 endpoint takes the key in its form")
        XCTAssertEqual(vonage.calls.last?.path, "/verify/check/json")
        for call in twilio.calls {
            XCTAssertEqual(call.form?["Amount"], "250.00", call.path)
            XCTAssertEqual(call.form?["Payee"], "savings", call.path)
        }
    }

    // MARK: Purpose binding

    func testACodeApprovedForATransferNeverSignsInAndTheReverse() throws {
        for provider in ["vonage", "twilio"] {
            let context = try context(provider)
            let verify = try context.verifyService()
            let bob = try context.existingUser("bob")
            let transfer = pending(bob, 5, id: "tx-bound-\(provider)")
            var ticket = try verify.start(for: bob, purpose: .transfer(transfer), context: .operatorCLI)
            let before = (vonage.calls.count, twilio.calls.count)
            XCTAssertEqual(try verify.check(ticket.id, code: try code(provider, bob), purpose: .signIn, for: bob,
                                            context: .operatorCLI), .wrongCode(attemptsLeft: 2), provider)
            XCTAssertTrue(before == (vonage.calls.count, twilio.calls.count), "the provider is not even asked")
            try verify.cancel(ticket.id, for: bob, reason: "test", context: .operatorCLI)

            ticket = try verify.start(for: bob, purpose: .signIn, context: .operatorCLI)
            XCTAssertEqual(try verify.approve(ticket.id, code: try code(provider, bob), transfer: transfer, for: bob,
                                              context: .operatorCLI), .rejected(.wrongCode(attemptsLeft: 2)), provider)
            XCTAssertEqual(try balances(context, bob), [.checking: Money(units: 5_000, cents: 0), .savings: Money(units: 10_000, cents: 0)])
            try verify.cancel(ticket.id, for: bob, reason: "test", context: .operatorCLI)
        }
    }

    // MARK: Every refusal, as the customer reads it

    /// Each scripted answer of each service, and the core's outcome it must become.
    func testEveryProviderRefusalBecomesTheCoresMessageInEveryLanguage() throws {
        enum Outcome { case start(VerifyError), check(CheckResult) }
        let vonageCases: [(VonageMock.Call, MockResponse, String)] = [
            (.start, .json(409, ["title": "Conflict"]), "busy"),
            (.start, .json(429, ["title": "Rate Limit Hit"]), "sends"),
            (.start, .json(422, ["title": "Invalid params"]), "unavailable"),
            (.start, .json(401, ["title": "Unauthorized"]), "unavailable"),
            (.start, .json(500, ["title": "Internal Error"]), "unavailable"),
            (.check, .json(400, ["title": "Invalid Code"]), "wrong"),
            (.check, .json(404, ["title": "Not Found"]), "expired"),
            (.check, .json(410, ["title": "Gone"]), "too many"),
            (.check, .json(409, ["title": "Conflict"]), "unavailable"),
        ]
        let twilioCases: [(TwilioMock.Call, MockResponse, String)] = [
            (.start, .json(429, ["code": 60203, "message": "Max send attempts reached", "status": 429]), "sends"),
            (.start, .json(400, ["code": 60200, "message": "Invalid parameter", "status": 400]), "unavailable"),
            (.start, .json(401, ["code": 20003, "message": "Authenticate", "status": 401]), "unavailable"),
            (.check, .json(200, ["status": "pending"]), "wrong"),
            (.check, .json(404, ["code": 20404, "message": "Not found", "status": 404]), "expired"),
            (.check, .json(429, ["code": 60202, "message": "Max check attempts reached", "status": 429]), "too many"),
        ]
        var seen: [String: CoreMessage] = [:]
        func run(_ provider: String, _ isStart: Bool, _ expected: String, script: () -> Void) throws {
            let context = try context(provider)
            let verify = try context.verifyService()
            let bob = try context.existingUser("bob")
            var message: CoreMessage?
            if isStart {
                script()
                XCTAssertThrowsError(try verify.start(for: bob, purpose: .signIn, context: .operatorCLI)) {
                    message = CoreMessage($0)
                }
            } else {
                let ticket = try verify.start(for: bob, purpose: .signIn, context: .operatorCLI)
                script()
                do {
                    message = .check(try verify.check(ticket.id, code: "000000", purpose: .signIn, for: bob,
                                                      context: .operatorCLI))
                } catch {
                    message = CoreMessage(error)
                }
                try? verify.cancel(ticket.id, for: bob, reason: "test", context: .operatorCLI)
            }
            let found = try XCTUnwrap(message, "\(provider) \(expected)")
            switch (expected, found) {
            case ("busy", .verify(.numberBusy)), ("sends", .verify(.tooManySends)),
                 ("unavailable", .verify(.providerUnavailable)), ("wrong", .check(.wrongCode(attemptsLeft: 2))),
                 ("expired", .check(.expired)), ("too many", .check(.tooManyWrongCodes)):
                seen[expected] = found
            default: XCTFail("\(provider) \(expected): \(found)")
            }
            // A new clock hour for each case: the hourly send limit never stands in a case's way.
            clock.advance(seconds: 3_600)
        }
        for (call, response, expected) in vonageCases {
            try run("vonage", call == .start, expected) { vonage.script(call, response) }
        }
        for (call, response, expected) in twilioCases {
            try run("twilio", call == .start, expected) { twilio.script(call, response) }
        }
        XCTAssertEqual(Set(seen.keys), ["busy", "sends", "unavailable", "wrong", "expired", "too many"])
        for (outcome, message) in seen {
            let words = Language.allCases.map { $0.coreCatalog.text(message) }
            XCTAssertEqual(Set(words).count, Language.allCases.count, "\(outcome) is worded in each language: \(words)")
            XCTAssertFalse(words.contains { $0.isEmpty })
        }
        XCTAssertEqual(Language.italian.coreCatalog.text(CoreMessage.verify(.providerUnavailable)),
                       "La banca non riesce a inviare un codice in questo momento; non è stato modificato nulla.")
    }

    // MARK: A lost connection changes nothing

    /// The requests that should pass get 4 s (a loaded CI machine is slow); the stall outlasts that by twice.
    func testADroppedConnectionAndATimeoutAtTheCheckChangeNothing() throws {
        for provider in ["vonage", "twilio"] {
            for failure in [MockResponse.drop, .stall(seconds: 8)] {
                let context = try context(provider, environment: ["TERMBANK_VERIFY_TIMEOUT": "4"])
                let verify = try context.verifyService()
                let bob = try context.existingUser("bob")
                let transfer = pending(bob, 100, id: "tx-lost-\(provider)-\(failure.isDrop)")
                let ticket = try verify.start(for: bob, purpose: .transfer(transfer), context: .operatorCLI)
                let before = try balances(context, bob)
                if provider == "vonage" { vonage.script(.check, failure) } else { twilio.script(.check, failure) }
                XCTAssertThrowsError(try verify.approve(ticket.id, code: try code(provider, bob), transfer: transfer,
                                                        for: bob, context: .operatorCLI)) {
                    XCTAssertEqual($0 as? VerifyError, .providerUnavailable, "\(provider) \(failure)")
                }
                XCTAssertEqual(try balances(context, bob), before, "nothing booked")
                let stored = try XCTUnwrap(verify.status(ticket.id))
                XCTAssertEqual(stored.status, .inProgress)
                XCTAssertEqual(stored.wrongChecks, 0, "no wrong code counted")
                // Once the service answers again, the same code works.
                guard case .executed = try verify.approve(ticket.id, code: try code(provider, bob), transfer: transfer,
                                                          for: bob, context: .operatorCLI) else { return XCTFail(provider) }
                clock.advance(seconds: 3_600)
            }
        }
    }

    func testADroppedConnectionAtTheStartIsNeverRetriedAndLeavesNoRequest() throws {
        for provider in ["vonage", "twilio"] {
            let context = try context(provider, environment: ["TERMBANK_VERIFY_TIMEOUT": "4"])
            let verify = try context.verifyService()
            let bob = try context.existingUser("bob")
            let before = provider == "vonage" ? vonage.calls.count : twilio.calls.count
            if provider == "vonage" { vonage.script(.start, .stall(seconds: 8)) } else { twilio.script(.start, .drop) }
            XCTAssertThrowsError(try verify.start(for: bob, purpose: .signIn, context: .operatorCLI)) {
                XCTAssertEqual($0 as? VerifyError, .providerUnavailable)
            }
            XCTAssertEqual((provider == "vonage" ? vonage.calls.count : twilio.calls.count) - before, 1,
                           "a start that may have reached \(provider) is never sent again")
            let next = try verify.start(for: bob, purpose: .signIn, context: .operatorCLI)
            XCTAssertFalse(next.reused, "the failed request is over: a new one starts")
            try verify.cancel(next.id, for: bob, reason: "test", context: .operatorCLI)
        }
    }

    func testAnUnreachableServiceSaysSo() throws {
        vonage.server.stop()
        let context = try context("vonage")
        let bob = try context.existingUser("bob")
        XCTAssertThrowsError(try context.verifyService().start(for: bob, purpose: .signIn, context: .operatorCLI)) {
            XCTAssertEqual(($0 as? VerifyError)?.description, "The bank cannot send a code just now; nothing was changed.")
        }
    }

    // MARK: Secrets

    func testNoSecretInTheDatabaseAndTheAuditTrailKeepsTheProvidersRequestID() throws {
        var codes: [String] = []
        for provider in ["vonage", "twilio"] {
            let context = try context(provider)
            let verify = try context.verifyService()
            let bob = try context.existingUser("bob")
            let ticket = try verify.start(for: bob, purpose: .signIn, context: .operatorCLI)
            codes.append(try code(provider, bob))
            _ = try verify.check(ticket.id, code: codes.last!, purpose: .signIn, for: bob, context: .operatorCLI)
        }
        let files = [scratch.database, scratch.database + "-wal"].compactMap { FileManager.default.contents(atPath: $0) }
        for secret in Self.secrets + codes {
            XCTAssertFalse(files.contains { $0.range(of: Data(secret.utf8)) != nil }, "\(secret) is in the database")
        }
        let audit = try Termbank.run(["audit", "--user", "bob", "--limit", "20"], database: scratch.database).stdout
        XCTAssertTrue(audit.contains("via vonage request v2:"), audit)
        XCTAssertTrue(audit.contains("via twilio request VE"), audit)
    }

    // MARK: Configuration

    func testCredentialsComeFromTheEnvironmentOrAPrivateFileNeverTheCommandLine() throws {
        let file = scratch.path + "/verify.env"
        try "# Vonage\nVONAGE_API_KEY=\(VonageMock.key)\nVONAGE_API_SECRET=\(VonageMock.secret)\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        chmod(file, 0o644)
        let console = Console(standardOutput: { _ in }, standardError: { _ in }, readLine: { nil }, isInteractive: false)
        func make(_ environment: [String: String]) throws -> CommandContext {
            try CommandContext(console: console, environment: environment, arguments: try Arguments(
                ["--db", scratch.database, "--verify", "vonage", "--verify-url", vonage.baseURL, "--verify-credentials", file],
                valued: Command.globalValued, boolean: []))
        }
        XCTAssertThrowsError(try make([:]).codes()) { XCTAssertTrue("\($0)".contains("chmod 600"), "\($0)") }
        chmod(file, 0o600)
        guard case .provider(let provider) = try make([:]).codes() else { return XCTFail() }
        XCTAssertEqual(provider.name, "vonage")
        XCTAssertThrowsError(try context("twilio", environment: ["TWILIO_AUTH_TOKEN": ""]).codes()) { error in
            XCTAssertTrue("\(error)".contains("TWILIO_AUTH_TOKEN is not set"), "\(error)")
            XCTAssertFalse(Self.secrets.contains { "\(error)".contains($0) })
        }
        XCTAssertThrowsError(try CommandContext(console: console, environment: [:], arguments: try Arguments(
            ["--verify", "vonage", "--verify-url", "http://verify.example.com"], valued: Command.globalValued, boolean: [])))
        XCTAssertThrowsError(try CommandContext(console: console, environment: [:], arguments: try Arguments(
            ["--verify", "sms"], valued: Command.globalValued, boolean: [])))
    }
}

extension MockResponse {
    var isDrop: Bool { if case .drop = self { true } else { false } }
}
