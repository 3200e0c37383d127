import TermBankCore

/// Times as the screens write them: shared by views and by the notices
/// features compose, so no reducer reaches into a view for them.
enum TimeText {
    /// "11-30 00:53" (UTC).
    static func short(_ time: Timestamp) -> String {
        String(time.description.dropFirst(5).prefix(11)).replacingOccurrences("T", " ")
    }
}
