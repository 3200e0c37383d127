import TermBankCore

/// Demo mode's words in Italian.
extension ItalianAppCatalog {
    public func text(_ text: DemoText) -> String {
        switch text {
        case .story(1): return "1. Accedi (impronta: Enter)"
        case .story(2): return "2. Fai un giroconto (il codice arriva sul telefono)"
        case .story(3): return "3. Attiva la verifica SMS, esci e accedi di nuovo con un codice"
        case .story: return "4. Usa l'app di autenticazione (a)"
        case .storyLead: return "Prova:"
        case .welcomeTitle: return "Benvenuto nella demo di TermBank"
        case .newCustomer: return "Inizia come nuovo cliente demo"
        case .newCustomerDetail: return "Cliente e telefono tutti tuoi, per 24 ore."
        case .signIn: return "Accedi"
        case .sharedCustomers: return "alice, bob e carol sono in comune con tutti"
        case .sharedCustomersMore: return "alla demo, o un cliente demo creato da te."
        case .sharedSettings: return "Cambiare le loro impostazioni vale per tutti."
        case .makingCustomer: return "Creazione del tuo cliente demo…"
        case .cardTitle: return "Il tuo cliente demo"
        case .noteThePassword: return "Il telefono ne tiene una copia in Password."
        case .usernameLabel: return "Utente"
        case .passwordLabel: return "Password"
        case .phoneSimulated(let masked): return "Telefono \(masked), simulato su questo schermo."
        case .smsOnRemovedIn(let hours):
            return "Verifica SMS attiva. Cliente eliminato tra \(hours) \(core.plural(Int(clamping: hours), one: "ora", other: "ore"))."
        case .pressEnterToSignIn: return "Premi Enter per accedere: il nome utente c'è già."
        case .phoneTitle: return "Telefono del cliente (simulato)"
        case .phoneOnTheRight: return "Il telefono del cliente è a destra."
        case .ctrlPShowsThePhone: return "Ctrl-P mostra il telefono del cliente."
        case .noCustomerYet:
            return "Nessun cliente sta accedendo da questo schermo. Qui arrivano i codici del cliente con cui accedi."
        case .newMessage: return "● Nuovo messaggio"
        case .noMessagesYet: return "Ancora nessun messaggio."
        case .received(let time): return core.dates.timeWithSeconds(time)
        case .channel(let sms): return sms ? "SMS" : "Chiamata vocale"
        case .newTag: return "nuovo"
        case .authenticatorApp: return "App di autenticazione · TermBank"
        case .secondsLeft(let seconds): return "ancora \(seconds) s"
        case .scannedTheQRCode: return "Letto dal codice QR sullo schermo: digita lì questo codice."
        case .passwordsNote: return "Password · il tuo cliente demo"
        case .whosePhone: return "Di chi è questo telefono?"
        case .chooseTheCustomer: return "Scegli il cliente con cui stai accedendo."
        }
    }
}
