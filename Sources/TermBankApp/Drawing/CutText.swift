/// Text cut to a number of cells: the one way every screen shortens a name,
/// a description or a reference that is wider than its column. A cut text
/// ends with an ellipsis, so "Payment from guest-fleet-…" reads as cut,
/// never as a name that is complete (decision 61: "Payment from guest-fleet-").
/// Cells, not characters: an emoji or a wide letter takes two.
extension Frame {
    public static let ellipsis: Character = "…"

    /// The text if it fits `width` cells, else as much of it as fits with an
    /// ellipsis in the last cell.
    public static func cut(_ text: String, toColumns width: Int) -> String {
        guard width > 0 else { return "" }
        if columns(of: text) <= width { return text }
        var kept = ""
        var used = 0
        for (character, cells) in cellCharacters(text) {
            if used + cells > width - 1 { break }
            kept.append(character)
            used += cells
        }
        // A cut just after a space would read "Payment from …": the space goes.
        while kept.last == " " { kept.removeLast() }
        return kept + String(ellipsis)
    }

    /// The text in exactly `width` cells: cut as `cut` does, then padded with blanks.
    public static func fitted(_ text: String, toColumns width: Int) -> String {
        let shown = cut(text, toColumns: width)
        return shown + String(repeating: " ", count: max(0, width - columns(of: shown)))
    }
}
