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
        case .approveWith(let approval, let payee): return approveWith(approval, payee: payee)
        case .askingHowToApprove: return "Перевіряємо, як ви підтвердите…"
        case .approvalChangedSinceReview: return "Не так, як було на перевірці: банк тепер просить це."
        case .sending: return "Надсилаємо…"
        case .notApproved: return "Переказ не підтверджено."
        case .receiptTitle: return "Переказ виконано ✓"
        case .referenceLabel: return "Номер"
        case .bookedLabel: return "Проведено"
        case .pressEnterToReturn: return "Натисніть Enter, щоб повернутися до виписки."
        case .nowhereToPaste: return "Тут немає поля, куди вставити текст. Натисніть /, щоб шукати в операціях."
        }
    }

    /// The review's promise: the factor the bank's step-up policy named, and
    /// that the code confirms exactly what is on screen (PSD2 dynamic linking).
    private func approveWith(_ approval: StepUpApproval, payee: Username?) -> String {
        let what = payee == nil ? "цей переказ" : "цей платіж"
        let first = payee.map { "Перший платіж для \($0): " } ?? ""
        switch approval {
        case .smsCode(let phone, let firstPayee):
            return (firstPayee ? first : "") + "Enter надсилає код у SMS на \(phone.maskedOnOneLine), що підтверджує саме \(what)."
        case .authenticator(let firstPayee):
            return (firstPayee ? first : "") + "Enter запитує код із застосунку-аутентифікатора, що підтверджує саме \(what)."
        case .biometric(.faceID): return "Enter — підтвердження обличчям (Face ID)."
        case .biometric(.touchID): return "Enter — підтвердження відбитком пальця (Touch ID)."
        case .biometric(.none): return "Enter — підтвердження код-паролем iPhone."
        case .devicePasscode(let biometry):
            return "Enter — підтвердження код-паролем iPhone (\(biometry.displayName) заблоковано: забагато невдалих спроб)."
        }
    }
}
