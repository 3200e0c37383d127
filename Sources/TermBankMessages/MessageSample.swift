import TermBankApp
import TermBankCore

/// A message value a catalog words, so the export can ask every language's
/// catalog for it: each message type says which catalog function words it.
public protocol CatalogMessage: Sendable {
    func words(in catalog: any AppCatalog) -> String
}

/// One message with sample arguments, as the export shows it to translators:
/// the catalog's words for it with each argument replaced by a named
/// placeholder (`{amount}`), under a stable key made of its type, its case and
/// the choices among its arguments that change the words (a nested case, a
/// `Bool`, a missing value).
public struct MessageSample: Sendable {
    /// The message's type as declared ("SignInText", "PasswordSignIn.Refusal").
    public let type: String
    /// The case of that type the sample is.
    public let caseName: String
    /// The stable key: the PO entry's `msgctxt`.
    public let key: String
    /// A note for the translator beyond the declarations' comments (a width limit).
    public private(set) var note: String?
    /// The placeholder of the count a message's words agree with, if it has
    /// one: the export words it for each of a language's plural forms.
    public let count: String?
    let arguments: [Argument]
    /// The words for a count (ignored by a sample without one).
    let words: @Sendable (Int64, any AppCatalog) -> String

    /// The count a sample shows unless a plural form asks for another:
    /// "many" in Ukrainian, "other" elsewhere.
    public static let sampleCount: Int64 = 37

    /// The sample's text in a catalog, its arguments shown as placeholders.
    public func text(in catalog: any AppCatalog, count value: Int64 = sampleCount) -> String {
        var text = words(value, catalog)
        let all = arguments + (count.map { [Argument.number($0, value)] } ?? [])
        // Longer forms first, so that "1,250.00" is not cut by a "250".
        let shown = all.map { ($0, $0.shown(catalog)) }.sorted { $0.1.count > $1.1.count }
        for (argument, form) in shown where !form.isEmpty {
            text = Self.replacing(form, with: "{\(argument.name)}", in: text, wholeNumber: argument.isNumber)
        }
        return text
    }

    /// The same sample with a note for the translator.
    func noting(_ note: String) -> MessageSample {
        var noted = self
        noted.note = note
        return noted
    }

    /// The placeholders the sample declares.
    public var placeholders: [String] { arguments.map(\.name) + (count.map { [$0] } ?? []) }

    /// Every occurrence of `form` replaced; a number only where no digit
    /// touches it (so "15" is not read as "1" and "5").
    static func replacing(_ form: String, with placeholder: String, in text: String, wholeNumber: Bool) -> String {
        let characters = Array(text), pattern = Array(form)
        var result = ""
        var index = 0
        while index < characters.count {
            let end = index + pattern.count
            if end <= characters.count, Array(characters[index..<end]) == pattern,
               !wholeNumber || ((index == 0 || !characters[index - 1].isNumber)
                                && (end == characters.count || !characters[end].isNumber)) {
                result += placeholder
                index = end
            } else {
                result.append(characters[index])
                index += 1
            }
        }
        return result
    }
}

/// An argument of a sample: its placeholder's name and how a catalog shows it.
public struct Argument: Sendable {
    let name: String
    let isNumber: Bool
    let shown: @Sendable (any AppCatalog) -> String

    /// A count or number of seconds, shown in digits.
    public static func number(_ name: String, _ value: Int64) -> Argument {
        Argument(name: name, isNumber: true) { _ in String(value) }
    }
    /// An amount with its currency sign, as the language writes it.
    public static func money(_ name: String, _ value: Money) -> Argument {
        Argument(name: name, isNumber: false) { $0.core.money(value) }
    }
    /// An amount without its sign.
    public static func amount(_ name: String, _ value: Money) -> Argument {
        Argument(name: name, isNumber: false) { $0.core.amount(value) }
    }
    /// A time of day, as the language writes it.
    public static func time(_ name: String, _ value: Timestamp) -> Argument {
        Argument(name: name, isNumber: false) { $0.core.time(value) }
    }
    /// Data shown as it is (a username, a masked phone number).
    public static func text(_ name: String, _ value: String) -> Argument {
        Argument(name: name, isNumber: false) { _ in value }
    }
    /// Anything else a catalog writes its own way.
    public static func shown(_ name: String, _ form: @escaping @Sendable (any AppCatalog) -> String) -> Argument {
        Argument(name: name, isNumber: false, shown: form)
    }
}

extension MessageSample {
    /// A sample of a message value: its key from the value itself.
    /// `variant` tells apart two samples whose values differ only in numbers
    /// or data (a count of one worded apart from the rest).
    public init<Message: CatalogMessage>(_ message: Message, _ arguments: Argument..., variant: String? = nil,
                                         note: String? = nil) {
        self.init(message, arguments, variant: variant, note: note, count: nil, words: { _, catalog in message.words(in: catalog) })
    }

    /// A sample whose words agree with a count (`{count}`): `make` gives the
    /// message for any count, so each plural form can be shown.
    public init<Message: CatalogMessage>(counting count: String, _ arguments: Argument..., variant: String? = nil,
                                         note: String? = nil, _ make: @escaping @Sendable (Int64) -> Message) {
        self.init(make(Self.sampleCount), arguments, variant: variant, note: note, count: count,
                  words: { value, catalog in make(value).words(in: catalog) })
    }

    /// A sample worded by a catalog function that takes more than the value
    /// (`smsText(code:purpose:expiresInSeconds:)`): `type` and `caseName` name it.
    public init(type: String, caseName: String, variant: String? = nil, _ arguments: [Argument] = [], note: String? = nil,
                words: @escaping @Sendable (any AppCatalog) -> String) {
        self.init(type: type, caseName: caseName, variant: variant, arguments, note: note, count: nil,
                  words: { _, catalog in words(catalog) })
    }

    /// The same, for words that agree with a count.
    public init(type: String, caseName: String, variant: String? = nil, counting count: String, _ arguments: [Argument] = [],
                note: String? = nil, words: @escaping @Sendable (Int64, any AppCatalog) -> String) {
        self.init(type: type, caseName: caseName, variant: variant, arguments, note: note, count: count, words: words)
    }

    private init(type: String, caseName: String, variant: String?, _ arguments: [Argument], note: String?, count: String?,
                 words: @escaping @Sendable (Int64, any AppCatalog) -> String) {
        self.type = type
        self.caseName = caseName
        self.key = ([type, caseName] + (variant.map { [$0] } ?? [])).joined(separator: ".")
        self.note = note
        self.count = count
        self.arguments = arguments
        self.words = words
    }

    init<Value>(_ value: Value, _ arguments: [Argument], variant: String?, note: String?, count: String?,
                words: @escaping @Sendable (Int64, any AppCatalog) -> String) {
        let type = String(reflecting: Value.self).split(separator: ".").dropFirst().joined(separator: ".")
        let parts = MessageKey.parts(of: value)
        self.init(type: type, caseName: parts.first ?? "", variant: (Array(parts.dropFirst()) + (variant.map { [$0] } ?? []))
            .joined(separator: ".").nilIfEmpty, arguments, note: note, count: count, words: words)
    }
}

extension String {
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
