/// The texts of the frame around every screen.
public enum ChromeText: Equatable, Sendable {
    /// The title bar's brand.
    case brand
    /// "Signing out in 29 s for inactivity. …"
    case idleWarning(secondsLeft: Int64)
    /// Before sign-in: "Closing in 29 s for inactivity. …" (the core's `SessionPolicy.unsignedIdleSeconds`).
    case closingForInactivity(secondsLeft: Int64)
    case tooSmall
    /// "52x18; TermBank needs 60x20"
    case tooSmallSize(Size, needs: Size)
    case makeItLarger
    /// The client's window is past the largest the app draws (`AppState.maximumSize`).
    case tooLarge
    /// "3000x3000; TermBank draws at most 500x200"
    case tooLargeSize(Size, allows: Size)
    case makeItSmaller
    case keysTitle
    case anyKeyCloses
    /// Under the help's keys where letters are commands: a Ukrainian layout's letters work them (decision 38).
    case sameKeysOnAUkrainianLayout
    /// Last in a help too long for the body: it lists the keys the key bar does not, the bar the rest.
    case otherKeysOnTheBar
    /// Under the screen that asked, while an SMS command runs.
    case sendingACode
    /// Demo mode on a narrow terminal: the phone has a new message.
    case newMessageOnThePhone
    /// What opens the demo phone's banner of a new message, before the message's own first words.
    case phoneBanner
}
