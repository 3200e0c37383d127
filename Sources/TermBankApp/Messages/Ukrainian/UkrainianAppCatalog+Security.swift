/// The security feature's words in Ukrainian. The overview's columns are
/// fixed (labels up to column 36, values up to 56, actions after), so the
/// values and actions are as short as the English.
extension UkrainianAppCatalog {
    public func text(_ text: SecurityText) -> String {
        switch text {
        case .title: return "Безпека"
        case .sharedAtTheDemo: return "Спільний у демо: зміни тут бачать усі."
        case .loading: return "Завантажуємо налаштування безпеки…"
        case .smsRow: return "SMS-підтвердження входу"
        case .authenticatorRow: return "Застосунок-аутентифікатор"
        case .factorRow: return "Другий фактор для входу"
        case .recoveryCodesRow: return "Залишилось резервних кодів"
        case .biometricRow: return "Біометрія на цьому пристрої"
        case .phoneRow: return "Номер телефону"
        case .on: return "Увімкнено"
        case .off: return "Вимкнено"
        case .offNewEnrollment: return "Вимкнено: нові дані"
        case .turnOff: return "Вимкнути"
        case .turnOn: return "Увімкнути"
        case .setUpANewOne: return "Налаштувати новий"
        case .setUp: return "Налаштувати"
        case .useTheApp: return "Перейти на застосунок"
        case .useSMSCodes: return "Перейти на SMS"
        case .changeNumber: return "Змінити"
        case .factorAuthenticator: return "Код аутентифікатора"
        case .factorSMS: return "Код із SMS"
        case .factorNothing: return "Лише пароль"
        case .trustedDevices: return "Довірені пристрої"
        case .trustedDevicesExplanation: return "(вхід без другого фактора протягом 30 днів)"
        case .noTrustedDevices: return "Немає."
        case .trustedUntil(let time): return "до " + core.dates.dayAndTime(time) + " UTC"
        case .lastUsedAt(let time): return "   востаннє " + (time.map { core.dates.dayAndTime($0) + " UTC" } ?? "ніколи")
        case .moreDevicesAbove(let count): return "↑ ще \(count)"
        case .moreDevicesBelow(let count): return "↓ ще \(count)"
        case .formTitle(let purpose, let active):
            switch purpose {
            case .enrolAuthenticator:
                return active ? "Налаштувати новий застосунок-аутентифікатор" : "Налаштувати застосунок-аутентифікатор"
            case .turnOffSMSVerification: return "Вимкнути SMS-підтвердження"
            case .signInWithSMS: return "Входити з кодом із SMS"
            case .turnOffAuthenticator: return "Вимкнути застосунок-аутентифікатор"
            case .newRecoveryCodes: return "Нові резервні коди"
            case .changePhone: return "Змінити номер телефону"
            case .turnOnBiometricSignIn: return "Увімкнути вхід за біометрією"
            }
        case .introBiometric:
            return "Перевірку пройдено. Пароль увімкне вхід за біометрією для відбитків і облич, доданих зараз."
        case .introPassword: return "Підтвердьте паролем."
        case .introAuthenticator:
            return "Підтвердьте паролем і кодом із застосунку-аутентифікатора (або резервним кодом)."
        case .introCodeSentTo(let phone): return "Ваш пароль і код, надісланий на \(phone):"
        case .introCodeSending: return "Ваш пароль і код, який ми надсилаємо на ваш телефон:"
        case .phoneIntroFirst: return "Введіть пароль і новий номер, потім натисніть Enter:"
        case .phoneIntroSecond: return "на новий номер прийде код для підтвердження."
        case .phoneIntroCode(let active, let sentTo):
            return active ? "Код: із застосунку-аутентифікатора або резервний."
                          : "Код: той, що надіслано на \(sentTo ?? "ваш телефон")."
        case .phoneIntroNewCode(let sentTo): return "Новий код: той, що надіслано на \(sentTo ?? "новий номер")."
        case .passwordLabel: return "Пароль"
        case .newPhoneLabel: return "Новий тел."
        case .codeLabel: return "Код"
        case .newCodeLabel: return "Новий код"
        case .enterPassword: return "Введіть пароль."
        case .enterNewPhone: return "Введіть новий номер телефону."
        case .enterCode: return "Введіть код."
        case .enterNewPhoneCode: return "Введіть код, надісланий на новий номер."
        case .enrolledTitle: return "Застосунок-аутентифікатор увімкнено"
        case .asksForNewApp: return "Тепер для входу потрібен код із нового застосунку."
        case .recoveryCodesStay: return "Ваші резервні коди залишаються без змін."
        case .pressEnterToGoBack: return "Натисніть Enter, щоб повернутися."
        case .saveRecoveryCodes: return "Резервні коди: збережіть їх зараз, їх показано лише раз."
        case .eachWorksOnce: return "Кожен код одноразовий і замінює код аутентифікатора."
        case .writeThemDown: return "Запишіть їх або збережіть у менеджері паролів."
        case .pressEnterWhenSaved: return "Натисніть Enter, коли збережете їх."
        // Beside the QR code only about 32 columns are left at 80x24.
        case .scanTitle(let replacing): return replacing ? "Налаштуйте новий застосунок" : "Налаштуйте аутентифікатор"
        case .stepAddAccount: return "1. У застосунку додайте акаунт"
        case .stepScan: return "   і відскануйте QR-код."
        case .noQRCodeOnThisTerminal: return "   (цей термінал не може показати QR-код)."
        case .qrCodeNeedsALargerWindow: return "   (QR-код з’явиться в більшому вікні)."
        case .keyShownOnce: return "Цей ключ показуємо один раз."
        case .stepTypeKey: return "2. Або введіть ключ (за часом):"
        case .account(let name): return "   Акаунт: TermBank:\(name)"
        case .stepTypeCode: return "3. Введіть код із застосунку:"
        case .lapsesIn(let seconds): return "Час на налаштування: \(AppView.minutesSeconds(seconds))."
        case .lapsed: return "Час на налаштування вичерпано."
        case .qrShownOnce: return "QR-код показуємо один раз."
        case .checking: return "Перевіряємо…"
        }
    }
}
