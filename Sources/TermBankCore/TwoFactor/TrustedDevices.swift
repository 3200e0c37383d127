public enum TrustedDeviceError: Error, Equatable, Sendable, CustomStringConvertible {
    case noDevice
    case noSecondFactorPassed
    case signInTooOld
    case notFound
    /// The device was chosen from a list over a shared account: anyone there could choose it.
    case deviceNotHeld

    public var description: String { EnglishCoreCatalog().text(self) }
}

/// "Trust this device for 30 days": after a full sign-in the device gets a
/// random token, kept on the device (its keychain); the bank keeps only the
/// token's hash. On a trusted device the second factor at sign-in is skipped
/// (password and biometric are not; step-up for transfers never is). Expiry
/// is fixed at 30 days from trusting; a revocation is seen by every process
/// at once and ends the sessions that skipped their second factor through it.
/// Only a device the person holds (`DeviceBinding.isHeld`) is ever trusted,
/// and only its own keychain is read.
public struct TrustedDeviceService: Sendable {
    public static let lifetimeSeconds: Int64 = 30 * 24 * 60 * 60
    /// How soon after the sign-in the user must tick "Trust this device".
    public static let trustWindowSeconds: Int64 = 10 * 60

    let store: SecondFactorStore
    let keychain: DeviceKeychain
    let digester: TokenDigester
    let random: RandomSource
    let clock: TimeSource
    /// How this terminal holds its device; `keychain` is that identity's own.
    public let binding: DeviceBinding

    public init(store: SecondFactorStore, keychain: DeviceKeychain, digester: TokenDigester, random: RandomSource,
                clock: TimeSource, binding: DeviceBinding) {
        self.store = store
        self.binding = binding
        self.keychain = binding.isHeld ? keychain : NoDeviceKeychain()
        self.digester = digester
        self.random = random
        self.clock = clock
    }

    private func key(_ user: UserRecord, _ device: Device) throws -> DeviceKeychainKey {
        DeviceKeychainKey(bankID: try store.bankID(), deviceName: device.name, username: user.username)
    }

    /// Whether "Trust this device" may be offered after this sign-in.
    public func mayTrust(after signIn: CompletedSignIn) -> Bool {
        signIn.device != nil && signIn.passedSecondFactor && binding.isHeld
    }

    /// Trusts the device a sign-in just completed on.
    public func trust(after signIn: CompletedSignIn, context: AuditContext) throws -> TrustedDevice {
        guard let device = signIn.device else { throw TrustedDeviceError.noDevice }
        guard binding.isHeld else { throw TrustedDeviceError.deviceNotHeld }
        guard signIn.passedSecondFactor else { throw TrustedDeviceError.noSecondFactorPassed }
        let now = clock.now()
        guard now < signIn.at.adding(seconds: TrustedDeviceService.trustWindowSeconds) else {
            throw TrustedDeviceError.signInTooOld
        }
        let token = Secret(random.hexIdentifier(bytes: 32))
        let trusted = try store.inSecondFactorTransaction { tx -> TrustedDevice in
            let row = try tx.insertTrustedDevice(user: signIn.user.id, device: device.id,
                                                 tokenDigest: digester.tokenDigest(token), createdAt: now,
                                                 expiresAt: now.adding(seconds: TrustedDeviceService.lifetimeSeconds))
            try tx.append(AuditEvent(at: now, kind: .deviceTrusted, username: signIn.user.username,
                                     userID: signIn.user.id, context: context,
                                     detail: "\(device.name) trusted for 30 days (#\(row.id))"))
            return row
        }
        do {
            try keychain.store(token, for: try key(signIn.user, device))
        } catch {
            // A trust the device cannot keep is no use to anyone: take it back.
            _ = try? store.inSecondFactorTransaction { tx in
                var row = trusted
                row.revokedAt = now
                try tx.saveTrustedDevice(row)
            }
            throw error
        }
        return trusted
    }

    /// At sign-in: the trust this device holds for this user, if it is still
    /// valid (its last use is recorded). Anything else reads as "not trusted".
    public func validTrust(for user: UserRecord, on device: Device) throws -> TrustedDeviceID? {
        // A device nobody in particular holds skips nothing, whatever token files exist.
        guard binding.isHeld else { return nil }
        let key = try key(user, device)
        guard let token = try keychain.token(for: key) else { return nil }
        let now = clock.now()
        let digest = digester.tokenDigest(token)
        let found = try store.inSecondFactorTransaction { tx -> TrustedDeviceID? in
            guard var row = try tx.trustedDevice(tokenDigest: digest), row.userID == user.id, row.deviceID == device.id,
                  row.isValid(at: now) else { return nil }
            row.lastUsedAt = now
            try tx.saveTrustedDevice(row)
            return row.id
        }
        if found == nil { try? keychain.remove(for: key) }
        return found
    }

    /// Whether a trust is still good now (a sign-in that skipped its second
    /// factor checks again before its session opens).
    public func isStillTrusted(_ id: TrustedDeviceID, user: UserID, device: DeviceID) throws -> Bool {
        let now = clock.now()
        return try store.inSecondFactorTransaction { tx in
            guard let row = try tx.trustedDevice(id) else { return false }
            return row.userID == user && row.deviceID == device && row.isValid(at: now)
        }
    }

    public func list(for user: UserRecord) throws -> [TrustedDevice] { try store.trustedDevices(of: user.id) }

    /// Revokes at once: the next sign-in anywhere asks for the second factor
    /// again, and sessions that skipped it through this trust end. Returns how many ended.
    @discardableResult
    public func revoke(_ id: TrustedDeviceID, for user: UserRecord, context: AuditContext) throws -> Int {
        let now = clock.now()
        return try store.inSecondFactorTransaction { tx in
            guard var row = try tx.trustedDevice(id), row.userID == user.id else { throw TrustedDeviceError.notFound }
            guard row.revokedAt == nil else { return 0 }
            row.revokedAt = now
            try tx.saveTrustedDevice(row)
            let ended = try tx.endSessions(openedThrough: id, at: now, reason: .trustRevoked)
            try tx.append(AuditEvent(at: now, kind: .trustedDeviceRevoked, username: user.username, userID: user.id,
                                     context: context,
                                     detail: "\(row.deviceName) no longer trusted (#\(id))"
                                         + (ended > 0 ? "; \(ended) session\(ended == 1 ? "" : "s") ended" : "")))
            return ended
        }
    }
}
