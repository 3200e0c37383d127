/// Codes by SMS and voice: the refusals, the checks, and the words on the phone.
extension ItalianCoreCatalog {
    public func text(_ error: VerifyError) -> String {
        switch error {
        case .tooManySends(let next):
            return "Troppi codici inviati a questo numero nell'ultima ora. Riprova dopo le \(time(next))."
        case .tooManySendsForCustomer(let next):
            return "Troppi codici e messaggi inviati per il tuo conto nell'ultima ora. "
                + "Riprova dopo le \(time(next))."
        case .numberBusy(let until):
            return "Un codice inviato a quel numero per un'altra richiesta è ancora valido. Riprova dopo le \(time(until))."
        case .smsCodesLocked(let until): return text(CheckResult.smsCodesLocked(until: until))
        case .resendTooSoon(let seconds):
            return "Puoi chiedere un nuovo codice tra \(seconds) \(plural(Int(clamping: seconds), one: "secondo", other: "secondi"))."
        case .noMoreEvents:
            return "Per questa richiesta non si possono inviare altri codici. Ricomincia."
        case .notInProgress(let status): return text(CheckResult.notInProgress(status))
        case .notFound: return "Richiesta di verifica inesistente."
        case .delivery(let failure): return text(failure)
        case .providerUnavailable: return "La banca non riesce a inviare un codice in questo momento; non è stato modificato nulla."
        }
    }

    public func text(_ result: CheckResult) -> String {
        switch result {
        case .verified: return "Verifica riuscita."
        case .smsCodesLocked(let until):
            return "Troppi codici errati. I codici via SMS sono bloccati per questo conto fino alle \(time(until)); "
                + "se non li hai inseriti tu, cambia la password e chiama TermBank."
        // Seed 000's words ("Wrong Pin Code. The pin code you entered is invalid."), in Italian.
        case .wrongCode(let left):
            return "Codice PIN errato. Il codice inserito non è valido. \(attemptsLeft(left))"
        // Seed 000's "Unsuccessful Identification. Logging out. Goodbye."
        case .tooManyWrongCodes: return "Identificazione fallita. Disconnessione. Arrivederci."
        case .expired: return "Il codice è scaduto. Chiedine uno nuovo."
        case .notInProgress(let status):
            switch status {
            case .success: return "Questo codice è già stato usato."
            case .failed: return "Questa verifica non è riuscita: troppi codici errati."
            case .expired: return "Il codice è scaduto. Chiedine uno nuovo."
            case .cancelled: return "Questa verifica è stata annullata."
            case .superseded:
                return "Per il tuo conto è stato richiesto un codice più recente da un'altra sessione o da un altro dispositivo, "
                    + "quindi questo codice non è più valido. Chiedine uno nuovo."
            case .inProgress: return "Questa verifica è ancora in corso."
            }
        case .notFound: return "Richiesta di verifica inesistente."
        }
    }

    /// The reason is the gateway's own words (sanitised before any terminal).
    public func text(_ failure: DeliveryFailure) -> String { "Impossibile inviare il codice: \(failure.reason)" }

    public func text(_ problem: VerifyConfiguration.Invalid) -> String {
        switch problem {
        case .codeLength: return "Un codice ha 4 o 6 cifre."
        case .expiry: return "Un codice scade dopo un tempo da 1 a 10 minuti."
        }
    }

    private var never: String { "Non comunicarlo a nessuno, nemmeno al personale TermBank." }

    public func smsText(code: String, purpose: VerificationPurpose, expiresInSeconds seconds: Int64) -> String {
        let expiry = "Scade tra \(timeLeft(seconds))."
        switch purpose {
        case .signIn:
            return "TermBank: il tuo codice di verifica per accedere è \(code). \(expiry) \(never)"
        case .transfer(let transfer) where transfer.isPayment:
            return "TermBank: il codice \(code) autorizza il bonifico di \(summary(transfer)). \(expiry) \(never)"
        case .transfer(let transfer):
            return "TermBank: il codice \(code) autorizza il giroconto di \(summary(transfer)). \(expiry) \(never)"
        case .confirmation(let change):
            return "TermBank: il codice \(code) conferma \(summary(change)). \(expiry) \(never)"
        }
    }

    /// The simulated voice call reads the digits one by one, twice.
    public func voiceText(code: String, purpose: VerificationPurpose, expiresInSeconds seconds: Int64) -> String {
        let spoken = code.map(String.init).joined(separator: ", ")
        let what: String
        switch purpose {
        case .signIn: what = "per accedere"
        case .transfer(let transfer) where transfer.isPayment: what = "per autorizzare il bonifico di \(summary(transfer))"
        case .transfer(let transfer): what = "per autorizzare il giroconto di \(summary(transfer))"
        case .confirmation(.proveNewPhone): what = "per confermare questo numero per i tuoi codici TermBank"
        case .confirmation(let change): what = "per \(summary(change))"
        }
        return "Chiamata da TermBank: il tuo codice \(what) è \(spoken). Ripeto: \(spoken). "
            + "Scade tra \(timeLeft(seconds)). \(never)"
    }

    public func providerSentText(phone: String, provider: String) -> String {
        "TermBank: il codice è stato inviato al \(phone) tramite \(provider). Non compare su questo telefono simulato: leggilo su quello vero."
    }

    public func smsLockedText(until: Timestamp) -> String {
        "TermBank: per il tuo conto sono stati inseriti troppi codici errati, quindi i codici via SMS sono bloccati "
            + "fino alle \(time(until)). Se non li hai inseriti tu, cambia la password e chiama TermBank."
    }
}
