/// A row of eighth blocks (`▁▂▃▄▅▆▇█`) for a series of values, lowest to
/// highest; in ASCII (`_.-:=+*#`) where the terminal is not UTF-8.
public enum Sparkline {
    public static let blocks: [Character] = Array("▁▂▃▄▅▆▇█")
    public static let ascii: [Character] = Array("_.-:=+*#")

    /// One character per value. A flat series sits on the middle level.
    public static func line(_ values: [Int64], unicode: Bool) -> String {
        let levels = unicode ? blocks : ascii
        guard let low = values.min(), let high = values.max() else { return "" }
        let span = Double(high) - Double(low)
        return String(values.map { value in
            guard span > 0 else { return levels[levels.count / 2 - 1] }
            let level = Int(((Double(value) - Double(low)) / span * Double(levels.count - 1)).rounded())
            return levels[min(levels.count - 1, max(0, level))]
        })
    }
}

/// Daily money in (up from an axis) and out (down from it) as bars one
/// column wide, in half blocks: each cell is two steps of height. In ASCII
/// where the terminal is not UTF-8 (`#` a whole cell, `.` and `'` a half).
public enum FlowBars {
    /// Rows of the picture, top first: `height` rows of money in, the axis,
    /// `height` rows of money out. `scale` is the amount a full bar stands for.
    public static func rows(_ days: [(moneyIn: Int64, moneyOut: Int64)], height: Int, unicode: Bool) -> [String] {
        guard height > 0 else { return [] }
        let scale = max(1, days.map { max($0.moneyIn, -$0.moneyOut) }.max() ?? 1)
        let steps = 2 * height
        // Half cells each bar fills: at least one for any money, so a small day still shows.
        func halves(_ amount: Int64) -> Int {
            guard amount > 0 else { return 0 }
            return max(1, Int((Double(amount) / Double(scale) * Double(steps)).rounded()))
        }
        let ins = days.map { halves($0.moneyIn) }
        let outs = days.map { halves(-$0.moneyOut) }
        let full: Character = unicode ? "█" : "#"
        var result: [String] = []
        // Money in: the cell nearest the axis (k = 0) fills first, from its lower half.
        for k in (0..<height).reversed() {
            result.append(String(ins.map { filled in
                filled >= 2 * (k + 1) ? full : filled == 2 * k + 1 ? (unicode ? "▄" : ".") : " "
            }))
        }
        result.append(String(repeating: unicode ? "─" : "-", count: days.count))
        // Money out: from the axis down, each cell from its upper half.
        for k in 0..<height {
            result.append(String(outs.map { filled in
                filled >= 2 * (k + 1) ? full : filled == 2 * k + 1 ? (unicode ? "▀" : "'") : " "
            }))
        }
        return result
    }
}
