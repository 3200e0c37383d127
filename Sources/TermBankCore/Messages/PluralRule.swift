/// The plural categories of Unicode CLDR. A language uses some of them:
/// English and Italian `one` and `other`; Ukrainian `one`, `few`, `many`
/// (and `other` for fractions, which counts here never are).
public enum PluralCategory: Sendable, Equatable {
    case one, few, many, other
}

/// How a language picks the form of a word for a count: CLDR's integer rules
/// (plurals.xml), written out so that no ICU is linked. One rule per language
/// the catalogs speak; a new language adds its rule here and its catalog.
public enum PluralRule: Sendable, Equatable {
    /// en, it: 1 is `one`, everything else `other` ("1 attempt", "2 attempts", "0 attempts").
    case oneOrOther
    /// pt (Brazil): 0 and 1 are `one` ("0 tentativa", "1 tentativa"), the rest `other`.
    case zeroOrOneOrOther
    /// uk: 1, 21, 31… `one`; 2–4, 22–24… `few`; 0, 5–20, 25–30… `many`
    /// (11–14 are `many`: "11 спроб", "21 спроба", "22 спроби").
    case eastSlavic

    public func category(_ count: Int) -> PluralCategory {
        let n = count.magnitude
        switch self {
        case .oneOrOther:
            return n == 1 ? .one : .other
        case .zeroOrOneOrOther:
            return n <= 1 ? .one : .other
        case .eastSlavic:
            let lastDigit = n % 10, lastTwo = n % 100
            if lastDigit == 1 && lastTwo != 11 { return .one }
            if (2...4).contains(lastDigit) && !(12...14).contains(lastTwo) { return .few }
            return .many
        }
    }

    /// The form for `count` among a word's forms; a language without a
    /// category (English has no `few`) never asks for it, and a missing form
    /// falls back to `other`.
    public func choose(_ count: Int, one: String, few: String? = nil, many: String? = nil, other: String) -> String {
        switch category(count) {
        case .one: return one
        case .few: return few ?? other
        case .many: return many ?? other
        case .other: return other
        }
    }
}
