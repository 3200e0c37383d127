import TermBankCore

/// Demo mode's texts: the welcome screen, the guest's card, the guided path,
/// the simulated phone. The phone's messages are the bank's texts as sent,
/// in the customer's language: data here, not words of the app.
public enum DemoText: Equatable, Sendable {
    case story(step: Int)
    case storyLead
    case welcomeTitle
    case newCustomer
    case newCustomerDetail
    case signIn
    case sharedCustomers
    case sharedCustomersMore
    /// Under the shared customers: their settings are one customer's, so everyone's (decision 46).
    case sharedSettings
    case makingCustomer
    case cardTitle
    case noteThePassword
    case usernameLabel
    case passwordLabel
    case phoneSimulated(masked: String)
    case smsOnRemovedIn(hours: Int64)
    case pressEnterToSignIn
    case phoneTitle
    case phoneOnTheRight
    case ctrlPShowsThePhone
    case noCustomerYet
    case newMessage
    case noMessagesYet
    /// When a message arrived: "06:58:12 UTC".
    case received(Timestamp)
    case channel(sms: Bool)
    case newTag
    /// The phone's authenticator app (decision 58), over its code.
    case authenticatorApp
    /// Beside the code: how long it still holds.
    case secondsLeft(Int64)
    /// Under the code while the set-up waits for it.
    case scannedTheQRCode
    /// The phone's note with the guest's username and password (decision 59).
    case passwordsNote
    case whosePhone
    case chooseTheCustomer
}
