/// The per-user, per-device "biometric sign-in enabled" switch.
///
/// On by default wherever the device has enrolled biometry (the seed always
/// asks for Touch ID when the device has it). Turning it on again needs a
/// successful biometric evaluation. If the device's enrolled fingers/faces
/// change after it was turned on, it turns itself off and the next sign-in
/// must pass the SMS code (as `evaluatedPolicyDomainState` is meant to be used).
public struct BiometricSettings: Sendable {
    let store: DeviceStore
    let audit: BankStore
    let clock: TimeSource

    public init(store: DeviceStore, audit: BankStore, clock: TimeSource) {
        self.store = store
        self.audit = audit
        self.clock = clock
    }

    public struct State: Equatable, Sendable {
        public let enabled: Bool
        public let reverificationRequired: Bool
    }

    public func state(for user: UserRecord, on device: Device, context: AuditContext) throws -> State {
        var invalidated = false
        let state = try store.modifySetting(user: user.id, device: device.id) { setting -> State in
            guard var current = setting else {
                return State(enabled: device.hasUsableBiometry, reverificationRequired: false)
            }
            if current.enabled, current.enrollmentState != nil, current.enrollmentState != device.enrollmentState {
                current.enabled = false
                current.reverificationRequired = true
                setting = current
                invalidated = true
            }
            return State(enabled: current.enabled && device.hasUsableBiometry,
                         reverificationRequired: current.reverificationRequired)
        }
        if invalidated {
            try audit.append(AuditEvent(at: clock.now(), kind: .settingsChanged, username: user.username, userID: user.id,
                                        context: context,
                                        detail: "biometric sign-in turned off on \(device.name): enrollment changed"))
        }
        return state
    }

    /// Remembers the enrollment state a successful biometric sign-in saw, so a
    /// later change can be noticed.
    public func pin(_ approval: BiometricApproval, for user: UserRecord) throws {
        guard approval.method == .biometric else { return }
        try store.modifySetting(user: user.id, device: approval.deviceID) { setting in
            if setting == nil {
                setting = BiometricSetting(userID: user.id, deviceID: approval.deviceID, enabled: true,
                                           enrollmentState: approval.enrollmentState, reverificationRequired: false)
            }
        }
    }

    /// After a full sign-in that passed the SMS code.
    public func clearReverification(for user: UserRecord, on device: Device) throws {
        try store.modifySetting(user: user.id, device: device.id) { setting in
            setting?.reverificationRequired = false
        }
    }

    public func disable(for user: UserRecord, on device: Device, context: AuditContext) throws {
        try store.modifySetting(user: user.id, device: device.id) { setting in
            setting = BiometricSetting(userID: user.id, deviceID: device.id, enabled: false,
                                       enrollmentState: device.enrollmentState,
                                       reverificationRequired: setting?.reverificationRequired ?? false)
        }
        try audit.append(AuditEvent(at: clock.now(), kind: .settingsChanged, username: user.username, userID: user.id,
                                    context: context, detail: "biometric sign-in turned off on \(device.name)"))
    }

    public enum EnableError: Error, Equatable, CustomStringConvertible {
        case needsBiometricEvaluation
        public var description: String { EnglishCoreCatalog().text(self) }
    }

    /// Needs proof of a successful biometric (not passcode) evaluation on this device, made in the last minute.
    public func enable(for user: UserRecord, on device: Device, approval: BiometricApproval,
                       context: AuditContext) throws {
        guard approval.method == .biometric, approval.deviceID == device.id,
              clock.now() < approval.at.adding(seconds: 60) else { throw EnableError.needsBiometricEvaluation }
        try store.modifySetting(user: user.id, device: device.id) { setting in
            setting = BiometricSetting(userID: user.id, deviceID: device.id, enabled: true,
                                       enrollmentState: approval.enrollmentState,
                                       reverificationRequired: setting?.reverificationRequired ?? false)
        }
        try audit.append(AuditEvent(at: clock.now(), kind: .settingsChanged, username: user.username, userID: user.id,
                                    context: context, detail: "biometric sign-in turned on on \(device.name)"))
    }
}
