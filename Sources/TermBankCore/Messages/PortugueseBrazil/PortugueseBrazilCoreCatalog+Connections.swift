extension PortugueseBrazilCoreCatalog {
    /// The demo's cap on open connections (`DemoConnectionLimit`), said to the one refused.
    public func text(_ refusal: DemoConnectionLimit.Refusal) -> String {
        switch refusal {
        case .perKey(let limit):
            return "Esta chave SSH já tem \(limit) conexões abertas com a demonstração, o máximo para uma chave. Feche uma das janelas e conecte de novo."
        case .perAddress(let limit):
            return "Seu endereço já tem \(limit) conexões abertas com a demonstração, o máximo para um endereço. Feche uma delas e conecte de novo."
        case .allSessions(let limit):
            return "A demonstração já tem \(limit) \(plural(limit, one: "sessão aberta", other: "sessões abertas")), o máximo que aceita de uma vez. Tente de novo em alguns minutos."
        case .perBrowser(let limit):
            return "Este navegador já tem \(limit) \(plural(limit, one: "sessão aberta", other: "sessões abertas")) na demonstração, o máximo para um navegador. Feche uma das outras abas e recarregue esta página."
        }
    }
}
