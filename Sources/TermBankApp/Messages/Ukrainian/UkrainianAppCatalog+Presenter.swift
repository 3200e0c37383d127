import TermBankCore

/// The presenter's view's words in Ukrainian.
extension UkrainianAppCatalog {
    public func text(_ text: PresenterText) -> String {
        switch text {
        case .title: return "Екран ведучого"
        case .totals(let connected, let finished, let moved):
            return "Під'єднано \(connected) · Завершили \(finished) · Переказано \(moved)"
        case .columnOrigin: return "Джерело"
        case .columnDoor: return "Канал"
        case .columnCustomer: return "Клієнт"
        case .columnLanguage: return "Мова"
        case .columnSteps: return "Кроки"
        case .columnSince: return "Дія"
        case .columnStuck: return "Застряг"
        case .door(let door):
            switch door {
            case .ssh: return "SSH"
            case .web: return "веб"
            case .local: return "локально"
            }
        case .noCustomer: return "—"
        case .since(let seconds): return PresenterText.shortDuration(seconds, s: "с", min: "хв", h: "год")
        case .sameScreen(let minutes): return "той самий екран \(minutes) хв"
        case .refused(let refusal):
            switch refusal {
            case .password: return "відмова: пароль"
            case .code: return "відмова: код"
            case .moneyMovement: return "відмова: переказ"
            case .other: return "відмова"
            }
        case .lockedUntil(let time): return "заблоковано до \(time)"
        case .codesLockedUntil(let time): return "коди заблоковано до \(time)"
        case .smsLimitReached: return "ліміт SMS вичерпано"
        case .sameScreenShort(let minutes): return "екран \(minutes) хв"
        case .refusedShort(let refusal):
            switch refusal {
            case .password: return "пароль відхилено"
            case .code: return "код відхилено"
            case .moneyMovement: return "переказ відхилено"
            case .other: return "відмова"
            }
        case .lockedShort: return "заблоковано"
        case .codesLockedShort: return "коди заблоковано"
        case .smsLimitShort: return "ліміт SMS"
        case .fine: return "—"
        case .onScreen(let screen): return "екран \(screen)"
        case .screenName(let name):
            switch name {
            case .welcome: return "вітання"
            case .guestCard: return "картка демоклієнта"
            case .pickDevice: return "вибір пристрою"
            case .login: return "вхід"
            case .sitekeyFirst: return "логін"
            case .sitekey: return "захисне зображення"
            case .biometric: return "Touch ID / Face ID"
            case .code: return "SMS-код"
            case .authenticatorCode: return "код застосунку-аутентифікатора"
            case .recoveryCode: return "резервний код"
            case .statement: return "виписка"
            case .transfer: return "переказ"
            case .receipt: return "квитанція"
            case .pay: return "платіж"
            case .paid: return "платіж надіслано"
            case .security: return "безпека"
            case .authenticatorSetup: return "налаштування аутентифікатора"
            case .newRecoveryCodes: return "нові резервні коди"
            case .signedOut: return "сеанс завершено"
            case .phone: return "вікно телефона"
            case .presenter: return "екран ведучого"
            }
        case .canUnlock: return "u знімає блокування"
        case .empty: return "Жоден учасник не під'єднаний."
        case .emptyHint: return "Поділіться доступом через SSH або браузер."
        case .reading: return "Читаємо банк…"
        case .recordsUnavailable: return "Записи присутності цього банку ще не можна прочитати."
        case .unlockTitle: return "Розблокування"
        case .unlockQuestion(let customer, let origin): return "Розблокувати \(customer) для \(origin)?"
        case .unlockExplanation:
            return "Це знімає блокування за неправильний пароль і неправильний код та погодинний ліміт SMS із цього джерела для цього клієнта; "
                + "інші джерела зберігають свої. Дію записано в журнал аудиту."
        case .unlocked(let customer, let origin): return "\(customer) розблоковано (\(origin))."
        case .nothingToUnlock(let origin): return "Нічого розблоковувати (\(origin))."
        }
    }
}
