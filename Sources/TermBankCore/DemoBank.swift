/// The demo bank from the seed: three customers, each with 5,000.00 in
/// checking and 10,000.00 in savings. Passwords are public by design.
public enum DemoBank {
    public struct Customer: Sendable {
        public let username: String
        public let password: String
        public let phone: String
        public let smsVerification: Bool
        public let sitekeyImage: String
        public let sitekeyPhrase: String
        /// The name on the account, shown masked to payers ("Bob B.").
        public let displayName: String
    }

    public static let customers: [Customer] = [
        Customer(username: "alice", password: "wonderland-42", phone: "+1 555 0100", smsVerification: false,
                 sitekeyImage: "fox", sitekeyPhrase: "Down the rabbit hole",
                 displayName: "Alice Liddell"),
        Customer(username: "bob", password: "builder-2026", phone: "+1 555 0101", smsVerification: true,
                 sitekeyImage: "lighthouse", sitekeyPhrase: "Can we fix it? Yes we can",
                 displayName: "Bob Builder"),
        Customer(username: "carol", password: "quiet-harbor-7", phone: "+1 555 0102", smsVerification: false,
                 sitekeyImage: "sailboat", sitekeyPhrase: "Calm seas ahead",
                 displayName: "Carol Harbour"),
    ]

    /// Whether a customer is one of the seed's, shared by everyone at a demo
    /// (a guest, made with `g`, is its maker's own).
    public static func isShared(_ username: Username) -> Bool {
        customers.contains { $0.username == username.rawValue }
    }

    public static let openingBalances: [AccountKind: Money] = [
        .checking: Money(units: 5_000),
        .savings: Money(units: 10_000),
    ]

    /// Hashes the demo passwords (slow: argon2id) and builds the users to reset to.
    public static func users(using bank: Bank) throws -> [NewUser] {
        try customers.map { customer in
            try bank.prepareUser(username: try Username(validating: customer.username),
                                 password: Secret(customer.password),
                                 phone: try PhoneNumber(validating: customer.phone),
                                 sitekey: try Sitekey(image: customer.sitekeyImage, phrase: customer.sitekeyPhrase),
                                 smsVerification: customer.smsVerification,
                                 openingBalances: openingBalances, displayName: customer.displayName)
        }
    }

    public struct DemoDevice: Sendable {
        public let name: String
        public let biometry: BiometryType
    }

    /// The demo's simulated phones. Each has the device passcode below.
    public static let devices: [DemoDevice] = [
        DemoDevice(name: "iphone-touchid", biometry: .touchID),
        DemoDevice(name: "iphone-faceid", biometry: .faceID),
        DemoDevice(name: "old-phone", biometry: .none),
    ]

    public static let devicePasscode = "123456"
    public static let defaultDeviceName = "iphone-touchid"

    public static func newDevices(using bank: Bank) throws -> [NewDevice] {
        try devices.map { device in
            NewDevice(name: device.name, biometry: device.biometry, enrolled: device.biometry != .none,
                      passcodeHash: Secret(try bank.hasher.hash(Secret(devicePasscode))),
                      enrollmentState: device.biometry == .none ? nil : bank.random.hexIdentifier(bytes: 16))
        }
    }

    /// Wipes the bank and creates the demo customers and devices, in one transaction.
    public static func reset(_ bank: Bank, context: AuditContext) throws {
        try bank.store.reset(to: .demo, users: users(using: bank), devices: newDevices(using: bank),
                             at: bank.clock.now(), context: context)
    }
}
