import TermBankCore

/// The banking feature's words in Ukrainian: "Рахунки", "Переказ", "Залишок".
extension UkrainianAppCatalog {
    public func text(_ text: BankingText) -> String {
        switch text {
        case .loadingAccounts: return "Завантажуємо ваші рахунки…"
        case .accountsTitle: return "Рахунки"
        case .smsSwitch: return "SMS-підтвердження входу "
        // Eight columns at most: the switch ends where the English one does.
        case .switchState(let on): return on ? "[ ТАК ]" : "[ НІ ]"
        case .dateColumn(let withTime): return withTime ? "ДАТА (UTC)" : "ДАТА"
        case .accountColumn: return "РАХУНОК"
        case .descriptionColumn: return "ОПИС"
        case .amountColumn: return "СУМА"
        case .balanceColumn: return "ЗАЛИШОК"
        case .noTransactionsYet: return "Операцій ще немає."
        case .moveMoneyTitle: return "Переказ між рахунками"
        case .fromLabel: return "Звідки"
        case .toLabel: return "Куди"
        case .amountLabel: return "Сума"
        case .available(let money): return "доступно \(core.money(money))"
        case .preview(let money, let from, let to): return "\(core.money(money)) \(words.from(from)) \(words.to(to))"
        case .typeAnAmount:
            return "Введіть суму, наприклад 250 або \(core.amount(Money(units: 1250))): кома перед центами, пробіли між тисячами."
        case .enterAnAmount: return "Введіть суму."
        case .reviewTitle: return "Перевірте переказ"
        case .stepUpByBiometric: return "Enter — підтвердження через Touch ID / Face ID (або код, якщо їх немає)."
        case .stepUpByCode: return "Enter запитує код, що підтверджує саме цей переказ."
        case .sending: return "Надсилаємо…"
        case .notApproved: return "Переказ не підтверджено."
        case .receiptTitle: return "Переказ виконано ✓"
        case .referenceLabel: return "Номер"
        case .bookedLabel: return "Проведено"
        case .pressEnterToReturn: return "Натисніть Enter, щоб повернутися до виписки."
        case .nowhereToPaste: return "Тут немає поля, куди вставити текст. Натисніть /, щоб шукати в операціях."
        }
    }
}
