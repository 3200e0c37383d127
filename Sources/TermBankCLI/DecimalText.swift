/// The two number formats the command line printed with `String(format:)`
/// ("%.4f", "%03d"): that call comes from Foundation, which links ICU.
package enum DecimalText {
    /// `value` rounded half away from zero to `places` decimals: fixed(0.00125, places: 4) is "0.0013".
    package static func fixed(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return String(value) }
        var scale: Int64 = 1
        for _ in 0..<max(0, places) { scale *= 10 }
        let scaled = (value.magnitude * Double(scale)).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9.0e18 else { return String(value) }
        let units = Int64(scaled)
        let sign = value < 0 && units != 0 ? "-" : ""
        let whole = String(units / scale)
        guard places > 0 else { return sign + whole }
        return sign + whole + "." + zeroPadded(Int(units % scale), width: places)
    }

    /// `value` with leading zeros to at least `width` digits: zeroPadded(7, width: 3) is "007".
    package static func zeroPadded(_ value: Int, width: Int) -> String {
        let digits = String(value.magnitude)
        let padding = String(repeating: "0", count: max(0, width - digits.count))
        return (value < 0 ? "-" : "") + padding + digits
    }
}
