extension UkrainianCoreCatalog {
    /// The demo's cap on open connections (`DemoConnectionLimit`), said to the one refused.
    public func text(_ refusal: DemoConnectionLimit.Refusal) -> String {
        switch refusal {
        case .perKey(let limit):
            return "Цей SSH-ключ уже має найбільшу дозволену кількість відкритих з’єднань із демо: \(limit). Закрийте одне з вікон і під’єднайтеся знову."
        case .perAddress(let limit):
            return "Ваша адреса вже має найбільшу дозволену кількість відкритих з’єднань із демо: \(limit). Закрийте одне з них і під’єднайтеся знову."
        case .allSessions(let limit):
            return "Демо вже має найбільшу дозволену кількість відкритих сесій: \(limit). Спробуйте знову за кілька хвилин."
        case .perBrowser(let limit):
            return "Цей браузер уже має найбільшу дозволену кількість відкритих сесій у демо: \(limit). Закрийте одну з інших вкладок і перезавантажте цю сторінку."
        }
    }
}
