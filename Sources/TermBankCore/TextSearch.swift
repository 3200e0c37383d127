/// Text found inside text, Character by Character, as the standard library's
/// `contains(_:)`, `firstRange(of:)` and `replacing(_:with:)` on strings do.
/// Those come from `_StringProcessing`, and using any of them links it and the
/// regex parser under it into the binary: 780 KB of code, 40 KiB of metadata
/// that every process relocates at start, and pages the first frame touched
/// (docs/benchmarks.md, "A lean binary"). The texts searched here are short
/// (a screen row, a description, a URL), so a plain scan is enough; inlinable,
/// so each caller gets it specialised for its String or Substring.
extension StringProtocol {
    /// Where `needle` first occurs; nil if nowhere (an empty needle is at the start).
    @inlinable
    public func firstRange(ofText needle: some StringProtocol) -> Range<Index>? {
        guard let first = needle.first else { return startIndex..<startIndex }
        var start = startIndex
        while let found = self[start...].firstIndex(of: first) {
            var here = found, there = needle.startIndex
            while there != needle.endIndex, here != endIndex, self[here] == needle[there] {
                formIndex(after: &here)
                needle.formIndex(after: &there)
            }
            if there == needle.endIndex { return found..<here }
            if here == endIndex { return nil }
            start = index(after: found)
        }
        return nil
    }

    /// Whether `needle` occurs anywhere; an empty needle does not (as with `contains(_:)`).
    @inlinable
    public func containsText(_ needle: some StringProtocol) -> Bool {
        !needle.isEmpty && firstRange(ofText: needle) != nil
    }

    /// A copy with every occurrence of `target`, left to right and not
    /// overlapping, replaced by `replacement`; unchanged if `target` is empty.
    @inlinable
    public func replacingText(_ target: some StringProtocol, with replacement: some StringProtocol) -> String {
        guard !target.isEmpty else { return String(self) }
        var result = ""
        var rest = self[...]
        while let found = rest.firstRange(ofText: target) {
            result += rest[..<found.lowerBound]
            result += replacement
            rest = rest[found.upperBound...]
        }
        result += rest
        return result
    }
}
