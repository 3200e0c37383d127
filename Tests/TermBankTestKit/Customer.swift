/// A customer as a test signs in: what they type and what they expect to see.
public struct Customer: Sendable {
    public let name: String
    public let password: String
    /// The phrase under their sitekey picture; empty for a demo guest whose phrase the test does not know.
    public let sitekeyPhrase: String
    /// Their number as the screens mask it; empty when the test does not know it.
    public let phone: String

    public init(name: String, password: String, sitekeyPhrase: String = "", phone: String = "") {
        self.name = name
        self.password = password
        self.sitekeyPhrase = sitekeyPhrase
        self.phone = phone
    }

    // The demo bank's customers (README): alice and carol have SMS verification off, bob on.
    public static let alice = Customer(name: "alice", password: "wonderland-42", sitekeyPhrase: "Down the rabbit hole",
                                       phone: "+1 ***-***-0100")
    public static let bob = Customer(name: "bob", password: "builder-2026", sitekeyPhrase: "Can we fix it? Yes we can",
                                     phone: "+1 ***-***-0101")
    public static let carol = Customer(name: "carol", password: "quiet-harbor-7", sitekeyPhrase: "Calm seas ahead",
                                       phone: "+1 ***-***-0102")
}
