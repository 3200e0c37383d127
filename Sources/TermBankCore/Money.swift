/// An amount of money in integer minor units (cents). Money never touches
/// floating point: a bank that rounds is a bank that loses cents.
public struct Money: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let minorUnits: Int64

    public init(minorUnits: Int64) { self.minorUnits = minorUnits }

    /// Whole units and cents, e.g. `Money(units: 5_000)` is 5,000.00.
    public init(units: Int64, cents: Int64 = 0) {
        self.minorUnits = units * 100 + cents
    }

    public static let zero = Money(minorUnits: 0)

    public static func < (lhs: Money, rhs: Money) -> Bool { lhs.minorUnits < rhs.minorUnits }

    /// Overflow-checked arithmetic: nil rather than a trap or a wrapped value.
    public func adding(_ other: Money) -> Money? {
        let (sum, overflow) = minorUnits.addingReportingOverflow(other.minorUnits)
        return overflow ? nil : Money(minorUnits: sum)
    }

    public func subtracting(_ other: Money) -> Money? {
        let (difference, overflow) = minorUnits.subtractingReportingOverflow(other.minorUnits)
        return overflow ? nil : Money(minorUnits: difference)
    }

    public var negated: Money? {
        minorUnits == .min ? nil : Money(minorUnits: -minorUnits)
    }

    /// "1,250.00", "-5.00": grouped units, always two decimals, no currency
    /// sign, in English (logs, the operator CLI). Screens write amounts through
    /// their catalog's `NumberConventions`.
    public var description: String { NumberConventions.english.amount(self) }

    /// "$1,250.00", "-$5.00": English, with the dollar sign.
    public var formattedWithSign: String { NumberConventions.english.money(self) }
}
