import TermBankCore

// The sign-in feature's screens: which phone, the username and password, the sitekey.

public struct DevicePicker: Equatable, Sendable, HasFormStatus {
    public struct Choice: Equatable, Sendable {
        public let name: String
        public let biometry: BiometryType
        public init(name: String, biometry: BiometryType) {
            self.name = name
            self.biometry = biometry
        }
    }
    public let choices: [Choice]
    public var selected = 0
    public var status = FormStatus()
    public init(choices: [Choice]) { self.choices = choices }
}

public struct LoginForm: Equatable, Sendable, HasFormStatus {
    public enum Field: Equatable, Sendable { case username, password }
    public var username = ""
    public var password = Secret("")
    public var focus: Field = .username
    public var status = FormStatus()
    public init() {}
}

/// "If you recognise your picture and phrase, type your password."
public struct SitekeyFirstForm: Equatable, Sendable, HasFormStatus {
    public enum Focus: Equatable, Sendable { case password, notMyImage }
    public let username: String
    public let sitekey: Sitekey
    public var password = Secret("")
    public var focus: Focus = .password
    public var status = FormStatus()
    public init(username: String, sitekey: Sitekey) {
        self.username = username
        self.sitekey = sitekey
    }
}

public struct SitekeyScreen: Equatable, Sendable {
    public let user: UserRecord
    public let next: SignInFactor?
    public var busy = false
}
