import TermBankApp

/// How a style role looks on a colour terminal, as data: the painter turns
/// it into a curses colour pair, and the screen pictures in docs/screens
/// into SVG, so the pictures cannot drift from the terminal.
public struct RoleLook: Equatable, Sendable {
    /// The eight ANSI colours, and bright black for grey.
    public enum Colour: Int16, Sendable {
        case black = 0, red, green, yellow, blue, magenta, cyan, white
        case brightBlack = 8
    }

    public enum Emphasis: Sendable {
        case normal, bold, dim, reverse
    }

    /// nil: the terminal's own foreground.
    public let ink: Colour?
    /// nil: the terminal's own background.
    public let paper: Colour?
    public let emphasis: Emphasis

    public init(ink: Colour?, paper: Colour? = nil, _ emphasis: Emphasis = .normal) {
        self.ink = ink
        self.paper = paper
        self.emphasis = emphasis
    }

    /// The look of each role on a terminal with at least 16 colours. The
    /// painter draws grey as bold black where there are only eight.
    public static func of(_ role: StyleRole) -> RoleLook {
        switch role {
        case .normal: RoleLook(ink: nil)
        case .title: RoleLook(ink: nil, .bold)
        case .accent: RoleLook(ink: .cyan, .bold)
        case .error: RoleLook(ink: .red, .bold)
        case .success: RoleLook(ink: .green)
        case .warning: RoleLook(ink: .yellow, .bold)
        case .muted: RoleLook(ink: nil, .dim)
        // Reverse video follows the user's theme, light or dark.
        case .focus: RoleLook(ink: nil, .reverse)
        case .field: RoleLook(ink: .black, paper: .white)
        case .red: RoleLook(ink: .red)
        case .green: RoleLook(ink: .green)
        case .yellow: RoleLook(ink: .yellow)
        case .blue: RoleLook(ink: .blue)
        case .magenta: RoleLook(ink: .magenta)
        case .cyan: RoleLook(ink: .cyan)
        case .white: RoleLook(ink: .white, .bold)
        case .grey: RoleLook(ink: .brightBlack)
        }
    }
}
