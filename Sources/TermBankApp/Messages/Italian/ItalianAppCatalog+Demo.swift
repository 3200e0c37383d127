import TermBankCore

/// Demo mode's words in Italian.
extension ItalianAppCatalog {
    public func text(_ text: DemoText) -> String {
        switch text {
        case .storyStep(let step): return "\(step.number). " + full(step)
        case .storyShort(let step): return short(step)
        case .storyLine: return "Percorso"
        case .storyAllDone: return "tutti e quattro i passi fatti"
        case .welcomeBack(let name): return "Bentornato, \(name)."
        case .rememberSitekey: return "La tua immagine di sicurezza: ricordala."
        case .storyLead: return "Prova:"
        case .welcomeTitle: return "Benvenuto nella demo di TermBank"
        case .newCustomer: return "Inizia come nuovo cliente demo"
        case .newCustomerDetail: return "Cliente e telefono tutti tuoi, per 24 ore."
        case .signIn: return "Accedi"
        case .sharedCustomers: return "alice, bob e carol sono in comune con tutti"
        case .sharedCustomersMore: return "alla demo, o un cliente demo creato da te."
        case .sharedSettings: return "Cambiare le loro impostazioni vale per tutti."
        case .sessionRecorded: return "Questa sessione viene registrata."
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

    /// A step in full, as the welcome and login screens list it.
    private func full(_ step: StoryStep) -> String {
        switch step {
        case .signIn(.none): return "Accedi (il codice arriva sul telefono)"
        case .signIn(let sensor): return "Accedi (\(sensor.displayName): Enter, poi il codice dal telefono)"
        case .moveMoney: return "Fai un giroconto (il codice arriva sul telefono)"
        case .signInAgain(smsOn: true): return "Esci (l) e accedi di nuovo con un codice"
        case .signInAgain(smsOn: false): return "Esci (l), rispondi s per attivare l'SMS, riaccedi"
        case .signedInAgain(.withACode): return "Accesso di nuovo, con un codice"
        case .signedInAgain(.trustedDevice): return "Accesso di nuovo: dispositivo attendibile, nessun codice"
        case .signedInAgain(.passwordOnly): return "Accesso di nuovo con la sola password (SMS disattivato)"
        case .authenticator: return "Usa l'app di autenticazione (a)"
        }
    }

    /// A step in a few words, for the one-line checklist.
    private func short(_ step: StoryStep) -> String {
        switch step {
        case .signIn: return "accedi con un codice"
        case .moveMoney: return "giroconto (t)"
        case .signInAgain(smsOn: true): return "esci (l) e riaccedi"
        case .signInAgain(smsOn: false): return "esci (l); s attiva l'SMS"
        case .signedInAgain: return "accesso di nuovo"
        case .authenticator: return "app di autenticazione (a)"
        }
    }
}
