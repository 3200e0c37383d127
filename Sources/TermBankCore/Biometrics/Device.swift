/// The kind of biometric sensor a (simulated) device has, as LABiometryType.
public enum BiometryType: String, Sendable, CaseIterable {
    case touchID = "touchid"
    case faceID = "faceid"
    case none

    public var displayName: String {
        switch self {
        case .touchID: return "Touch ID"
        case .faceID: return "Face ID"
        case .none: return "no biometry"
        }
    }

    /// Accepts "touchid", "touch-id", "Touch ID", "faceid", "none".
    public init?(parsing text: String) {
        let folded = text.lowercased().filter { $0.isLetter }
        switch folded {
        case "touchid": self = .touchID
        case "faceid": self = .faceID
        case "none": self = .none
        default: return nil
        }
    }
}

public struct DeviceID: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int64
    public init(_ rawValue: Int64) { self.rawValue = rawValue }
    public var description: String { String(rawValue) }
}

/// A simulated phone: its sensor, whether fingers/faces are enrolled, its
/// passcode, and the counters LocalAuthentication keeps per device.
public struct Device: Equatable, Sendable {
    public let id: DeviceID
    public let name: String
    public let biometry: BiometryType
    public let enrolled: Bool
    public let hasPasscode: Bool
    /// Non-matching biometric attempts in a row (5 lock biometry).
    public let biometricFailures: Int
    public let biometryLockedOut: Bool
    /// Wrong device passcodes in a row, and when the next try is allowed.
    public let passcodeFailures: Int
    public let passcodeRetryAt: Timestamp?
    /// Changes whenever the enrolled fingers/faces change
    /// (LAContext.evaluatedPolicyDomainState); nil when nothing is enrolled.
    public let enrollmentState: String?

    public init(id: DeviceID, name: String, biometry: BiometryType, enrolled: Bool, hasPasscode: Bool,
                biometricFailures: Int, biometryLockedOut: Bool, passcodeFailures: Int, passcodeRetryAt: Timestamp?,
                enrollmentState: String?) {
        self.id = id
        self.name = name
        self.biometry = biometry
        self.enrolled = enrolled
        self.hasPasscode = hasPasscode
        self.biometricFailures = biometricFailures
        self.biometryLockedOut = biometryLockedOut
        self.passcodeFailures = passcodeFailures
        self.passcodeRetryAt = passcodeRetryAt
        self.enrollmentState = enrollmentState
    }

    /// Device names: 2–32 of `a-z 0-9 - _ .`, like usernames.
    public static func validName(_ text: String) -> String? {
        (try? Username(validating: text))?.rawValue
    }

    public var hasUsableBiometry: Bool { biometry != .none && enrolled }
}

/// A device about to be registered.
public struct NewDevice: Sendable {
    public let name: String
    public let biometry: BiometryType
    public let enrolled: Bool
    public let passcodeHash: Secret?
    public let enrollmentState: String?

    public init(name: String, biometry: BiometryType, enrolled: Bool, passcodeHash: Secret?, enrollmentState: String?) {
        self.name = name
        self.biometry = biometry
        self.enrolled = enrolled
        self.passcodeHash = passcodeHash
        self.enrollmentState = enrollmentState
    }
}
