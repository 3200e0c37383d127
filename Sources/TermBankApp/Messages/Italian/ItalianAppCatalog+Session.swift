/// The session's words in Italian.
extension ItalianAppCatalog {
    public func text(_ text: SessionText) -> String {
        switch text {
        case .signedOutTitle: return "Sessione chiusa"
        case .signedOut: return "Uscita da TermBank effettuata."
        case .signInAgainOrQuit: return "Premi Enter per accedere di nuovo o q per chiudere."
        case .noRecoveryCodesLeft: return "Codici di recupero esauriti. Creane altri: termbank recovery regenerate."
        case .recoveryCodesLeft(let left):
            return "Accesso con codice di recupero: te ne \(core.plural(left, one: "resta", other: "restano")) \(left)."
        case .notMyImage:
            return "Hai indicato che l'immagine non è tua, quindi l'accesso non è avvenuto. Se qualcun altro potrebbe conoscere la tua password, cambiala e chiama la banca."
        case .smsVerificationOff: return "Verifica SMS all'accesso disattivata."
        case .smsVerificationOn: return "Verifica SMS all'accesso attivata."
        case .authenticatorOff: return "App disattivata: i codici di recupero non valgono più."
        case .phoneChanged: return "Numero cambiato; abbiamo avvisato entrambi i numeri."
        case .biometricOnAgain: return "Accesso biometrico di nuovo attivo su questo dispositivo."
        case .signInAsksForSMS: return "Da ora l'accesso chiede un codice SMS."
        case .signInAsksForTheApp: return "Ora l'accesso chiede il codice dell'app di autenticazione."
        case .deviceTrusted(let until):
            return "Attendibile fino al \(core.dates.dayAndTime(until)) UTC: accesso senza secondo fattore."
        case .deviceNoLongerTrusted: return "Non più attendibile: al prossimo accesso chiederà il secondo fattore."
        case .setUpAnAppFirst: return "Prima configura un'app di autenticazione (e), poi scegli."
        case .setUpCancelled: return "Annullato: nulla è cambiato. Premi e per ricominciare."
        case .authenticatorOn: return "App di autenticazione attiva per l'accesso."
        case .biometricStaysOff: return "L'accesso biometrico resta disattivato."
        case .bankDoesNotOfferThat: return "Questa banca non offre questo servizio."
        case .somethingWentWrong: return "Errore imprevisto: nulla è stato modificato. Riprova."
        case .bankUnreachable: return "Al momento la banca non è raggiungibile; nulla è stato modificato. Riprova tra poco."
        case .bankConnectionLost:
            return "Connessione con la banca interrotta; un giroconto non viene mai registrato due volte: riprova pure."
        case .bankCannotDoThatNow: return "Al momento la banca non può eseguire l'operazione; nulla è stato modificato. Riprova più tardi."
        }
    }
}
