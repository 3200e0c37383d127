/// The keys that answer a yes-or-no question in one language: the initials
/// of its own words for yes and no ("т Так  н Ні", "s Sim  n Não"), and the
/// Latin y and n, which keep their meaning in every language (decision 34).
///
/// A terminal sends characters, not key positions, so an answer is read by
/// the letter typed: on a Ukrainian layout the key marked Y types "н", the
/// initial of "Ні", and answers no, never yes. Each catalog names its keys
/// beside the words they stand for, so the question's hint, the key bar,
/// the help overlay and the reducer cannot disagree.
public struct AnswerKeys: Equatable, Sendable {
    public enum Answer: Equatable, Sendable { case yes, no }

    /// The key the hint shows for yes: the initial of the language's yes.
    public let yes: Character
    /// The key the hint shows for no: the initial of the language's no.
    public let no: Character
    /// Every key read as yes, lower case: `yes`, then the Latin y where it is not `yes`.
    public var yesKeys: Set<Character> { [yes, "y"] }
    /// Every key read as no, lower case.
    public var noKeys: Set<Character> { [no, "n"] }

    /// The language's initials, plus Latin y and n: a customer used to
    /// English (or on an English layout) answers as they always have.
    /// A language whose own initials were the Latin ones the other way
    /// round could not keep them, so that is refused when the catalog is made.
    ///
    /// Two letters compared, not sets: the English catalog's keys are made
    /// for the login screen's help, and a `Set<Character>` there cost the
    /// first frame 0.1 million instructions (its metadata, Character's
    /// Hashable conformance looked up, hashing); docs/benchmarks.md.
    public init(yes: Character, no: Character) {
        precondition(yes != no && yes != "n" && no != "y", "a key that means both yes and no")
        self.yes = yes
        self.no = no
    }

    /// What a key answers, or nil for any other key. Capitals count as
    /// their small letters (Caps Lock, Shift); Enter and Esc are the
    /// question's to decide, not the language's.
    public func answer(to key: Key) -> Answer? {
        guard case .character(let typed) = key else { return nil }
        let small = Character(typed.lowercased())
        if small == yes || small == "y" { return .yes }
        if small == no || small == "n" { return .no }
        return nil
    }

    /// en: y and n.
    public static let english = AnswerKeys(yes: "y", no: "n")
    /// pt-BR: s (sim) and n (não); y too, as in glibc's pt_BR `yesexpr` "^[+1SsyY]".
    public static let portugueseBrazil = AnswerKeys(yes: "s", no: "n")
    /// it: s (sì) and n (no); y too, as in glibc's it_IT `yesexpr` "^[+1sSyY]".
    public static let italian = AnswerKeys(yes: "s", no: "n")
    /// uk: т (так) and н (ні); Latin y and n too, as glibc's uk_UA `yesexpr`
    /// "^([+1Yy]|[Тт][Аа][Кк]?)$" and `noexpr` "^([-0Nn]|[Нн][Іі])$" read them.
    public static let ukrainian = AnswerKeys(yes: "т", no: "н")
}
