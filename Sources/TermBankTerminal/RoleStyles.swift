import CNcursesw
import TermBankApp

/// How each style role looks on this terminal: one colour pair per role,
/// allocated once at start, or attributes alone when the terminal has no
/// colours (TERM=vt100) or too few pairs.
struct RoleStyle {
    let attributes: attr_t
    let pair: Int16
    /// A blank in this look, made once by `setcchar`: the painter copies it
    /// and puts a cell's character in, instead of a `setcchar` per cell.
    let template: cchar_t

    init(attributes: attr_t, pair: Int16) {
        self.attributes = attributes
        self.pair = pair
        template = Painter.cchar(wchar_t(UInt8(ascii: " ")), attributes: attributes, pair: pair)
    }
}

/// Each table is in `StyleRole.index` order, an array: a dictionary keyed by
/// role cost the first frame 0.2 million instructions to build and hash.
enum RoleStyles {
    private static let defaultColour: Int16 = -1

    /// Call after `start_color`; initialises the pairs it hands out.
    static func colour() -> [RoleStyle]? {
        guard has_colors(), start_color() == OK,
              Int(termbank_color_pairs()) > StyleRole.allCases.count else { return nil }
        // Keep the user's own foreground and background where we can; a
        // terminal without that gets white on black.
        let usesDefaults = use_default_colors() == OK
        let foreground = usesDefaults ? defaultColour : Int16(COLOR_WHITE)
        let background = usesDefaults ? defaultColour : Int16(COLOR_BLACK)
        // Bright black where there are 16 colours; otherwise black made bold,
        // which most terminals show as grey.
        let grey: (Int16, attr_t) = termbank_colors() >= 16 ? (8, termbank_a_normal()) : (Int16(COLOR_BLACK), termbank_a_bold())

        var styles: [RoleStyle] = []
        styles.reserveCapacity(StyleRole.allCases.count)
        for (index, role) in StyleRole.allCases.enumerated() {
            let look = RoleLook.of(role)
            var ink = look.ink.map(\.rawValue) ?? foreground
            let paper = look.paper.map(\.rawValue) ?? background
            var attributes: attr_t = switch look.emphasis {
            case .normal: termbank_a_normal()
            case .bold: termbank_a_bold()
            case .dim: termbank_a_dim()
            case .reverse: termbank_a_reverse()
            }
            if look.ink == .brightBlack { (ink, attributes) = grey }
            // The terminal's own colours are pair 0 once `use_default_colors`
            // took: ncurses then leaves colour out of the change and turns
            // plain text back on with `sgr0`, where a pair of its own made
            // every change a `set_attributes` formatted through tparm (a
            // seventh of the first frame's painting, docs/benchmarks.md).
            if usesDefaults && ink == defaultColour && paper == defaultColour {
                styles.append(RoleStyle(attributes: attributes, pair: 0))
                continue
            }
            let pair = Int16(index + 1)
            init_pair(pair, ink, paper)
            styles.append(RoleStyle(attributes: attributes, pair: pair))
        }
        return styles
    }

    /// Without colours: the roles that carry meaning (errors, focus, fields)
    /// stay distinguishable; the picture colours fall back to plain text.
    static func monochrome() -> [RoleStyle] {
        StyleRole.allCases.map { role in
            let attributes: attr_t = switch role {
            case .title, .accent, .error, .warning, .white: termbank_a_bold()
            case .muted, .grey: termbank_a_dim()
            case .focus: termbank_a_reverse()
            case .field: termbank_a_underline()
            case .normal, .success, .red, .green, .yellow, .blue, .magenta, .cyan: termbank_a_normal()
            }
            return RoleStyle(attributes: attributes, pair: 0)
        }
    }
}

extension StyleRole {
    /// The role's place in `allCases` (declaration order), for array lookups.
    var index: Int {
        switch self {
        case .normal: 0
        case .title: 1
        case .accent: 2
        case .error: 3
        case .success: 4
        case .warning: 5
        case .muted: 6
        case .focus: 7
        case .field: 8
        case .red: 9
        case .green: 10
        case .yellow: 11
        case .blue: 12
        case .magenta: 13
        case .cyan: 14
        case .white: 15
        case .grey: 16
        }
    }
}
