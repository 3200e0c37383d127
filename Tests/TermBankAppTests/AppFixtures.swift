import Foundation
@testable import TermBankApp
import TermBankCore
import XCTest

/// Values the app tests share: the demo's people, a fixed clock, prompts and tickets.
enum Fixture {
    static let start = Timestamp(secondsSinceEpoch: 1_796_000_000)   // 2026-11-30T00:53:20Z
    static let size = Size(columns: 80, rows: 24)

    static let alice = UserRecord(id: UserID(1), username: Username(trusted: "alice"), phone: PhoneNumber(trusted: "+15550100"),
                                  smsVerification: false, sitekey: Sitekey(trustedImage: "fox", phrase: "Down the rabbit hole"),
                                  createdAt: start)
    static let bob = UserRecord(id: UserID(2), username: Username(trusted: "bob"), phone: PhoneNumber(trusted: "+15550101"),
                                smsVerification: true, sitekey: Sitekey(trustedImage: "lighthouse", phrase: "Can we fix it? Yes we can"),
                                createdAt: start)
    static let aliceWithSMS = UserRecord(id: alice.id, username: alice.username, phone: alice.phone, smsVerification: true,
                                         sitekey: alice.sitekey, createdAt: start)

    static let device = DeviceID(1)

    static func prompt(_ biometry: BiometryType = .touchID, mode: BiometricPrompt.Mode = .biometric, failed: Int = 0,
                       notice: BiometricNotice? = nil, reason: BiometricReason = .signIn) -> BiometricPrompt {
        BiometricPrompt(deviceID: device, biometry: biometry, policy: .biometricsOrPasscode, reason: reason, mode: mode,
                        failedAttempts: failed, notice: notice)
    }

    static func ticket(_ purpose: VerificationPurpose = .signIn, phone: PhoneNumber = bob.phone, at: Timestamp = start,
                       events: Int = 1) -> VerificationTicket {
        VerificationTicket(id: VerificationID(trusted: String(repeating: "a", count: 32)), purpose: purpose, phone: phone,
                           codeLength: 6, expiresAt: at.adding(seconds: 300), lastEventAt: at, events: events)
    }

    /// What the bank answers for alice's transfer with no threshold: an SMS code to her phone.
    static let smsToAlice = StepUpApproval.smsCode(to: alice.phone, firstPayee: false)
    /// The same for a first payment under a threshold: the new payee is why a code is needed.
    static let smsToAliceForANewPayee = StepUpApproval.smsCode(to: alice.phone, firstPayee: true)
    static let pending = PendingTransfer(userID: alice.id, from: .checking, to: .savings, amount: Money(units: 250),
                                         clientID: TransferClientID(trusted: "tx-0123456789abcdef"))

    static let receipt = TransferReceipt(reference: TransferReference(7), request: pending.request,
                                         bookedAt: start.adding(seconds: 90), fromBalanceAfter: Money(units: 4_750),
                                         toBalanceAfter: Money(units: 10_250), replayed: false)

    static func account(_ user: UserRecord = alice, checking: Int64 = 5_000, savings: Int64 = 10_000) -> AccountSnapshot {
        let lines = [
            StatementLine(posting: PostingID(2), reference: TransferReference(2), kind: .opening, bookedAt: start, account: .savings,
                          amount: Money(units: savings), balanceAfter: Money(units: savings), counterparty: .bankFunding,
                          reverses: nil),
            StatementLine(posting: PostingID(1), reference: TransferReference(1), kind: .opening, bookedAt: start, account: .checking,
                          amount: Money(units: checking), balanceAfter: Money(units: checking), counterparty: .bankFunding,
                          reverses: nil),
        ]
        return AccountSnapshot(user: user, balances: [.checking: Money(units: checking), .savings: Money(units: savings)],
                               lines: lines)
    }

    static func session(_ user: UserRecord = alice) -> SessionInfo {
        SessionInfo(user: user, sessionID: SessionID(trusted: String(repeating: "5", count: 32)), deviceName: "iphone-touchid")
    }

    /// The six sitekey pictures from assets/, parsed.
    static let gallery: SitekeyGallery = {
        var gallery: [String: SitekeyArt] = [:]
        for name in Sitekey.images {
            if let text = pictureText(name), let art = try? SitekeyArt.parse(text) { gallery[name] = art }
        }
        return SitekeyGallery(gallery)
    }()

    /// The text of assets/sitekeys/NAME.art.
    static func pictureText(_ name: String) -> String? {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return try? String(contentsOf: root.appendingPathComponent("assets/sitekeys/\(name).art"), encoding: .utf8)
    }

    static func state(size: Size = size) -> AppState {
        AppState(size: size, now: start, deviceName: "iphone-touchid", gallery: gallery)
    }

    /// A state signed in as `user`, on the statement.
    static func signedIn(_ user: UserRecord = alice) -> AppState {
        var state = state()
        _ = AppReducer.reduce(&state, .signIn(.sessionOpened(.success(session(user)))))
        _ = AppReducer.reduce(&state, .banking(.accountLoaded(.success(account(user)))))
        return state
    }
}

extension Fixture {
    /// The phone the settings screens show (masked): carol's, whose screens they mostly are.
    static let securityPhone = carol.phone

    /// carol: an authenticator app and recovery codes.
    static let carol = UserRecord(id: UserID(3), username: Username(trusted: "carol"), phone: PhoneNumber(trusted: "+15550102"),
                                  smsVerification: true, sitekey: Sitekey(trustedImage: "fox", phrase: "Down the rabbit hole"),
                                  createdAt: start)

    static func session(_ user: UserRecord, recoveryCodesLeft: Int?) -> SessionInfo {
        SessionInfo(user: user, sessionID: SessionID(trusted: String(repeating: "5", count: 32)), deviceName: "iphone-touchid",
                    recoveryCodesLeft: recoveryCodesLeft)
    }

    static let recoveryCodes = ["7k2mq-xd4ta", "p3vzr-9cwhe", "m8fjt-2ynqk", "a6dxs-kr3vb", "w9hgc-5tzma",
                                "e4nqp-b7jds", "z2wkr-h6vfx", "c5tmy-8aqgn", "r7bdz-3pesw", "y3gxf-m9kta"].map { Secret($0) }
}
