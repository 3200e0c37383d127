import TermBankCore

/// The amount parser in the four languages: any text is either refused or an
/// amount above zero within the limit, and the amount written the language's
/// way reads back as itself.
enum AmountParserFuzz {
    static let conventions: [NumberConventions] = [.english, .portugueseBrazil, .italian, .ukrainian]

    static func run(_ bytes: [UInt8]) {
        var input = FuzzBytes(bytes)
        let numbers = conventions[input.below(conventions.count)]
        let parser = AmountParser(numbers: numbers)
        let text = input.rest()
        guard case .success(let money) = parser.parse(text) else { return }
        FuzzCheck.require(money > .zero, "\(text.debugDescription) read as \(money)")
        FuzzCheck.require(money <= parser.limit, "\(text.debugDescription) read as \(money), above the limit")
        let written = numbers.amount(money)
        FuzzCheck.require(parser.parse(written) == .success(money),
                          "\(money) written as \(written.debugDescription) reads back as \(parser.parse(written))")
    }
}
