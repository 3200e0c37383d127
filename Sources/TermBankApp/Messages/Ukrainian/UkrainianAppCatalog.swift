import TermBankCore

/// The app's words in Ukrainian (uk), as a Ukrainian bank's app writes them:
/// formal "ви", short labels where the layout is tight (the key bar, field
/// labels, the security rows), and the 2FA terms of seed 004. The terms are
/// listed in docs/glossary/uk.md. Brand names (TermBank, Touch ID, Face ID)
/// and key caps stay as they are.
public struct UkrainianAppCatalog: AppCatalog {
    public init() {}

    /// The core's Ukrainian, also for the accounts' case forms ("з Поточного").
    let words = UkrainianCoreCatalog()

    public var core: any CoreCatalog { words }

    public var answers: AnswerKeys { .ukrainian }

    /// A count with its noun's form: "1 день", "3 дні", "30 днів".
    func counted(_ count: Int64, one: String, few: String, many: String) -> String {
        "\(count) \(words.plural(Int(clamping: count), one: one, few: few, many: many, other: few))"
    }

    /// "залишилась 1 спроба", "залишилось 3 спроби", "залишилось 5 спроб".
    func attemptsLeft(_ count: Int) -> String {
        let left = words.plural(count, one: "залишилась", other: "залишилось")
        return "\(left) \(counted(Int64(count), one: "спроба", few: "спроби", many: "спроб"))"
    }

    /// "30 днів" after "довіряти" (how long: the accusative, same forms as after a number).
    func days(_ count: Int64) -> String { counted(count, one: "день", few: "дні", many: "днів") }

    public func text(_ text: ChromeText) -> String {
        switch text {
        case .brand: return "TermBank"
        case .idleWarning(let left):
            return "Немає дій: вихід за \(left) с. Натисніть клавішу, щоб лишитися."
        case .tooSmall: return "Термінал замалий"
        case .tooSmallSize(let size, let needs):
            return "\(size.columns)x\(size.rows); для TermBank потрібно \(needs.columns)x\(needs.rows)"
        case .makeItLarger: return "Збільште вікно."
        case .tooLarge: return "Вікно завелике"
        case .tooLargeSize(let size, let allows):
            return "\(size.columns)x\(size.rows); TermBank малює щонайбільше \(allows.columns)x\(allows.rows)"
        case .makeItSmaller: return "Зменште вікно."
        case .closingForInactivity(let left): return "Немає дій: закриття за \(left) с. Натисніть будь-яку клавішу."
        case .keysTitle: return "Клавіші"
        case .anyKeyCloses: return "клавіша закриває"
        case .sameKeysOnAUkrainianLayout: return "Ці клавіші діють і в українській розкладці."
        case .otherKeysOnTheBar: return "Інші клавіші — на панелі внизу."
        case .sendingACode: return "Надсилаємо код на ваш телефон…"
        case .newMessageOnThePhone: return "Нове повідомлення на телефоні клієнта: натисніть Ctrl-P."
        case .phoneBanner: return "Телефон (Ctrl-P):"
        }
    }

    public func text(_ text: SignInText) -> String {
        switch text {
        case .signInTitle: return "Вхід у TermBank"
        case .welcome: return "Вітаємо! Увійдіть за допомогою логіна й пароля."
        case .usernameLabel: return "Логін"
        case .passwordLabel: return "Пароль"
        case .checking: return "Перевіряємо…"
        case .signingIn: return "Виконуємо вхід…"
        case .simulatedDevice(let name): return "Імітований пристрій: \(name)"
        case .thisDevice(let name): return "Цей пристрій: \(name)"
        case .enterUsernameAndPassword: return "Введіть логін і пароль."
        case .enterPassword: return "Введіть пароль."
        case .devicePickerTitle: return "Який телефон у вас у руках?"
        case .devicePickerExplanation: return "Кожна сесія — це один імітований телефон."
        case .sitekeyTitle: return "Це ваше захисне зображення?"
        case .onlyTheRealBankKnows: return "Ваше зображення знає лише справжній TermBank."
        case .signInChoice: return "Увійти"
        case .notMyImageChoice: return "Це не моє зображення"
        case .notMyImageLink: return "[ Це не моє зображення ]"
        case .sitekeyFirstPrompt: return "Якщо ви впізнаєте своє зображення і фразу, введіть пароль."
        case .biometry(.touchID): return "Touch ID"
        case .biometry(.faceID): return "Face ID"
        case .biometry(.none): return "без біометрії"
        case .fieldFull: return "макс."
        }
    }
}
