/// Biometric sign-in on this device, as the Security screen shows it.
public enum BiometricSignInStatus: Equatable, Sendable {
    case on
    /// `enrollmentChanged`: it turned itself off because the enrolled
    /// fingers or faces changed since it was turned on.
    case off(enrollmentChanged: Bool)
}

/// Turning biometric sign-in back on (after an enrollment change turned it
/// off, or after it was turned off). Two proofs in one call: a successful
/// biometric check on this device in the last minute (a finger or a face, not
/// the device passcode: it is the biometric that is being trusted again), and
/// the account's password (whoever holds the phone now may have enrolled
/// their own finger). The switch is pinned to the enrollment state the check
/// saw, so the next change turns it off again.
public struct BiometricSignInSwitch: Sendable {
    let settings: BiometricSettings
    let devices: DeviceStore
    let passwords: PasswordSignIn
    let clock: TimeSource

    public init(settings: BiometricSettings, devices: DeviceStore, passwords: PasswordSignIn, clock: TimeSource) {
        self.settings = settings
        self.devices = devices
        self.passwords = passwords
        self.clock = clock
    }

    /// nil when the device has no usable biometry (nothing to switch).
    public func status(for user: UserRecord, on device: Device) throws -> BiometricSignInStatus? {
        guard let fresh = try devices.device(id: device.id), fresh.hasUsableBiometry else { return nil }
        let setting = try devices.modifySetting(user: user.id, device: fresh.id) { $0 }
        guard let setting else { return .on }
        let changed = setting.enrollmentState != nil && setting.enrollmentState != fresh.enrollmentState
        return setting.enabled && !changed ? .on : .off(enrollmentChanged: changed)
    }

    public func turnOn(for user: UserRecord, on device: Device, password: Secret, approval: BiometricApproval,
                       context: AuditContext) throws {
        // The check first: without it the password is not even tried (nor counted).
        guard let fresh = try devices.device(id: device.id), fresh.hasUsableBiometry,
              approval.method == .biometric, approval.deviceID == fresh.id,
              approval.enrollmentState == fresh.enrollmentState,
              clock.now() < approval.at.adding(seconds: 60) else {
            throw BiometricSettings.EnableError.needsBiometricEvaluation
        }
        switch try passwords.signIn(username: user.username.rawValue, password: password, context: context) {
        case .refused(let refusal): throw ConfirmationError.password(refusal)
        case .signedIn(let signedIn) where signedIn.id == user.id: break
        case .signedIn: throw ConfirmationError.password(.incorrect(attemptsLeft: nil))
        }
        try settings.enable(for: user, on: fresh, approval: approval, context: context)
    }
}
