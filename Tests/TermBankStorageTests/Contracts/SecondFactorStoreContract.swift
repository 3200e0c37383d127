import TermBankCore
import XCTest

/// What every `SecondFactorStore` backend promises, against the protocol only:
/// one transaction per call (kept when the body returns, gone when it throws),
/// recovery codes used once, trusted devices found by their token's digest,
/// a number owned by one customer at a time.
struct SecondFactorStoreContract {
    let make: MakeContractBackend

    func theBanksIDIsMadeOnceAndKept() throws {
        let backend = try make()
        let id = try backend.secondFactors.bankID()
        XCTAssertFalse(id.isEmpty)
        XCTAssertEqual(try backend.secondFactors.bankID(), id)
    }

    func anAuthenticatorIsKeptReplacedAndDeletedAndAThrowingBodyKeepsNothing() throws {
        let backend = try make()
        let carol = try backend.user("carol")
        let record = AuthenticatorRecord(userID: carol.id, secret: "sb1:6b6579:6e6f6e6365:636970686572", activatedAt: backend.clock.now(),
                                         lastAcceptedStep: 7)
        try backend.secondFactors.inSecondFactorTransaction { try $0.saveAuthenticator(record) }
        XCTAssertEqual(try backend.secondFactors.inSecondFactorTransaction { try $0.authenticator(of: carol.id) }, record)

        XCTAssertThrowsError(try backend.secondFactors.inSecondFactorTransaction { transaction in
            var changed = record
            changed.lastAcceptedStep = 8
            changed.failures = 4
            try transaction.saveAuthenticator(changed)
            try transaction.setSMSVerification(!carol.smsVerification, for: carol.id)
            throw RolledBack()
        })
        XCTAssertEqual(try backend.secondFactors.inSecondFactorTransaction { try $0.authenticator(of: carol.id) }, record)
        XCTAssertEqual(try backend.user("carol").smsVerification, carol.smsVerification)

        try backend.secondFactors.inSecondFactorTransaction { try $0.deleteAuthenticator(of: carol.id) }
        XCTAssertNil(try backend.secondFactors.inSecondFactorTransaction { try $0.authenticator(of: carol.id) })
    }

    func anUnsealedSecretOrAnUnhashedRecoveryCodeIsRefused() throws {
        let backend = try make()
        let carol = try backend.user("carol")
        XCTAssertThrowsError(try backend.secondFactors.inSecondFactorTransaction {
            try $0.saveAuthenticator(AuthenticatorRecord(userID: carol.id, secret: "JBSWY3DPEHPK3PXP",
                                                         activatedAt: backend.clock.now()))
        }, "a TOTP secret in the clear")
        XCTAssertThrowsError(try backend.secondFactors.inSecondFactorTransaction {
            try $0.replaceRecoveryCodes(of: carol.id, hashes: ["ABCD-EFGH-JKLM"], at: backend.clock.now())
        }, "a recovery code in the clear")
        XCTAssertNil(try backend.secondFactors.inSecondFactorTransaction { try $0.authenticator(of: carol.id) })
        XCTAssertEqual(try backend.secondFactors.inSecondFactorTransaction { try $0.recoveryCodes(of: carol.id) }, [])
    }

    func aRecoveryCodeIsUsedOnceAndANewSetReplacesTheOld() throws {
        let backend = try make()
        let alice = try backend.user("alice")
        let codes = try backend.secondFactors.inSecondFactorTransaction { transaction -> [RecoveryCodeRecord] in
            try transaction.replaceRecoveryCodes(of: alice.id, hashes: ["$argon2id$h1", "$argon2id$h2", "$argon2id$h3"],
                                                 at: backend.clock.now())
            return try transaction.recoveryCodes(of: alice.id)
        }
        XCTAssertEqual(Set(codes.map(\.hash)), ["$argon2id$h1", "$argon2id$h2", "$argon2id$h3"])
        XCTAssertTrue(codes.allSatisfy { $0.usedAt == nil })
        let first = try XCTUnwrap(codes.first)
        XCTAssertTrue(try backend.secondFactors.inSecondFactorTransaction {
            try $0.markRecoveryCodeUsed(first.id, of: alice.id, at: backend.clock.now())
        })
        XCTAssertFalse(try backend.secondFactors.inSecondFactorTransaction {
            try $0.markRecoveryCodeUsed(first.id, of: alice.id, at: backend.clock.now())
        }, "a used code is used")
        let bob = try backend.user("bob")
        XCTAssertFalse(try backend.secondFactors.inSecondFactorTransaction {
            try $0.markRecoveryCodeUsed(codes[1].id, of: bob.id, at: backend.clock.now())
        }, "nobody else's")
        let afterUse = try backend.secondFactors.inSecondFactorTransaction { try $0.recoveryCodes(of: alice.id) }
        XCTAssertEqual(afterUse.first { $0.id == first.id }?.usedAt, backend.clock.now())

        let replaced = try backend.secondFactors.inSecondFactorTransaction { transaction -> [RecoveryCodeRecord] in
            try transaction.replaceRecoveryCodes(of: alice.id, hashes: ["$argon2id$n1", "$argon2id$n2"],
                                                 at: backend.clock.now())
            return try transaction.recoveryCodes(of: alice.id)
        }
        XCTAssertEqual(Set(replaced.map(\.hash)), ["$argon2id$n1", "$argon2id$n2"])
        try backend.secondFactors.inSecondFactorTransaction { try $0.deleteRecoveryCodes(of: alice.id) }
        XCTAssertEqual(try backend.secondFactors.inSecondFactorTransaction { try $0.recoveryCodes(of: alice.id) }, [])
    }

    func aTrustedDeviceIsFoundByItsDigestRevokedAndListedNewestFirst() throws {
        let backend = try make()
        let bob = try backend.user("bob")
        let phone = try backend.device("iphone-faceid")
        let now = backend.clock.now()
        let first = try backend.secondFactors.inSecondFactorTransaction {
            try $0.insertTrustedDevice(user: bob.id, device: phone.id, tokenDigest: "digest-1", createdAt: now,
                                       expiresAt: now.adding(seconds: 30 * 86_400))
        }
        XCTAssertEqual(first.userID, bob.id)
        XCTAssertEqual(first.deviceName, "iphone-faceid")
        XCTAssertNil(first.revokedAt)
        backend.clock.advance(seconds: 10)
        let second = try backend.secondFactors.inSecondFactorTransaction {
            try $0.insertTrustedDevice(user: bob.id, device: phone.id, tokenDigest: "digest-2", createdAt: backend.clock.now(),
                                       expiresAt: backend.clock.now().adding(seconds: 30 * 86_400))
        }
        try backend.secondFactors.inSecondFactorTransaction { transaction in
            XCTAssertEqual(try transaction.trustedDevice(tokenDigest: "digest-1"), first)
            XCTAssertEqual(try transaction.trustedDevice(second.id), second)
            XCTAssertNil(try transaction.trustedDevice(tokenDigest: "digest-unknown"))
            var revoked = first
            revoked.lastUsedAt = backend.clock.now()
            revoked.revokedAt = backend.clock.now()
            try transaction.saveTrustedDevice(revoked)
        }
        let listed = try backend.secondFactors.trustedDevices(of: bob.id)
        XCTAssertEqual(listed.map(\.id), [second.id, first.id], "newest first")
        XCTAssertEqual(listed.last?.revokedAt, backend.clock.now(), "revoked ones are listed too")
        XCTAssertEqual(try backend.secondFactors.trustedDevices(of: try backend.user("alice").id), [])
    }

    func aNumberBelongsToOneCustomerAtATime() throws {
        let backend = try make()
        let alice = try backend.user("alice")
        let bob = try backend.user("bob")
        try backend.secondFactors.inSecondFactorTransaction { transaction in
            XCTAssertEqual(try transaction.owner(of: alice.phone), alice.id)
            XCTAssertNil(try transaction.owner(of: PhoneNumber(trusted: "+15550100555")))
        }
        XCTAssertThrowsError(try backend.secondFactors.inSecondFactorTransaction { try $0.setPhone(alice.phone, for: bob.id) }) {
            XCTAssertEqual($0 as? StoreError, .phoneInUse(alice.phone))
        }
        let fresh = PhoneNumber(trusted: "+15550100555")
        try backend.secondFactors.inSecondFactorTransaction { try $0.setPhone(fresh, for: bob.id) }
        XCTAssertEqual(try backend.user("bob").phone, fresh)
        XCTAssertEqual(try backend.secondFactors.inSecondFactorTransaction { try $0.owner(of: fresh) }, bob.id)
    }

    /// The shared demo's runs of wrong second-factor codes (decision 46):
    /// each origin's apart from the customer's own on the authenticator's
    /// row; a run back at zero is gone; `listUsers` shows the origins'
    /// locks; the operator's unlock clears them and not the customer's own;
    /// turning the authenticator off drops them.
    func aDemoOriginsRunOfWrongCodesIsKeptApartAndUnlockClearsIt() throws {
        let backend = try make()
        let carol = try backend.user("carol")
        let key = "key SHA256:first-stakeholder"
        let address = "address 203.0.113.7"
        let until = backend.clock.now().adding(seconds: 900)
        let record = AuthenticatorRecord(userID: carol.id, secret: "sb1:6b6579:6e6f6e6365:636970686572",
                                         activatedAt: backend.clock.now(), failures: 2)
        let locked = CodeFailures(failures: 5, lockedUntil: until)
        try backend.secondFactors.inSecondFactorTransaction { transaction in
            XCTAssertEqual(try transaction.bankKind(), .demo)
            try transaction.saveAuthenticator(record)
            try transaction.saveCodeFailures(locked, of: carol.id, origin: key)
            try transaction.saveCodeFailures(CodeFailures(failures: 1), of: carol.id, origin: address)
        }
        XCTAssertThrowsError(try backend.secondFactors.inSecondFactorTransaction { transaction in
            try transaction.saveCodeFailures(CodeFailures(failures: 4), of: carol.id, origin: address)
            throw RolledBack()
        })
        try backend.secondFactors.inSecondFactorTransaction { transaction in
            XCTAssertEqual(try transaction.codeFailures(of: carol.id, origin: key), locked)
            XCTAssertEqual(try transaction.codeFailures(of: carol.id, origin: address), CodeFailures(failures: 1))
            XCTAssertEqual(try transaction.codeFailures(of: carol.id, origin: "key SHA256:someone-else"), CodeFailures())
            XCTAssertEqual(try transaction.authenticator(of: carol.id)?.failures, 2, "the customer's own run")
            try transaction.saveCodeFailures(CodeFailures(), of: carol.id, origin: address)
            XCTAssertEqual(try transaction.codeFailures(of: carol.id, origin: address), CodeFailures())
        }
        XCTAssertEqual(try XCTUnwrap(backend.store.listUsers().first { $0.user.id == carol.id }).originCodeLocksUntil, [until])

        XCTAssertTrue(try backend.store.unlock(carol.username, at: backend.clock.now(), context: .operatorCLI))
        try backend.secondFactors.inSecondFactorTransaction { transaction in
            XCTAssertEqual(try transaction.codeFailures(of: carol.id, origin: key), CodeFailures())
            XCTAssertEqual(try transaction.authenticator(of: carol.id)?.failures, 2,
                           "the customer's own second-factor run is not the operator's to lift")
            try transaction.saveCodeFailures(locked, of: carol.id, origin: key)
            try transaction.deleteAuthenticator(of: carol.id)
            XCTAssertEqual(try transaction.codeFailures(of: carol.id, origin: key), CodeFailures(),
                           "the runs go with the authenticator they counted against")
        }
    }
}
