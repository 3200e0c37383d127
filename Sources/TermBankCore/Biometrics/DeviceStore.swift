/// A user's "biometric sign-in enabled" switch on one device
/// (NimbleLocalAuthentication's `isEnabled`), pinned to the enrollment state
/// it was turned on with (LAContext's `evaluatedPolicyDomainState`).
public struct BiometricSetting: Equatable, Sendable {
    public let userID: UserID
    public let deviceID: DeviceID
    public var enabled: Bool
    public var enrollmentState: String?
    /// Set when the switch turned itself off because the enrolled
    /// fingers/faces changed: the next sign-in must pass the SMS code.
    public var reverificationRequired: Bool

    public init(userID: UserID, deviceID: DeviceID, enabled: Bool, enrollmentState: String?,
                reverificationRequired: Bool) {
        self.userID = userID
        self.deviceID = deviceID
        self.enabled = enabled
        self.enrollmentState = enrollmentState
        self.reverificationRequired = reverificationRequired
    }
}

/// Persistence of simulated devices and per-user biometric switches.
/// `modifyDevice` and `modifySetting` run their body inside one write
/// transaction, so counters shared by several processes never lose an update.
public protocol DeviceStore: AnyObject, Sendable {
    func addDevice(_ device: NewDevice, at time: Timestamp, context: AuditContext) throws -> Device
    func device(named name: String) throws -> Device?
    func device(id: DeviceID) throws -> Device?
    func listDevices() throws -> [Device]
    func devicePasscodeHash(_ id: DeviceID) throws -> Secret?
    /// The device with the lock-out counters `scope` counts in: the
    /// device's own, or at the shared demo one origin's (`deviceCounters`).
    func device(id: DeviceID, scope: LockoutScope) throws -> Device?
    /// Reads the device, lets `body` change its counters and enrollment,
    /// writes it back, atomically. The counters are those `scope` counts in,
    /// decided in this transaction by `LockoutScope.countingOrigin(on:)` with
    /// the bank's kind read in it: at the shared demo on the demo bank an
    /// origin's own (no row: none yet), elsewhere the device's.
    func modifyDevice<T>(_ id: DeviceID, scope: LockoutScope, _ body: (inout DeviceCounters) throws -> T) throws -> T
    /// Same for a user's switch on a device; `nil` in, when there is no row yet.
    func modifySetting<T>(user: UserID, device: DeviceID, _ body: (inout BiometricSetting?) throws -> T) throws -> T
}

extension DeviceStore {
    /// The device's own counters, everyone's: the operator's commands, every real bank.
    public func modifyDevice<T>(_ id: DeviceID, _ body: (inout DeviceCounters) throws -> T) throws -> T {
        try modifyDevice(id, scope: .perCustomer, body)
    }
}

/// The mutable part of a device.
public struct DeviceCounters: Equatable, Sendable {
    public var enrolled: Bool
    public var enrollmentState: String?
    public var biometricFailures: Int
    public var biometryLockedOut: Bool
    public var passcodeFailures: Int
    public var passcodeRetryAt: Timestamp?

    public init(enrolled: Bool, enrollmentState: String?, biometricFailures: Int, biometryLockedOut: Bool,
                passcodeFailures: Int, passcodeRetryAt: Timestamp?) {
        self.enrolled = enrolled
        self.enrollmentState = enrollmentState
        self.biometricFailures = biometricFailures
        self.biometryLockedOut = biometryLockedOut
        self.passcodeFailures = passcodeFailures
        self.passcodeRetryAt = passcodeRetryAt
    }
}

extension Device {
    public var counters: DeviceCounters {
        DeviceCounters(enrolled: enrolled, enrollmentState: enrollmentState, biometricFailures: biometricFailures,
                       biometryLockedOut: biometryLockedOut, passcodeFailures: passcodeFailures,
                       passcodeRetryAt: passcodeRetryAt)
    }

    public func with(_ counters: DeviceCounters) -> Device {
        Device(id: id, name: name, biometry: biometry, enrolled: counters.enrolled, hasPasscode: hasPasscode,
               biometricFailures: counters.biometricFailures, biometryLockedOut: counters.biometryLockedOut,
               passcodeFailures: counters.passcodeFailures, passcodeRetryAt: counters.passcodeRetryAt,
               enrollmentState: counters.enrollmentState)
    }
}
