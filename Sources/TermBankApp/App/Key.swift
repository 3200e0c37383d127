import TermBankCore

/// One keypress, as the app sees it: already decoded from whatever the
/// terminal sent, so screens and tests never deal in escape sequences.
public enum Key: Hashable, Sendable {
    case character(Character)
    case enter
    case escape
    case tab
    /// Shift-Tab.
    case backTab
    case up
    case down
    case left
    case right
    case backspace
    case delete
    case home
    case end
    case pageUp
    case pageDown
    /// Ctrl and a letter, lower case: Ctrl-C is `.control("c")`. The terminal
    /// is in raw mode, so Ctrl-C and Ctrl-Z arrive here rather than as signals.
    case control(Character)
    /// A function key: F2 is `.function(2)`.
    case function(Int)
    /// The terminal changed size; the new size.
    case resize(Size)
    /// Text the user pasted, delivered whole by the terminal's bracketed
    /// paste (`ESC[200~` … `ESC[201~`), never as keys: an Esc, a line break
    /// or a letter in it is text for the focused field, not a command. Still
    /// raw: each field takes it as it takes typed text (`TextEditing`), so
    /// control characters, Esc, tabs and line breaks never enter a field, and
    /// a screen without a text field ignores it.
    case paste(String)
    case unknown

    /// The key for one typed character (not a terminal function key).
    /// Backspace arrives as DEL (127) or BS (8) depending on the terminal, and
    /// Enter as CR or LF depending on its line settings.
    public init(typed scalar: Unicode.Scalar) {
        switch scalar.value {
        case 0x0D, 0x0A: self = .enter
        case 0x09: self = .tab
        case 0x1B: self = .escape
        case 0x08, 0x7F: self = .backspace
        case 0x01...0x1A:
            self = .control(Character(Unicode.Scalar(UInt8(scalar.value) - 1 + UInt8(ascii: "a"))))
        default:
            // Ctrl-@, Ctrl-\, C1 controls, bidi overrides: nothing a field
            // should ever hold.
            let text = String(Character(scalar))
            self = TerminalText.sanitized(text) == text ? .character(Character(scalar)) : .unknown
        }
    }
}
