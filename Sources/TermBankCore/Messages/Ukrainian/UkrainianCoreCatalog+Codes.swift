/// Codes by SMS and voice in Ukrainian: the refusals, the checks, and the words on the phone.
extension UkrainianCoreCatalog {
    public func text(_ error: VerifyError) -> String {
        switch error {
        case .tooManySends(let next):
            return "На цей номер за останню годину надіслано забагато кодів. Спробуйте знову після \(time(next))."
        case .tooManySendsForCustomer(let next):
            return "Для вашого акаунта за останню годину надіслано забагато кодів і повідомлень. "
                + "Спробуйте знову після \(time(next))."
        case .numberBusy(let until):
            return "На цей номер уже надіслано код для іншого запиту, і він ще діє. Спробуйте знову після \(time(until))."
        case .smsCodesLocked(let until): return text(CheckResult.smsCodesLocked(until: until))
        case .resendTooSoon(let left):
            return "Новий код можна запросити через \(seconds(left))."
        case .noMoreEvents:
            return "Для цього запиту більше не можна надіслати коди. Почніть спочатку."
        case .notInProgress(let status): return text(CheckResult.notInProgress(status))
        case .notFound: return "Такого запиту на підтвердження немає."
        case .delivery(let failure): return text(failure)
        case .providerUnavailable: return "Банк зараз не може надіслати код; нічого не змінено."
        }
    }

    public func text(_ result: CheckResult) -> String {
        switch result {
        case .verified: return "Підтверджено."
        case .smsCodesLocked(let until):
            return "Забагато неправильних кодів. Коди з SMS для цього акаунта заблоковано до \(time(until)); "
                + "якщо їх вводили не ви, змініть пароль і зателефонуйте в TermBank."
        case .wrongCode(let left):
            return "Неправильний код. Введений код недійсний. \(attemptsLeft(left))"
        case .tooManyWrongCodes: return "Ідентифікацію не пройдено. Виконуємо вихід. До побачення."
        case .expired: return "Термін дії коду минув. Запросіть новий."
        case .notInProgress(let status):
            switch status {
            case .success: return "Цей код уже використано."
            case .failed: return "Підтвердження не пройдено: забагато неправильних кодів."
            case .expired: return "Термін дії коду минув. Запросіть новий."
            case .cancelled: return "Це підтвердження скасовано."
            case .superseded:
                return "Для вашого акаунта запитали новіший код з іншої сесії чи пристрою, "
                    + "тому цей код більше не діє. Запитайте новий."
            case .inProgress: return "Це підтвердження ще триває."
            }
        case .notFound: return "Такого запиту на підтвердження немає."
        }
    }

    /// The reason is the gateway's own words (sanitised before any terminal).
    public func text(_ failure: DeliveryFailure) -> String { "Не вдалося надіслати код: \(failure.reason)" }

    public func text(_ problem: VerifyConfiguration.Invalid) -> String {
        switch problem {
        case .codeLength: return "Код має 4 або 6 цифр."
        case .expiry: return "Код діє від 1 до 10 хвилин."
        }
    }

    private var never: String { "Нікому не повідомляйте цей код, навіть працівникам TermBank." }

    public func smsText(code: String, purpose: VerificationPurpose, expiresInSeconds seconds: Int64) -> String {
        let expiry = "Код діє \(timeLeft(seconds))."
        switch purpose {
        case .signIn:
            return "TermBank: ваш код для входу \(code). \(expiry) \(never)"
        case .transfer(let transfer) where transfer.isPayment:
            return "TermBank: код \(code) підтверджує платіж \(summary(transfer)). \(expiry) \(never)"
        case .transfer(let transfer):
            return "TermBank: код \(code) підтверджує переказ \(summary(transfer)). \(expiry) \(never)"
        case .confirmation(let change):
            return "TermBank: код \(code) підтверджує: \(summary(change)). \(expiry) \(never)"
        }
    }

    /// The simulated voice call reads the digits one by one, twice.
    public func voiceText(code: String, purpose: VerificationPurpose, expiresInSeconds seconds: Int64) -> String {
        let spoken = code.map(String.init).joined(separator: ", ")
        let what: String
        switch purpose {
        case .signIn: what = " для входу"
        case .transfer(let transfer) where transfer.isPayment: what = " для платежу \(summary(transfer))"
        case .transfer(let transfer): what = " для переказу \(summary(transfer))"
        case .confirmation(.proveNewPhone): what = " для підтвердження цього номера для кодів TermBank"
        case .confirmation(let change): what = ", щоб \(summary(change))"
        }
        return "Дзвінок від TermBank: ваш код\(what): \(spoken). Повторюємо: \(spoken). "
            + "Код діє \(timeLeft(seconds)). \(never)"
    }

    public func providerSentText(phone: String, provider: String) -> String {
        "TermBank: код надіслано на \(phone) через \(provider). На цьому імітованому телефоні його не видно: перегляньте його на справжньому."
    }

    public func smsLockedText(until: Timestamp) -> String {
        "TermBank: для вашого акаунта введено забагато неправильних кодів, тому коди з SMS заблоковано до "
            + "\(time(until)). Якщо це були не ви, змініть пароль і зателефонуйте в TermBank."
    }
}
