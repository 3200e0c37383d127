/// How many terminal columns a character takes, as terminals (wcwidth) count
/// them. A frame cell is one column: a wide character takes two cells (its
/// own and a tail); anything whose width terminals disagree on would shift
/// the rest of its row on screen while the frame believes otherwise, so such
/// characters are replaced before they reach a cell.
///
/// East Asian Ambiguous characters (box drawing, block elements, U+FFFD) count
/// as 1, as in every non-CJK terminal setting; the sitekey pictures rely on it.
public enum CellWidth {
    /// 0 (combining, zero-width, control), 1, or 2 (East Asian Wide or
    /// Fullwidth, emoji shown as emoji by default).
    public static func columns(of scalar: Unicode.Scalar) -> Int {
        if isZeroWidth(scalar) { return 0 }
        if isWide(scalar) { return 2 }
        return 1
    }

    /// Whether the character may occupy a cell: a single scalar, one column,
    /// with a known meaning. Clusters (a letter with a separate combining mark,
    /// flags, ZWJ emoji, variation selectors) are refused even when they might
    /// be one column, because terminals disagree on how wide they are; so are
    /// private-use and unassigned scalars, whose width depends on the font or on
    /// a newer Unicode table than ours.
    public static func fitsOneCell(_ character: Character) -> Bool {
        cells(for: character) == 1
    }

    /// How many cells a character may take in a frame: 1, 2 for a single
    /// East Asian Wide or emoji scalar, or nil when it may not be drawn at all
    /// (clusters, private-use and unassigned scalars as for `fitsOneCell`,
    /// lone regional indicators, and zero-width characters).
    public static func cells(for character: Character) -> Int? {
        if character.isASCII { return character.asciiValue.map { $0 >= 0x20 && $0 < 0x7F ? 1 : nil } ?? nil }
        let scalars = character.unicodeScalars
        guard let scalar = scalars.first, scalars.count == 1 else { return nil }
        // Box drawing and block elements, what every screen's frames are made
        // of: all assigned, one column (East Asian Ambiguous), never marks or
        // emoji, so the property tables below need not be read for them (the
        // login box's border was a tenth of the first frame's instructions).
        if boxDrawing.contains(scalar.value) { return 1 }
        return measured(scalar)
    }

    /// U+2500 to U+259F: Box Drawing and Block Elements.
    static var boxDrawing: ClosedRange<UInt32> { 0x2500...0x259F }

    /// `cells(for:)` of one non-ASCII scalar, from the Unicode properties.
    static func measured(_ scalar: Unicode.Scalar) -> Int? {
        // A lone regional indicator is half a flag: one column in some
        // terminals, two in others.
        if (0x1F1E6...0x1F1FF).contains(scalar.value) { return nil }
        switch scalar.properties.generalCategory {
        case .privateUse, .unassigned, .surrogate: return nil
        default:
            let width = columns(of: scalar)
            return width == 0 ? nil : width
        }
    }

    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1160...0x11FF, 0xD7B0...0xD7FF: return true   // Hangul vowels and finals that join the syllable before
        default: break
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark, .format, .control,
             .lineSeparator, .paragraphSeparator:
            return true
        default:
            return false
        }
    }

    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        // Regional indicators are "neutral" in the table, but terminals draw
        // them as emoji (a lone one or half a flag), often two columns wide.
        if (0x1F1E6...0x1F1FF).contains(value) { return true }
        // Emoji added after the table below was made.
        if scalar.properties.isEmojiPresentation { return true }
        var low = 0, high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound { high = middle - 1 }
            else if value > range.upperBound { low = middle + 1 }
            else { return true }
        }
        return false
    }

    /// East Asian Width W and F from Unicode 14.0's EastAsianWidth.txt, sorted,
    /// with runs joined across unassigned code points; planes 2 and 3 are wide
    /// throughout, as the file's defaults say.
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0,
        0x23F3...0x23F3, 0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F,
        0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5,
        0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5,
        0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728,
        0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E, 0x3041...0x3247, 0x3250...0x4DBF, 0x4E00...0xA4C6, 0xA960...0xA97C,
        0xAC00...0xD7A3, 0xF900...0xFAD9, 0xFE10...0xFE19, 0xFE30...0xFE6B, 0xFF01...0xFF60,
        0xFFE0...0xFFE6, 0x16FE0...0x1B2FB, 0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E,
        0x1F191...0x1F19A, 0x1F200...0x1F320, 0x1F32D...0x1F335, 0x1F337...0x1F37C,
        0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3, 0x1F3E0...0x1F3F0,
        0x1F3F4...0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440...0x1F440, 0x1F442...0x1F4FC,
        0x1F4FF...0x1F53D, 0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A...0x1F57A,
        0x1F595...0x1F596, 0x1F5A4...0x1F5A4, 0x1F5FB...0x1F64F, 0x1F680...0x1F6C5,
        0x1F6CC...0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6DF, 0x1F6EB...0x1F6EC,
        0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7F0, 0x1F90C...0x1F93A, 0x1F93C...0x1F945,
        0x1F947...0x1F9FF, 0x1FA70...0x1FAF6, 0x20000...0x3FFFD,
    ]
}
