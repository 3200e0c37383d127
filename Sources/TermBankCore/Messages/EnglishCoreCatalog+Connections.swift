extension EnglishCoreCatalog {
    /// The demo's cap on open connections (`DemoConnectionLimit`), said to the one refused.
    public func text(_ refusal: DemoConnectionLimit.Refusal) -> String {
        switch refusal {
        case .perKey(let limit):
            return "This SSH key already has \(limit) connections open to the demo, the most one key may have. Close one of its windows and connect again."
        case .perAddress(let limit):
            return "Your address already has \(limit) connections open to the demo, the most one address may have. Close one of them and connect again."
        case .allSessions(let limit):
            return "The demo already has \(limit) \(plural(limit, one: "session", other: "sessions")) open, the most it takes at once. Try again in a few minutes."
        case .perBrowser(let limit):
            return "This browser already has \(limit) \(plural(limit, one: "session", other: "sessions")) open in the demo, the most one browser may have. Close one of its other tabs and reload this page."
        }
    }
}
