/// The country calling code an E.164 number starts with, by ITU-T E.164's
/// assignment ("List of ITU-T Recommendation E.164 assigned country codes",
/// the ITU Operational Bulletin's annex). Codes are prefix-free: 1 and 7 are
/// the only one-digit codes, the two-digit ones are listed below, and every
/// other code is three digits (+351 Portugal, +380 Ukraine, +290 Saint
/// Helena, and the spare and shared ones such as +800 and +883).
///
/// The table changes when the ITU assigns a new two-digit code, which has not
/// happened since the 1990s; a three-digit code needs no entry.
public enum CountryCallingCode {
    /// Zone 1 (the North American Numbering Plan) and zone 7 (Russia, Kazakhstan).
    static let oneDigit: Set<Character> = ["1", "7"]

    /// Zones 2 to 9's two-digit codes: 20 Egypt, 27 South Africa, 30-34 and 36
    /// Greece to Spain and Hungary, 39 Italy, 40-41 and 43-49 Romania to
    /// Germany, 51-58 Peru to Venezuela (55 Brazil), 60-66 Malaysia to
    /// Thailand, 81-86 Japan, Korea, Vietnam, China, 90-95 and 98 Turkey to
    /// Myanmar and Iran.
    static let twoDigit: Set<String> = [
        "20", "27",
        "30", "31", "32", "33", "34", "36", "39",
        "40", "41", "43", "44", "45", "46", "47", "48", "49",
        "51", "52", "53", "54", "55", "56", "57", "58",
        "60", "61", "62", "63", "64", "65", "66",
        "81", "82", "84", "86",
        "90", "91", "92", "93", "94", "95", "98",
    ]

    /// How many of the digits after the "+" are the country code: 1, 2 or 3.
    public static func length(ofCodeIn digits: Substring) -> Int {
        guard let first = digits.first else { return 0 }
        if oneDigit.contains(first) { return 1 }
        return twoDigit.contains(String(digits.prefix(2))) ? 2 : min(3, digits.count)
    }
}
