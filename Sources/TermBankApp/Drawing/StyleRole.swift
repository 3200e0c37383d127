/// What a cell means, not what colour it is: the painter decides how each
/// role looks on the terminal at hand (colours, or bold/reverse/dim without).
public enum StyleRole: CaseIterable, Hashable, Sendable {
    case normal
    case title
    case accent
    case error
    case success
    case warning
    case muted
    /// The selected item, drawn in reverse video.
    case focus
    /// The background of a text field, so an empty field is still visible.
    case field

    // Colours of the sitekey pictures, where the colour itself is the point.
    case red
    case green
    case yellow
    case blue
    case magenta
    case cyan
    case white
    case grey
}
