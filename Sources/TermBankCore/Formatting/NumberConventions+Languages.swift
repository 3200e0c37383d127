/// The four languages' conventions. Each figure names its source:
/// glibc's locale data (Debian's `locales` package, /usr/share/i18n/locales/,
/// LC_NUMERIC and LC_MONETARY) and CLDR (common/main/*.xml, numbers: symbols,
/// currencyFormats, minimumGroupingDigits; currencies: the USD symbol).
/// Where the two disagree, CLDR wins and the comment says why.
/// See docs/languages.md, "Numbers, money and dates".
extension NumberConventions {
    /// en (en_US): decimal_point ".", thousands_sep ",", grouping 3;3 (glibc
    /// en_US LC_NUMERIC); currency_symbol "$", p_cs_precedes 1,
    /// p_sep_by_space 0 (glibc en_US LC_MONETARY); CLDR en agrees ("¤#,##0.00",
    /// minimumGroupingDigits 1). Byte for byte what the bank has always shown.
    public static let english = NumberConventions(
        decimalSeparator: ".", groupSeparator: ",", groupSeparatorsRead: [","],
        minimumGroupingDigits: 1, currencySymbol: "$", symbolPrecedes: true, symbolSpacing: "")

    /// pt-BR: decimal_point ",", thousands_sep ".", grouping 3;3 (glibc pt_BR
    /// LC_NUMERIC); the symbol before the number, separated by a space
    /// (p_cs_precedes 1, p_sep_by_space 1, glibc pt_BR LC_MONETARY; CLDR pt
    /// "¤ #,##0.00" with U+00A0); CLDR pt minimumGroupingDigits 1; the dollar is
    /// "US$" (CLDR pt currencies, USD symbol).
    public static let portugueseBrazil = NumberConventions(
        decimalSeparator: ",", groupSeparator: ".", groupSeparatorsRead: ["."],
        minimumGroupingDigits: 1, currencySymbol: "US$", symbolPrecedes: true, symbolSpacing: "\u{A0}")

    /// it: decimal_point ",", thousands_sep "." (glibc it_IT LC_NUMERIC; CLDR
    /// it symbols); the symbol after the number, separated by a space (CLDR it
    /// "#,##0.00 ¤" with U+00A0; glibc it_IT puts "€" first, which CLDR and
    /// Italian banks do not do for a code like USD); the dollar is "USD" (CLDR
    /// it currencies, USD symbol). minimumGroupingDigits 2 (CLDR it since CLDR 46;
    /// 1 before): four-digit amounts are not grouped, "1250,00 USD", and five
    /// digits are, "12.500,00 USD". glibc's grouping 3;3 would write
    /// "1.250,00"; the parser accepts both.
    public static let italian = NumberConventions(
        decimalSeparator: ",", groupSeparator: ".", groupSeparatorsRead: ["."],
        minimumGroupingDigits: 2, currencySymbol: "USD", symbolPrecedes: false, symbolSpacing: "\u{A0}")

    /// uk: decimal_point "," (glibc uk_UA LC_NUMERIC; CLDR uk); the group
    /// separator is a no-break space U+00A0 (CLDR uk symbols). glibc uk_UA
    /// writes U+202F (narrow no-break space) instead; the app writes CLDR's
    /// U+00A0, which every terminal font has at one column, and reads both, as
    /// well as the plain space people type. The symbol after the number with a
    /// no-break space (CLDR uk "#,##0.00 ¤"; glibc uk_UA p_cs_precedes 0); the
    /// dollar is "USD" (CLDR uk currencies, USD symbol); CLDR uk
    /// minimumGroupingDigits 1 ("1 250,00 USD"; glibc's comment calls 1000 an
    /// exception it cannot express).
    public static let ukrainian = NumberConventions(
        decimalSeparator: ",", groupSeparator: "\u{A0}", groupSeparatorsRead: [" ", "\u{A0}", "\u{202F}"],
        minimumGroupingDigits: 1, currencySymbol: "USD", symbolPrecedes: false, symbolSpacing: "\u{A0}")
}
