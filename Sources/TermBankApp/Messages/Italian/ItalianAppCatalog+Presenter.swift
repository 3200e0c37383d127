import TermBankCore

/// The presenter's view's words in Italian.
extension ItalianAppCatalog {
    public func text(_ text: PresenterText) -> String {
        switch text {
        case .title: return "Vista del presentatore"
        case .totals(let connected, let finished, let moved):
            return "Collegati \(connected) · Completati \(finished) · Denaro mosso \(moved)"
        case .columnOrigin: return "Origine"
        case .columnDoor: return "Porta"
        case .columnCustomer: return "Cliente"
        case .columnLanguage: return "Lingua"
        case .columnSteps: return "Passi"
        case .columnSince: return "Ultima"
        case .columnStuck: return "Problema"
        case .door(let door):
            switch door {
            case .ssh: return "SSH"
            case .web: return "web"
            case .local: return "locale"
            }
        case .noCustomer: return "—"
        case .since(let seconds): return PresenterText.shortDuration(seconds, s: "s", min: "min", h: "h")
        case .sameScreen(let minutes): return "stessa schermata da \(minutes) min"
        case .refused(let refusal):
            switch refusal {
            case .password: return "rifiutato: password"
            case .code: return "rifiutato: codice"
            case .moneyMovement: return "rifiutato: trasferimento"
            case .other: return "rifiutato"
            }
        case .lockedUntil(let time): return "bloccato fino alle \(time)"
        case .codesLockedUntil(let time): return "codici bloccati fino alle \(time)"
        case .smsLimitReached: return "limite di SMS raggiunto"
        case .sameScreenShort(let minutes): return "schermata \(minutes) min"
        case .refusedShort(let refusal):
            switch refusal {
            case .password: return "password rifiutata"
            case .code: return "codice rifiutato"
            case .moneyMovement: return "trasferimento rifiutato"
            case .other: return "rifiutato"
            }
        case .lockedShort: return "bloccato"
        case .codesLockedShort: return "codici bloccati"
        case .smsLimitShort: return "limite SMS"
        case .fine: return "—"
        case .onScreen(let screen): return "su \(screen)"
        case .screenName(let name):
            switch name {
            case .welcome: return "benvenuto"
            case .guestCard: return "scheda del cliente demo"
            case .pickDevice: return "scelta del dispositivo"
            case .login: return "accesso"
            case .sitekeyFirst: return "nome utente"
            case .sitekey: return "immagine di sicurezza"
            case .biometric: return "Touch ID / Face ID"
            case .code: return "codice SMS"
            case .authenticatorCode: return "codice dell'app di autenticazione"
            case .recoveryCode: return "codice di recupero"
            case .statement: return "movimenti"
            case .transfer: return "giroconto"
            case .receipt: return "ricevuta"
            case .pay: return "bonifico"
            case .paid: return "bonifico inviato"
            case .security: return "sicurezza"
            case .authenticatorSetup: return "attivazione dell'app di autenticazione"
            case .newRecoveryCodes: return "nuovi codici di recupero"
            case .signedOut: return "sessione chiusa"
            case .phone: return "finestra del telefono"
            case .presenter: return "vista del presentatore"
            }
        case .canUnlock: return "u toglie i blocchi"
        case .empty: return "Nessun partecipante collegato."
        case .emptyHint: return "Condividi l'accesso SSH o quello dal browser."
        case .reading: return "Lettura della banca…"
        case .recordsUnavailable: return "I dati di presenza di questa banca non si possono ancora leggere."
        case .unlockTitle: return "Sblocca"
        case .unlockQuestion(let customer, let origin): return "Sbloccare \(customer) per \(origin)?"
        case .unlockExplanation:
            return "Toglie i blocchi per password errata e per codice errato e il conteggio orario degli SMS da quell'origine per quel cliente; "
                + "le altre origini mantengono i propri. Resta nel registro di controllo."
        case .unlocked(let customer, let origin): return "\(customer) sbloccato (\(origin))."
        case .nothingToUnlock(let origin): return "Niente da sbloccare (\(origin))."
        }
    }
}
