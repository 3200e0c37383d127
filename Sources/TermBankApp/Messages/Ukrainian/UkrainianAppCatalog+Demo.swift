import TermBankCore

/// Demo mode's words in Ukrainian.
extension UkrainianAppCatalog {
    public func text(_ text: DemoText) -> String {
        switch text {
        case .story(1): return "1. Увійдіть (відбиток пальця: Enter)"
        case .story(2): return "2. Перекажіть кошти (код прийде на телефон)"
        case .story(3): return "3. Увімкніть SMS-підтвердження, вийдіть і увійдіть знову з кодом"
        case .story: return "4. Спробуйте застосунок-аутентифікатор (a)"
        case .storyLead: return "Спробуйте:"
        case .welcomeTitle: return "Вітаємо в демо TermBank"
        case .newCustomer: return "Почати як новий демо-клієнт"
        case .newCustomerDetail: return "Власний клієнт і телефон на 24 години."
        case .signIn: return "Увійти"
        case .sharedCustomers: return "як alice, bob чи carol (спільні для всіх)"
        case .sharedCustomersMore: return "або як демо-клієнт, якого ви створили."
        case .sharedSettings: return "Зміни їхніх налаштувань бачать усі."
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
}
