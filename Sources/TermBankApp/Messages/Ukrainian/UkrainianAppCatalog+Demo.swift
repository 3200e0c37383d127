import TermBankCore

/// Demo mode's words in Ukrainian.
extension UkrainianAppCatalog {
    public func text(_ text: DemoText) -> String {
        switch text {
        case .storyStep(let step): return "\(step.number). " + full(step)
        case .storyShort(let step): return short(step)
        case .storyLine: return "Сценарій"
        case .storyAllDone: return "усі чотири кроки виконано"
        case .welcomeBack(let name): return "З поверненням, \(name)."
        case .rememberSitekey: return "Ваше захисне зображення: запам'ятайте його."
        case .storyLead: return "Спробуйте:"
        case .welcomeTitle: return "Вітаємо в демо TermBank"
        case .newCustomer: return "Почати як новий демо-клієнт"
        case .newCustomerDetail: return "Власний клієнт і телефон на 24 години."
        case .signIn: return "Увійти"
        case .sharedCustomers: return "як alice, bob чи carol (спільні для всіх)"
        case .sharedCustomersMore: return "або як демо-клієнт, якого ви створили."
        case .sharedSettings: return "Зміни їхніх налаштувань бачать усі."
        case .sessionRecorded: return "Цей сеанс записується."
        case .makingCustomer: return "Створюємо вашого демо-клієнта…"
        case .cardTitle: return "Ваш демо-клієнт"
        case .noteThePassword: return "Телефон зберігає копію в «Паролях»."
        case .usernameLabel: return "Логін"
        case .passwordLabel: return "Пароль"
        case .phoneSimulated(let masked): return "Телефон \(masked) імітується на цьому екрані."
        case .smsOnRemovedIn(let hours):
            return "SMS-підтвердження увімкнено. Видалення через \(counted(hours, one: "годину", few: "години", many: "годин"))."
        case .pressEnterToSignIn: return "Натисніть Enter, щоб увійти (логін уже введено)."
        case .phoneTitle: return "Телефон клієнта (імітація)"
        case .phoneOnTheRight: return "Телефон клієнта — праворуч."
        case .ctrlPShowsThePhone: return "Ctrl-P показує телефон клієнта."
        case .noCustomerYet:
            return "На цьому екрані ще ніхто не входить. Сюди надходять коди для клієнта, яким ви входите."
        case .newMessage: return "● Нове повідомлення"
        case .noMessagesYet: return "Повідомлень ще немає."
        // A 24-hour clock reads the same in Ukrainian: "06:58:12 UTC".
        case .received(let time): return core.dates.timeWithSeconds(time)
        case .channel(let sms): return sms ? "SMS" : "Дзвінок"
        case .newTag: return "нове"
        case .authenticatorApp: return "Автентифікатор · TermBank"
        case .secondsLeft(let seconds): return "ще \(seconds) с"
        case .scannedTheQRCode: return "Зчитано з QR-коду на екрані: введіть там цей код."
        case .passwordsNote: return "Паролі · ваш демо-клієнт"
        case .whosePhone: return "Чий це телефон?"
        case .chooseTheCustomer: return "Оберіть клієнта, яким ви входите."
        }
    }

    /// A step in full, as the welcome and login screens list it.
    private func full(_ step: StoryStep) -> String {
        switch step {
        case .signIn(.none): return "Увійдіть (код прийде на телефон)"
        case .signIn(let sensor): return "Увійдіть (\(sensor.displayName): Enter, потім код із телефона)"
        case .moveMoney: return "Перекажіть кошти (код прийде на телефон)"
        case .signInAgain(smsOn: true): return "Вийдіть (l) і увійдіть знову з кодом"
        case .signInAgain(smsOn: false): return "Вийдіть (l), відповідь т вмикає SMS, увійдіть знову"
        case .signedInAgain(.withACode): return "Ви увійшли знову, з кодом"
        case .signedInAgain(.trustedDevice): return "Ви увійшли знову: пристрій довірений, код не питали"
        case .signedInAgain(.passwordOnly): return "Ви увійшли знову лише з паролем (SMS вимкнено)"
        case .authenticator: return "Спробуйте застосунок-аутентифікатор (a)"
        }
    }

    /// A step in a few words, for the one-line checklist.
    private func short(_ step: StoryStep) -> String {
        switch step {
        case .signIn: return "увійдіть з кодом"
        case .moveMoney: return "переказ (t)"
        case .signInAgain(smsOn: true): return "вийдіть (l) і увійдіть знову"
        case .signInAgain(smsOn: false): return "вийдіть (l); т вмикає SMS"
        case .signedInAgain: return "ви увійшли знову"
        case .authenticator: return "аутентифікатор (a)"
        }
    }
}
