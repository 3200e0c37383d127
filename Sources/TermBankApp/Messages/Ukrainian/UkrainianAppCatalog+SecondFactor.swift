import TermBankCore

/// The second factor's words in Ukrainian: iOS's own for the biometric sheet
/// ("код-пароль"), seed 004's for codes ("6-значний код", "резервні коди",
/// "показуємо один раз").
extension UkrainianAppCatalog {
    public func text(_ text: SecondFactorText) -> String {
        switch text {
        case .sensor(let biometry): return biometry == .faceID ? "Face ID" : biometry == .touchID ? "Touch ID" : "Код-пароль"
        case .sheetAppName: return "«TermBank»"
        case .biometricReason(.signIn): return "Вхід у TermBank"
        // The sheet is 40 columns wide: the accounts by name, with an arrow.
        case .biometricReason(.transfer(let transfer)) where transfer.isPayment:
            return "Платіж \(core.summary(transfer))"
        case .biometricReason(.transfer(let transfer)):
            return "Переказ \(core.money(transfer.amount)): \(core.text(transfer.from)) → \(core.text(transfer.to))"
        case .biometricReason(.turnOnBiometricSignIn): return "Увімкнути вхід за біометрією"
        // The sheet's left button ends before its middle (column 20 of 40).
        case .enterPasscodeButton: return "Код-пароль"
        case .cancelButton: return "Скасувати"
        case .enterDevicePasscode: return "Введіть код-пароль iPhone"
        case .passcodeFull(let limit):
            return "Заповнено: щонайбільше \(counted(Int64(limit), one: "символ", few: "символи", many: "символів"))."
        case .verifyItsYou: return "Підтвердьте, що це ви"
        case .approveThisTransfer: return "Підтвердьте переказ"
        case .approveThisPayment: return "Підтвердьте платіж"
        case .pay(let payment): return "Платіж \(core.summary(payment))"
        case .approvesThisPaymentOnly: return "Код підтверджує лише цей платіж."
        case .move(let transfer): return "\(transfer.isPayment ? "Платіж" : "Переказ") \(core.summary(transfer))"
        case .weSentACode(let masked): return "Ми надіслали код на \(masked)"
        case .codeAlreadySent(let masked): return "Код уже надіслано на \(masked)"
        case .expiresIn(let seconds): return "Код діє ще \(AppView.minutesSeconds(seconds))"
        case .expired: return "Термін дії минув"
        case .attemptsLeft(let left): return attemptsLeft(left)
        case .codesLeftThisHour(let left):
            return left == 0 ? "Цієї години кодів більше не буде"
                : "Цієї години \(words.plural(left, one: "залишився", other: "залишилось")) "
                    + counted(Int64(left), one: "код", few: "коди", many: "кодів")
        case .resendOrCall: return "r  Надіслати ще (дзвінком)   c  Зателефонуйте мені"
        case .resendBySMS: return "r  Надіслати новий код у SMS"
        case .noMoreCodesForThisRequest: return "Для цього запиту кодів більше не буде"
        case .resendOrCallIn(let wait): return "Новий код або дзвінок — через \(wait) с"
        case .useARecoveryCodeInstead: return "u  Використати резервний код"
        case .checking: return "Перевіряємо…"
        case .sendingANewCode: return "Надсилаємо новий код…"
        case .calling(let masked): return "Телефонуємо на \(masked): прослухайте код."
        case .newCodeSent(let masked): return "Новий код надіслано на \(masked)."
        case .askForANewCodeIn(let wait): return "Новий код можна запросити через \(wait) с."
        case .noMoreCodesPressEsc: return "Більше кодів надіслати не можна; натисніть Esc і почніть знову."
        case .wrongPinCode: return "Неправильний код. Введений код недійсний."
        case .codeExpiredPressR: return "Термін дії коду минув. Натисніть r, щоб отримати новий."
        case .codeSupersededPressR:
            return "З іншої сесії чи пристрою запитали новіший код, тому цей більше не діє. "
                + "Натисніть r, щоб отримати новий."
        case .replacedByANewerCode: return "Замінено новішим кодом"
        case .enterTheAuthenticatorCode: return "Введіть код із застосунку-аутентифікатора"
        case .theSixDigitsNow: return "6-значний код, який він зараз показує для TermBank."
        case .approvesThisTransferOnly: return "Код підтверджує лише цей переказ."
        case .codeNotRight(let left):
            let sentence = attemptsLeft(left)
            return "Код неправильний. \(sentence.prefix(1).uppercased() + sentence.dropFirst())."
        case .authenticatorCodeExpired: return "Термін дії коду минув. Введіть той, що зараз у застосунку."
        case .useARecoveryCodeTitle: return "Використати резервний код"
        case .recoveryCodeIntro(let authenticator):
            let instead = authenticator ? "код із застосунку-аутентифікатора" : "код із SMS"
            return "Введіть один із резервних кодів, які ви зберегли під час налаштування застосунку-аутентифікатора. "
                + "Код одноразовий і замінює \(instead)."
        case .codeLabel: return "Код"
        case .caseDoesNotMatter: return "Регістр, пробіли й дефіси не мають значення."
        case .typeARecoveryCode: return "Введіть один із резервних кодів."
        case .recoveryCodeNoLongerWorks: return "Цей резервний код більше не діє."
        case .newRecoveryCodesTitle: return "Нові резервні коди"
        case .thatWasYourLastCode: return "Це був ваш останній резервний код."
        case .makeANewSet: return "Створіть новий набір (10 кодів): ви увійшли з останнім,"
        case .noSecondFactorNeeded: return "тож код другого фактора для цього не потрібен."
        case .confirmWithPassword: return "Підтвердьте паролем:"
        case .makingNewCodes: return "Створюємо нові коди…"
        case .saveThemNow: return "Збережіть їх зараз: ми показуємо їх лише один раз."
        case .eachWorksOnce: return "Кожен код одноразовий і замінює код аутентифікатора."
        case .writeThemDown: return "Запишіть їх або збережіть у менеджері паролів."
        case .oldCodesNoLongerWork: return "Старі коди більше не діють."
        case .pressEnterWhenSaved: return "Натисніть Enter, коли збережете їх."
        }
    }
}
