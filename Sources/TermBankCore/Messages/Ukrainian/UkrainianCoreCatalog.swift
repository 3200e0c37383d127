/// The bank's words in Ukrainian (uk): every sentence the core can produce,
/// as a Ukrainian bank's app writes them (formal "ви"; "переказ", "рахунок",
/// "код підтвердження"; the 2FA terms of seed 004: "двофакторна
/// аутентифікація", "резервні коди", "довірений пристрій"). The terms are
/// listed in docs/glossary/uk.md. Split by area like `EnglishCoreCatalog`.
///
/// Counts take three forms (`.eastSlavic`): "1 спроба", "3 спроби",
/// "5 спроб", with 11–14 in the last; a verb or adjective before the count
/// agrees with it too ("залишилась 1 спроба", "залишилось 5 спроб").
public struct UkrainianCoreCatalog: CoreCatalog {
    public init() {}

    public var pluralRule: PluralRule { .eastSlavic }

    /// "1 250,00 USD": a comma before the cents, a no-break space between thousands.
    public var numbers: NumberConventions { .ukrainian }

    /// Day before month, Ukrainian month names ("30 лис 14:05", "30 листопада 2026 р.").
    public var dates: DateConventions { .ukrainian }

    /// A count and its noun in the form the count asks for; `other` (for
    /// fractions, which counts never are) takes the `few` form, as CLDR's does.
    func counted(_ count: Int64, one: String, few: String, many: String) -> String {
        "\(count) \(plural(Int(clamping: count), one: one, few: few, many: many, other: few))"
    }

    /// A duration after "через", "понад", "діє": "1 хвилину", "3 хвилини", "5 хвилин".
    func minutes(_ count: Int64) -> String { counted(count, one: "хвилину", few: "хвилини", many: "хвилин") }

    /// "1 секунду", "3 секунди", "5 секунд" (after "через").
    func seconds(_ count: Int64) -> String { counted(count, one: "секунду", few: "секунди", many: "секунд") }

    /// How long a code still works (after "діє"), never more than is left:
    /// seconds under a minute ("23 секунди"), else whole minutes rounded down
    /// ("4 хвилини" with 4:59 left).
    func timeLeft(_ seconds: Int64) -> String { seconds < 60 ? self.seconds(seconds) : minutes(seconds / 60) }

    /// "1 символ", "3 символи", "12 символів" (after "щонайменше", "щонайбільше").
    func characters(_ count: Int) -> String { counted(Int64(count), one: "символ", few: "символи", many: "символів") }

    /// "Залишилась 1 спроба.", "Залишилось 3 спроби.", "Залишилось 5 спроб.":
    /// the verb agrees with the count's form.
    func attemptsLeft(_ count: Int) -> String {
        let left = plural(count, one: "Залишилась", other: "Залишилось")
        return "\(left) \(counted(Int64(count), one: "спроба", few: "спроби", many: "спроб"))."
    }

    /// An account named after "з" (genitive): "з Поточного", "з Ощадного".
    public func from(_ kind: AccountKind) -> String {
        switch kind {
        case .checking: return "з Поточного"
        case .savings: return "з Ощадного"
        }
    }

    /// An account named after "на" (accusative, the same as its name): "на Ощадний".
    public func to(_ kind: AccountKind) -> String { "на \(text(kind))" }
}
