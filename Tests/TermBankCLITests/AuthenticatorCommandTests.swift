import Foundation
import TermBankCore
import TermBankSecurity
import TermBankStorage
import XCTest

/// The authenticator, recovery codes and trusted devices through the real binary.
final class AuthenticatorCommandTests: XCTestCase {
    func demoBank() throws -> Scratch {
        let scratch = Scratch()
        XCTAssertEqual(try Termbank.run(["demo", "reset"], database: scratch.database).status, 0)
        return scratch
    }

    /// Runs `totp enrol` as a person at the terminal would: the password, then
    /// the code the phone's app computes from the secret it printed.
    func enrol(_ user: String, password: String, scratch: Scratch, extra: [String] = [],
               before: [String] = []) throws -> (run: Termbank.Run, secret: [UInt8]) {
        let process = Process()
        process.executableURL = Termbank.binary
        process.arguments = ["totp", "enrol", user, "--db", scratch.database] + extra
        var environment = ProcessInfo.processInfo.environment
        environment["TERMBANK_DB"] = nil
        process.environment = environment
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        for line in [password] + before { input.fileHandleForWriting.write(Data((line + "\n").utf8)) }
        if before.isEmpty {
            // The first app: the code the phone received for that change, as the user reads it.
            input.fileHandleForWriting.write(Data((try smsCode(user, confirming: "set up an authenticator app",
                                                               scratch: scratch) + "\n").utf8))
        }
        var printed = ""
        let deadline = Date().addingTimeInterval(30)
        while !printed.contains("lapses at"), Date() < deadline {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed += String(decoding: chunk, as: UTF8.self)
        }
        let grouped = printed.components(separatedBy: "Secret: ").dropFirst().first?.prefix { $0 != "\n" } ?? ""
        let secret = Base32.decode(String(grouped)) ?? []
        let code = secret.isEmpty ? "" : TOTP(hmac: OpenSSLHMACSHA1()).code(secret: secret, step: TOTP.step(at: now()))
        input.fileHandleForWriting.write(Data((code + "\n").utf8))
        try? input.fileHandleForWriting.close()
        printed += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (Termbank.Run(status: process.terminationStatus, stdout: printed, stderr: stderr), secret)
    }

    /// Waits for the simulated phone's newest message to be the code for `change`, and reads its digits.
    func smsCode(_ user: String, confirming change: String, scratch: Scratch) throws -> String {
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let last = try Termbank.run(["phone", user, "--last"], database: scratch.database).stdout
            if last.contains("confirms: \(change)"), let range = last.range(of: "code ") {
                return String(last[range.upperBound...].prefix { $0.isNumber })
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw TmuxSession.Failure(description: "no code for \(change) reached \(user)'s phone")
    }

    func now() -> Timestamp { Timestamp(millisecondsSinceEpoch: Int64(Date().timeIntervalSince1970 * 1000)) }

    func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as! NSNumber).intValue
    }

    func testEnrolPrintsTheURIAndSecretTakesTheFirstCodeAndWritesRecoveryCodesOnlyWhenAsked() throws {
        let scratch = try demoBank()
        let file = scratch.path + "/carol-codes.txt"
        let (run, secret) = try enrol("carol", password: "quiet-harbor-7", scratch: scratch, extra: ["--write", file])
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        XCTAssertEqual(secret.count, 20)
        XCTAssertTrue(run.stdout.contains("URI: otpauth://totp/TermBank:carol?secret=\(Base32.encode(secret))&issuer=TermBank\n"),
                      run.stdout)
        XCTAssertTrue(run.stdout.contains("Authenticator app set up for carol; sign-in asks for its codes.\n"))
        XCTAssertTrue(run.stdout.hasSuffix("10 recovery codes written to \(file) (mode 0600). Each works once.\n"), run.stdout)
        XCTAssertFalse(run.stdout.contains("█"), "no QR drawing when standard output is not a terminal")
        XCTAssertEqual(try mode(file), 0o600)
        let codes = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").dropFirst().map(String.init)
        XCTAssertEqual(codes.count, 10)
        XCTAssertEqual(try mode(scratch.database + ".key"), 0o600, "the key file beside the database")

        let status = try Termbank.run(["totp", "status", "carol"], database: scratch.database)
        XCTAssertEqual(status.stdout, "user=carol authenticator=\"on\" sms_verification=off sign_in_asks=\"authenticator code\" "
                       + "recovery_codes_left=10 trusted_devices=0\n")
        let inbox = try Termbank.run(["phone", "carol", "--last"], database: scratch.database).stdout
        XCTAssertTrue(inbox.contains("TermBank: an authenticator app was set up for signing in at"), inbox)

        let audit = try Termbank.run(["audit", "--user", "carol"], database: scratch.database).stdout
        XCTAssertTrue(audit.contains("totp.activated"), audit)
        XCTAssertFalse(audit.contains(Base32.encode(secret)))
        XCTAssertFalse(codes.contains { audit.contains($0) })
        let database = try Data(contentsOf: URL(fileURLWithPath: scratch.database))
            + ((try? Data(contentsOf: URL(fileURLWithPath: scratch.database + "-wal"))) ?? Data())
        XCTAssertNil(database.range(of: Data(Base32.encode(secret).utf8)))
        XCTAssertNil(database.range(of: Data(secret)))

        // Regenerating: the password and a recovery code; never over an existing file.
        let refused = try Termbank.run(["recovery", "regenerate", "carol", "--write", file], database: scratch.database)
        XCTAssertEqual(refused.status, 65)
        let wrong = try Termbank.run(["recovery", "regenerate", "carol"], database: scratch.database,
                                     stdin: "quiet-harbor-7\nzzzzz-zzzzz\n")
        XCTAssertEqual(wrong.status, 1)
        XCTAssertEqual(wrong.stderr, "termbank: That recovery code is not right. 4 attempts left.\n")
        let again = try Termbank.run(["recovery", "regenerate", "carol"], database: scratch.database,
                                     stdin: "quiet-harbor-7\n\(codes[0])\n")
        XCTAssertEqual(again.status, 0, again.stderr)
        let fresh = again.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }
        XCTAssertEqual(fresh.count, 10, again.stdout)
        XCTAssertFalse(fresh.contains { $0.contains(codes[1]) })
    }

    func testTheSameCodeFromTwoProcessesAtOnceSucceedsOnce() throws {
        let scratch = try demoBank()
        let (run, secret) = try enrol("carol", password: "quiet-harbor-7", scratch: scratch)
        XCTAssertEqual(run.status, 0, run.stdout + run.stderr)
        // The enrolment used this step; the next one is within the drift allowed.
        let code = TOTP(hmac: OpenSSLHMACSHA1()).code(secret: secret, step: TOTP.step(at: now()) + 1)
        let racers = try (0..<3).map { _ in try Termbank.start(["totp", "check", "carol"], database: scratch.database, stdin: code + "\n") }
        let runs = racers.map { process, out, err in
            process.waitUntilExit()
            return Termbank.finish(process, out, err)
        }
        XCTAssertEqual(runs.filter { $0.status == 0 && $0.stdout == "Verified.\n" }.count, 1,
                       runs.map { $0.stdout + $0.stderr }.joined())
        XCTAssertEqual(runs.filter { $0.status == 1 && $0.stderr.contains("That code was already used.") }.count, 2)
    }

    func testDisablingNeedsThePasswordAndACodeAndTellsThePhone() throws {
        let scratch = try demoBank()
        let file = scratch.path + "/codes"
        XCTAssertEqual(try enrol("bob", password: "builder-2026", scratch: scratch, extra: ["--write", file]).run.status, 0)
        let codes = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").dropFirst().map(String.init)
        let wrongPassword = try Termbank.run(["totp", "disable", "bob"], database: scratch.database,
                                             stdin: "builder-2025\n\(codes[0])\n")
        XCTAssertEqual(wrongPassword.status, 1)
        XCTAssertTrue(wrongPassword.stderr.contains("Username or password is incorrect."), wrongPassword.stderr)
        let done = try Termbank.run(["totp", "disable", "bob"], database: scratch.database, stdin: "builder-2026\n\(codes[0])\n")
        XCTAssertEqual(done.status, 0, done.stderr)
        XCTAssertEqual(done.stdout, "Authenticator app turned off for bob; recovery codes deleted; +1 ***-***-0101 was told.\n")
        XCTAssertTrue(try Termbank.run(["phone", "bob", "--last"], database: scratch.database).stdout
            .contains("TermBank: two-factor sign-in was turned off (your authenticator app) at"))
        XCTAssertEqual(try Termbank.run(["totp", "status", "bob"], database: scratch.database).stdout,
                       "user=bob authenticator=\"off\" sms_verification=on sign_in_asks=\"SMS code\" "
                       + "recovery_codes_left=0 trusted_devices=0\n")
    }

    func testTrustedDevicesAreListedWithLastUseAndRevokedAtOnce() throws {
        let scratch = try demoBank()
        let store = try SQLiteBankStore(path: scratch.database)
        let carol = try XCTUnwrap(store.user(named: Username(trusted: "carol")))
        let phone = try XCTUnwrap(store.device(named: "old-phone"))
        let start = Timestamp(secondsSinceEpoch: 1_700_000_000)
        let trusted = try store.inSecondFactorTransaction { tx -> TrustedDevice in
            var row = try tx.insertTrustedDevice(user: carol.id, device: phone.id, tokenDigest: "digest-1", createdAt: start,
                                                 expiresAt: start.adding(seconds: 30 * 86_400))
            row.lastUsedAt = start.adding(seconds: 3600)
            try tx.saveTrustedDevice(row)
            return row
        }
        let list = try Termbank.run(["trusted", "list", "carol"], database: scratch.database)
        XCTAssertEqual(list.stdout, """
            ID  DEVICE     TRUSTED               LAST USED             EXPIRES               STATUS
            \(trusted.id)   old-phone  2023-11-14T22:13:20Z  2023-11-14T23:13:20Z  2023-12-14T22:13:20Z  expired

            """, "a fixed past date: expired by now")
        XCTAssertEqual(try Termbank.run(["trusted", "list", "bob"], database: scratch.database).stdout, "bob trusts no device.\n")
        XCTAssertEqual(try Termbank.run(["trusted", "revoke", "bob", "\(trusted.id)"], database: scratch.database).status, 66,
                       "not bob's")
        XCTAssertEqual(try Termbank.run(["trusted", "revoke", "carol", "x"], database: scratch.database).status, 65)
        let revoked = try Termbank.run(["trusted", "revoke", "carol", "\(trusted.id)"], database: scratch.database)
        XCTAssertEqual(revoked.stdout, "Revoked trusted device #\(trusted.id) of carol.\n")
        XCTAssertNotNil(try store.trustedDevices(of: carol.id).first?.revokedAt, "seen at once by another connection")
        XCTAssertTrue(try Termbank.run(["audit", "--user", "carol", "--limit", "1"], database: scratch.database).stdout
            .contains("trusted.revoked"))
    }

    func testEveryNewCommandHasHelpAndTheCheckStaysHidden() throws {
        let overview = try Termbank.run(["--help"], database: nil).stdout
        for command in ["totp enrol", "totp status", "totp disable", "recovery regenerate", "trusted list", "trusted revoke"] {
            XCTAssertTrue(overview.contains("termbank \(command)"), command)
            let help = try Termbank.run(command.split(separator: " ").map(String.init) + ["--help"], database: nil)
            XCTAssertEqual(help.status, 0)
            XCTAssertTrue(help.stdout.hasPrefix("termbank \(command)"), help.stdout)
        }
        XCTAssertFalse(overview.contains("totp check"))
        XCTAssertFalse(overview.contains("totp code"), "the bank never computes a user's code")
        XCTAssertEqual(try Termbank.run(["totp", "enrol"], database: nil).status, 64)
    }
}
