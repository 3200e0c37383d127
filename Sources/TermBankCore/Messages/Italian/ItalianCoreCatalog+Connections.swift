extension ItalianCoreCatalog {
    /// The demo's cap on open connections (`DemoConnectionLimit`), said to the one refused.
    public func text(_ refusal: DemoConnectionLimit.Refusal) -> String {
        switch refusal {
        case .perKey(let limit):
            return "Questa chiave SSH ha già \(limit) connessioni aperte alla demo, il massimo per una chiave. Chiudi una delle finestre e connettiti di nuovo."
        case .perAddress(let limit):
            return "Il tuo indirizzo ha già \(limit) connessioni aperte alla demo, il massimo per un indirizzo. Chiudine una e connettiti di nuovo."
        case .allSessions(let limit):
            return "La demo ha già \(limit) \(plural(limit, one: "sessione aperta", other: "sessioni aperte")), il massimo che accetta insieme. Riprova tra qualche minuto."
        case .perBrowser(let limit):
            return "Questo browser ha già \(limit) \(plural(limit, one: "sessione aperta", other: "sessioni aperte")) nella demo, il massimo per un browser. Chiudi una delle altre schede e ricarica questa pagina."
        }
    }
}
