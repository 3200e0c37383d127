import TermBankCore

/// Paying another customer in Ukrainian: "Платіж", "отримувач", "Перевірка
/// отримувача" (as Ukrainian banks name confirmation of payee), "Коментар"
/// for the payer's reference (short enough for the form's label column).
extension UkrainianAppCatalog {
    public func text(_ text: PaymentText) -> String {
        switch text {
        case .payTitle: return "Платіж клієнту"
        case .payToLabel: return "Кому"
        case .typeTheUsername: return "Введіть логін або оберіть недавнього (↑/↓)."
        case .recentPayees: return "Недавні отримувачі"
        case .noRecentPayees: return "Ви ще нікому не платили."
        case .leftToday(let left, let limit): return "Сьогодні можна ще \(core.money(left)) (ліміт \(core.money(limit)))."
        case .lookingUp: return "Шукаємо…"
        case .enterAUsername: return "Введіть логін отримувача."
        case .confirmationOfPayee: return "Перевірка отримувача"
        case .payeeIs(let username, let name?): return "\(username) — це \(name)"
        case .payeeIs(let username, nil): return "\(username) (ім'я не вказано)"
        case .payee(let username, let name?): return "\(username) (\(name))"
        case .payee(let username, nil): return username.rawValue
        case .checkTheName: return "Перевірте, що це той, кому ви платите: гроші не рухаються, доки ви не підтвердите."
        case .referenceLabel: return "Коментар"
        case .optional: return "необов'язково"
        case .preview(let amount, let payee, let from): return "Платіж \(core.money(amount)) для \(payee) \(words.from(from))"
        case .reviewTitle: return "Перевірте платіж"
        case .payeeLabel: return "Кому"
        case .paidTitle: return "Платіж надіслано ✓"
        case .bookedAsLabel: return "Номер"
        case .notApproved: return "Платіж не підтверджено."
        }
    }
}
