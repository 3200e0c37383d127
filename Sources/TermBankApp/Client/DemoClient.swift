import TermBankCore

/// Demo mode only: a new guest customer, the simulated phone of the
/// customer being signed in, the guided story's marks, and, in the phone
/// window, which customer's phone to show. The demo feature's effects run against it.
public struct DemoClient: Sendable {
    /// A guest customer whose sitekey phrase is in the language given (the one on screen).
    public var createGuest: @Sendable (Language) throws -> GuestCredentials = unimplemented("demo.createGuest")
    public var phoneInbox: @Sendable () throws -> PhoneInbox? = unimplemented("demo.phoneInbox")
    /// The guided story's marks, as the bank recorded them for the customer
    /// this terminal follows (nil: none yet).
    public var storyProgress: @Sendable () throws -> StoryProgress? = unimplemented("demo.storyProgress")
    public var watchPhone: @Sendable (_ username: String) throws -> Void = unimplemented("demo.watchPhone")

    public init() {}
}
