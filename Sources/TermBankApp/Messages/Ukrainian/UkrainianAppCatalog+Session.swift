/// The session's words in Ukrainian.
extension UkrainianAppCatalog {
    public func text(_ text: SessionText) -> String {
        switch text {
        case .signedOutTitle: return "Ви вийшли"
        case .signedOut: return "Ви вийшли з акаунта."
        case .signInAgainOrQuit: return "Натисніть Enter, щоб увійти знову, або q, щоб закрити."
        case .noRecoveryCodesLeft:
            return "Резервних кодів не залишилось. Створіть новий набір: termbank recovery regenerate."
        case .recoveryCodesLeft(let left):
            let verb = words.plural(left, one: "Залишився", other: "Залишилось")
            let codes = counted(Int64(left), one: "резервний код", few: "резервні коди", many: "резервних кодів")
            return "Ви увійшли з резервним кодом. \(verb) \(codes)."
        case .notMyImage:
            return "Ви вказали, що це не ваше зображення, тож вхід не виконано. Якщо хтось інший може знати ваш пароль, "
                + "змініть його й зателефонуйте в банк."
        case .smsVerificationOff: return "SMS-підтвердження входу вимкнено."
        case .smsVerificationOn: return "SMS-підтвердження входу увімкнено."
        case .authenticatorOff: return "Застосунок-аутентифікатор вимкнено; його резервні коди видалено."
        case .phoneChanged: return "Номер телефону змінено; повідомлення надіслано на обидва номери."
        case .biometricOnAgain: return "Вхід за біометрією знову увімкнено на цьому пристрої."
        case .signInAsksForSMS: return "Тепер для входу потрібен код із SMS."
        case .signInAsksForTheApp: return "Тепер для входу потрібен код із застосунку-аутентифікатора."
        case .deviceTrusted(let until):
            return "Цей пристрій довірений до \(core.dates.dayAndTime(until)) UTC: вхід без другого фактора."
        case .deviceNoLongerTrusted: return "Пристрій більше не довірений: наступний вхід вимагатиме другий фактор."
        case .setUpAnAppFirst: return "Спершу налаштуйте застосунок-аутентифікатор (e), тоді зможете обрати."
        case .setUpCancelled: return "Скасовано, змін немає. Натисніть e, щоб почати знову."
        case .authenticatorOn: return "Застосунок-аутентифікатор увімкнено: для входу потрібні його коди."
        case .biometricStaysOff: return "Вхід за біометрією залишається вимкненим."
        case .bankDoesNotOfferThat: return "Цей банк не надає такої послуги."
        case .somethingWentWrong: return "Щось пішло не так; нічого не змінено. Спробуйте ще раз."
        case .bankUnreachable: return "Банк зараз недоступний; нічого не змінено. Спробуйте ще раз за мить."
        case .bankConnectionLost:
            return "З'єднання з банком обірвалося; переказ ніколи не проводиться двічі, тож можна спробувати ще раз."
        case .bankCannotDoThatNow: return "Банк зараз не може цього виконати; нічого не змінено. Спробуйте пізніше."
        }
    }
}
