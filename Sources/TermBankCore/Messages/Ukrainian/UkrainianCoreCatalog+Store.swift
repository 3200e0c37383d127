/// The database's refusals in Ukrainian, for the app's fatal screen (the
/// operator CLI may stay English). Paths and names are the operator's own
/// data; bound values never appear.
extension UkrainianCoreCatalog {
    public func text(_ error: StoreError) -> String {
        switch error {
        case .directoryMissing(let path):
            return "Теки для бази даних не існує: \(path). Створіть її або вкажіть інший шлях у --db."
        case .noBank(let path):
            return "За шляхом \(path) немає бази даних TermBank; нічого не створено. Перевірте --db (або $TERMBANK_DB) "
                + "або створіть її там командою «termbank demo reset» чи «termbank user add»."
        case .permissionDenied(let path):
            return "Немає доступу до бази даних \(path). Перевірте її власника й права (мають бути 0600)."
        case .readOnly(let path):
            return "База даних \(path) доступна лише для читання; TermBank має записувати в неї та в її теку."
        case .notATermBankDatabase(let path):
            return "\(path) не є базою даних TermBank. Вкажіть правильний файл у --db."
        case .symbolicLink(let path):
            return "\(path) — символічне посилання; TermBank відкриває лише сам файл, щоб посилання не могло "
                + "перенаправити записи банку. Вкажіть справжній шлях у --db."
        case .readableByOthers(let path):
            return "\(path) можуть читати інші користувачі; файл відхилено. Виконайте: chmod 600 \(path)"
        case .sharedFolder(let path):
            return "Інші користувачі можуть створювати файли в \(path), теці бази даних; її відхилено. "
                + "Тримайте базу в теці, куди може записувати лише її власник, або виконайте: chmod go-w \(path)"
        case .newerSchema(let path, let found, let supported):
            return "\(path) записано новішою версією TermBank (схема \(found), ця знає до \(supported)). Оновіть termbank."
        case .busy(let path, let waited):
            return "База даних \(path) була заблокована іншим процесом \(waited / 1000) с; спробуйте ще раз."
        case .diskFull(let path):
            return "Диск із \(path) заповнено; нічого не змінено. Звільніть місце й спробуйте ще раз."
        case .corrupt(let path):
            return "Базу даних \(path) пошкоджено. Відновіть її з резервної копії."
        case .duplicateUser(let name):
            return "Користувач «\(name)» уже існує."
        case .unknownUser(let name):
            return "Користувача «\(name)» не знайдено."
        case .phoneInUse(let phone):
            return "Номер \(phone.masked) уже належить іншому клієнту; у кожного клієнта має бути власний номер."
        case .sharedPhoneNumbers(let path, let users):
            return "\(path) не оновлено (нічого не змінено): тепер номер телефону належить одному клієнту, "
                + "а в цих клієнтів він спільний: \(users.joined(separator: "; ")). Дайте кожному власний номер "
                + "(наприклад, через sqlite3: UPDATE users SET phone = '+15550199' WHERE username = 'NAME'), "
                + "а потім відкрийте базу знову."
        case .needsUnicodeLibrary(let path):
            return "\(path) не оновлено (нічого не змінено): у базі є текст із діакритичними знаками, записаний до того, "
                + "як TermBank почав їх компонувати, а для цього потрібна бібліотека libutf8proc2, яку на цьому хості "
                + "не вдається відкрити. Встановіть її (apt-get install libutf8proc2), а потім відкрийте базу знову."
        case .serverUnavailable(let location, let reason):
            return "Не вдалося з'єднатися із сервером бази даних \(location) (\(reason)); нічого не змінено. "
                + "Перевірте, чи працює PostgreSQL."
        case .authenticationFailed(let location):
            return "Сервер бази даних відмовив у доступі до \(location). Перевірте користувача та пароль у "
                + "~/.pgpass або PGPASSWORD; нічого не змінено."
        case .connectionLost(let location):
            return "З'єднання з базою даних \(location) обірвалося; нічого незавершеного не збережено, а переказ "
                + "ніколи не проводиться двічі, тож можна безпечно спробувати ще раз."
        case .readOnlyStandby(let location):
            return "Сервер бази даних \(location) є резервним (standby) і лише читає: він не приймає ні входів, "
                + "ні переказів, нічого не змінено. Вкажіть основний сервер у --db або перелічіть усі сервери з "
                + "target_session_attrs=read-write, щоб TermBank знайшов основний."
        case .backend(let message):
            return "Помилка бази даних: \(message)"
        }
    }
}
