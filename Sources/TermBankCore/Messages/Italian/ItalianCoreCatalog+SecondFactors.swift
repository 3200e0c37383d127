/// Authenticator apps, recovery codes, trusted devices and the settings that change them.
extension ItalianCoreCatalog {
    public func text(_ check: AuthenticatorCheck) -> String {
        switch check {
        case .verified: return "Verifica riuscita."
        case .wrongCode(let left):
            return "Il codice non è corretto. Controlla l'ora del telefono. \(attemptsLeft(left))"
        case .alreadyUsed(let left):
            return "Codice già usato. Attendi il prossimo nell'app di autenticazione. \(attemptsLeft(left))"
        case .locked(let until):
            return "Troppi codici errati. Codici dell'app bloccati fino alle \(time(until))."
        case .notEnrolled: return "Per questo conto non è configurata nessuna app di autenticazione."
        }
    }

    public func text(_ result: ActivationResult) -> String {
        switch result {
        case .activated: return "La tua app di autenticazione è configurata."
        case .wrongCode(let left): return text(AuthenticatorCheck.wrongCode(attemptsLeft: left))
        case .alreadyUsed(let left): return text(AuthenticatorCheck.alreadyUsed(attemptsLeft: left))
        case .locked(let until): return text(AuthenticatorCheck.locked(until: until))
        case .expired: return "Oltre 10 minuti: ricomincia per un nuovo codice QR."
        case .noEnrolment: return "Nessuna configurazione in corso; avviane prima una."
        }
    }

    public func text(_ error: AuthenticatorError) -> String {
        switch error {
        case .sealedForAnotherUser:
            return "Un segreto di autenticazione memorizzato non appartiene a questo conto ed è stato rifiutato."
        }
    }

    public func text(_ check: RecoveryCodeCheck) -> String {
        switch check {
        case .accepted(let proof):
            if proof.remaining == 0 { return "Era il tuo ultimo codice di recupero: creane subito un nuovo set." }
            let left = plural(proof.remaining, one: "Ti resta \(proof.remaining) codice di recupero.",
                              other: "Ti restano \(proof.remaining) codici di recupero.")
            return "Codice di recupero accettato. \(left)"
        case .wrongCode(let left): return "Il codice di recupero non è corretto. \(attemptsLeft(left))"
        case .alreadyUsed(let left): return "Questo codice di recupero è già stato usato. \(attemptsLeft(left))"
        case .locked(let until): return text(AuthenticatorCheck.locked(until: until))
        case .notEnrolled: return "Questo conto non ha codici di recupero."
        }
    }

    public func text(_ error: ConfirmationError) -> String {
        switch error {
        case .password(let refusal): return text(refusal)
        case .authenticator(let check): return text(check)
        case .recoveryCode(let check): return text(check)
        case .sms(let check): return text(check)
        case .needsStrongFactor: return "Conferma con un codice dell'app di autenticazione o con un codice di recupero."
        case .noAuthenticator: return "Nessuna app di autenticazione: conferma con il codice inviato al telefono."
        case .grantNotValid: return "Accedi di nuovo per creare nuovi codici di recupero."
        case .nothingToChange(let unchanged): return text(unchanged)
        case .needsSMSCode: return "Conferma questa modifica con il codice inviato al tuo telefono."
        case .needsNewPhoneCode: return "Inserisci il codice inviato al nuovo numero: prova che è tuo."
        case .phoneInUse:
            return "Questo numero appartiene a un altro cliente TermBank. Usa un numero tuo."
        }
    }

    public func text(_ unchanged: ConfirmationError.Unchanged) -> String {
        switch unchanged {
        case .samePhoneNumber: return "È già il tuo numero di telefono."
        case .notASignInFactor: return "L'accesso usa i codici SMS o l'app di autenticazione."
        case .smsVerificationAlreadyOff: return "La verifica SMS è già disattivata."
        }
    }

    public func text(_ error: TrustedDeviceError) -> String {
        switch error {
        case .noDevice: return "Solo un accesso da un dispositivo può renderlo attendibile."
        case .noSecondFactorPassed:
            return "Un dispositivo diventa attendibile solo dopo un accesso con secondo fattore."
        case .signInTooOld: return "Attendibile solo subito dopo l'accesso: accedi di nuovo."
        case .notFound: return "Questo conto non ha un dispositivo attendibile simile."
        case .deviceNotHeld:
            return "Un telefono dell'elenco non può diventare attendibile: chiunque qui potrebbe sceglierlo."
        }
    }

    /// A noun phrase, so that it reads after "conferma" in the SMS and after
    /// "per" on the voice call: "conferma la disattivazione dei codici SMS".
    public func summary(_ change: SecurityChange) -> String {
        switch change {
        case .turnOffSMSVerification: return "la disattivazione dei codici SMS per l'accesso"
        case .turnOffAuthenticator: return "la disattivazione della tua app di autenticazione"
        case .setUpAuthenticator: return "l'attivazione di un'app di autenticazione"
        case .replaceAuthenticator: return "l'attivazione di una nuova app di autenticazione"
        case .changePhone(let phone): return "il cambio del tuo numero di telefono in \(phone.masked)"
        case .proveNewPhone: return "l'uso di questo numero per i tuoi codici TermBank"
        case .signInWithSMS: return "l'accesso con i codici SMS invece dell'app di autenticazione"
        case .regenerateRecoveryCodes: return "la creazione di nuovi codici di recupero"
        }
    }

    public func text(_ notice: PhoneNotice) -> String {
        let notYou = "Se non sei stato tu, chiama subito TermBank."
        switch notice {
        case .turnedOff(let factor, let at):
            let what = factor == .authenticator ? "la tua app di autenticazione" : "i codici via SMS"
            return "TermBank: alle \(time(at)) è stato disattivato il secondo fattore di accesso (\(what)). \(notYou)"
        case .authenticatorAdded(let at):
            return "TermBank: alle \(time(at)) è stata configurata un'app di autenticazione per l'accesso. \(notYou)"
        case .authenticatorReplaced(let at, let oldUntil):
            return "TermBank: alle \(time(at)) la tua app di autenticazione è stata sostituita; quella precedente smette di funzionare alle \(time(oldUntil)). \(notYou)"
        case .signInBySMS(let at):
            return "TermBank: da ora l'accesso chiede un codice SMS invece dell'app di autenticazione (modifica delle \(time(at))). \(notYou)"
        case .phoneChanged(let phone, let at):
            return "TermBank: alle \(time(at)) il tuo numero di telefono è stato cambiato in \(phone.masked); i codici non arriveranno più qui. \(notYou)"
        case .phoneAdded(let at):
            return "TermBank: da ora questo numero riceve i tuoi codici TermBank (modifica delle \(time(at))). \(notYou)"
        case .recoveryCodesReplaced(let at):
            return "TermBank: alle \(time(at)) sono stati creati nuovi codici di recupero; quelli precedenti non funzionano più. \(notYou)"
        case .paymentReceived(let amount, let payer):
            return "TermBank: hai ricevuto un bonifico di \(money(amount)) da \(payer)."
        }
    }
}
