/// A user's authenticator app as stored: secrets only sealed (encrypted with
/// a key kept outside the database), the last accepted time step (so a code
/// is never accepted twice), and the count of wrong codes in a row.
public struct AuthenticatorRecord: Equatable, Sendable {
    public let userID: UserID
    /// The active secret, sealed; nil until an enrolment is confirmed.
    public var secret: String?
    public var activatedAt: Timestamp?
    /// An enrolment waiting for its first code.
    public var pendingSecret: String?
    public var pendingStartedAt: Timestamp?
    /// The secret an enrolment replaced: still accepted until `previousValidUntil` (seed 004's migration window).
    public var previousSecret: String?
    public var previousValidUntil: Timestamp?
    /// The highest time step whose code was accepted; codes at or before it are refused.
    public var lastAcceptedStep: Int64?
    /// Which second factor signs in while the authenticator is active.
    public var signInWith: SignInFactor
    /// Wrong authenticator or recovery codes in a row, and the lock they caused.
    public var failures: Int
    public var lockedUntil: Timestamp?

    public init(userID: UserID, secret: String? = nil, activatedAt: Timestamp? = nil, pendingSecret: String? = nil,
                pendingStartedAt: Timestamp? = nil, previousSecret: String? = nil, previousValidUntil: Timestamp? = nil,
                lastAcceptedStep: Int64? = nil, signInWith: SignInFactor = .authenticator, failures: Int = 0,
                lockedUntil: Timestamp? = nil) {
        self.userID = userID
        self.secret = secret
        self.activatedAt = activatedAt
        self.pendingSecret = pendingSecret
        self.pendingStartedAt = pendingStartedAt
        self.previousSecret = previousSecret
        self.previousValidUntil = previousValidUntil
        self.lastAcceptedStep = lastAcceptedStep
        self.signInWith = signInWith
        self.failures = failures
        self.lockedUntil = lockedUntil
    }

    public var isActive: Bool { secret != nil }
}

/// One recovery code as stored: an argon2id hash, and when it was used.
public struct RecoveryCodeRecord: Equatable, Sendable {
    public let id: Int64
    public let hash: String
    public let usedAt: Timestamp?

    public init(id: Int64, hash: String, usedAt: Timestamp?) {
        self.id = id
        self.hash = hash
        self.usedAt = usedAt
    }
}

public struct TrustedDeviceID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int64
    public init(_ rawValue: Int64) { self.rawValue = rawValue }
    public var description: String { String(rawValue) }
}

/// A device a user chose to trust after a full sign-in. The database keeps
/// only a hash of its token; the token itself is on the device.
public struct TrustedDevice: Equatable, Sendable {
    public let id: TrustedDeviceID
    public let userID: UserID
    public let deviceID: DeviceID
    public let deviceName: String
    public let tokenDigest: String
    public let createdAt: Timestamp
    public let expiresAt: Timestamp
    public var lastUsedAt: Timestamp?
    public var revokedAt: Timestamp?

    public init(id: TrustedDeviceID, userID: UserID, deviceID: DeviceID, deviceName: String, tokenDigest: String,
                createdAt: Timestamp, expiresAt: Timestamp, lastUsedAt: Timestamp?, revokedAt: Timestamp?) {
        self.id = id
        self.userID = userID
        self.deviceID = deviceID
        self.deviceName = deviceName
        self.tokenDigest = tokenDigest
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.lastUsedAt = lastUsedAt
        self.revokedAt = revokedAt
    }

    public func isValid(at now: Timestamp) -> Bool { revokedAt == nil && now < expiresAt }
}

/// A step-up approved by an authenticator code: the accepted step and the
/// digest of exactly the transfer it approved, written with the booking.
public struct StepUpConfirmation: Equatable, Sendable {
    public let userID: UserID
    public let method: String
    public let step: Int64
    public let transferDigest: String
    public let clientID: TransferClientID
    public let at: Timestamp

    public init(userID: UserID, method: String, step: Int64, transferDigest: String, clientID: TransferClientID,
                at: Timestamp) {
        self.userID = userID
        self.method = method
        self.step = step
        self.transferDigest = transferDigest
        self.clientID = clientID
        self.at = at
    }
}

/// What the second-factor services need from storage, inside one write
/// transaction (`BEGIN IMMEDIATE` on SQLite): the rules run in the core.
public protocol SecondFactorTransaction: LedgerTransaction {
    func user(_ id: UserID) throws -> UserRecord?
    /// What the bank is (the shared demo counts wrong codes per origin only on the demo bank).
    func bankKind() throws -> BankKind
    func authenticator(of user: UserID) throws -> AuthenticatorRecord?
    /// At the shared demo: one origin's run of wrong codes for a customer (no row: none).
    func codeFailures(of user: UserID, origin: String) throws -> CodeFailures
    /// Saves one origin's run; a run back at zero and unlocked leaves no row.
    func saveCodeFailures(_ run: CodeFailures, of user: UserID, origin: String) throws
    /// Inserts or replaces.
    func saveAuthenticator(_ record: AuthenticatorRecord) throws
    func deleteAuthenticator(of user: UserID) throws

    func recoveryCodes(of user: UserID) throws -> [RecoveryCodeRecord]
    /// Deletes every code the user had and stores these hashes.
    func replaceRecoveryCodes(of user: UserID, hashes: [String], at time: Timestamp) throws
    /// Marks a code used if it still is unused; false if another use came first.
    func markRecoveryCodeUsed(_ id: Int64, of user: UserID, at time: Timestamp) throws -> Bool
    func deleteRecoveryCodes(of user: UserID) throws

    func recordStepUp(_ confirmation: StepUpConfirmation) throws
    /// Books a transfer in this same transaction (approval and booking are one).
    func book(_ transfer: TransferRequest, at time: Timestamp, context: AuditContext) throws -> TransferReceipt

    func setSMSVerification(_ on: Bool, for user: UserID) throws
    /// Throws `StoreError.phoneInUse` when another customer has that number.
    func setPhone(_ phone: PhoneNumber, for user: UserID) throws
    /// The customer whose number this is, if any (a number belongs to one customer at a time).
    func owner(of phone: PhoneNumber) throws -> UserID?
    /// Cancels this customer's verifications in progress to a number (they changed it); never another's.
    func cancelVerifications(of user: UserID, to phone: PhoneNumber, at time: Timestamp) throws

    func trustedDevice(tokenDigest: String) throws -> TrustedDevice?
    func trustedDevice(_ id: TrustedDeviceID) throws -> TrustedDevice?
    func insertTrustedDevice(user: UserID, device: DeviceID, tokenDigest: String, createdAt: Timestamp,
                             expiresAt: Timestamp) throws -> TrustedDevice
    /// Saves last use and revocation.
    func saveTrustedDevice(_ device: TrustedDevice) throws
    /// Ends the sessions still open that skipped their second factor through this trust.
    func endSessions(openedThrough trust: TrustedDeviceID, at time: Timestamp, reason: SessionEndReason) throws -> Int

    func append(_ event: AuditEvent) throws
}

public protocol SecondFactorStore: AnyObject, Sendable {
    /// Runs `body` in one write transaction: commits when it returns, rolls back when it throws.
    func inSecondFactorTransaction<T>(_ body: (SecondFactorTransaction) throws -> T) throws -> T
    /// A random id made once per bank: it keys the tokens a device keeps.
    func bankID() throws -> String
    /// The user's trusted devices, newest first, revoked and expired ones included.
    func trustedDevices(of user: UserID) throws -> [TrustedDevice]
}

/// Seals secrets for storage with a key kept outside the database. Live:
/// libsodium's `crypto_secretbox_easy` with a 0600 key file beside the database.
public protocol SecretSealer: Sendable {
    func seal(_ plaintext: [UInt8]) throws -> String
    func open(_ sealed: String) throws -> [UInt8]
}

/// Hashes high-entropy tokens (trusted devices) for lookup. Live: BLAKE2b.
public protocol TokenDigester: Sendable {
    func tokenDigest(_ token: Secret) -> String
}

/// Where a device keeps its trusted-device tokens: the terminal's stand-in
/// for the iOS Keychain. Live: 0600 files under the user's config directory.
public protocol DeviceKeychain: Sendable {
    func token(for key: DeviceKeychainKey) throws -> Secret?
    func store(_ token: Secret, for key: DeviceKeychainKey) throws
    func remove(for key: DeviceKeychainKey) throws
}

/// One bank, one simulated device, one user.
public struct DeviceKeychainKey: Hashable, Sendable {
    public let bankID: String
    public let deviceName: String
    public let username: Username

    public init(bankID: String, deviceName: String, username: Username) {
        self.bankID = bankID
        self.deviceName = deviceName
        self.username = username
    }
}
