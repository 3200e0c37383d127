/// Identity, passwords, sign-in, sessions and demo customers.
extension ItalianCoreCatalog {
    public func text(_ problem: Username.Problem) -> String {
        switch problem {
        case .length: return "Un nome utente ha da 2 a 32 caratteri."
        case .characters: return "Un nome utente usa solo lettere a-z, cifre, \"_\", \".\" e \"-\"."
        }
    }

    public func text(_ problem: PasswordPolicy.Problem) -> String {
        switch problem {
        case .tooShort: return "Una password ha almeno \(PasswordPolicy.minimumLength) caratteri."
        case .tooLong: return "Una password ha al massimo \(PasswordPolicy.maximumLength) caratteri."
        case .common: return "Password troppo comune: scegline una che altri difficilmente userebbero."
        case .containsUsername: return "La password non deve contenere il nome utente."
        case .controlCharacters: return "Una password non può contenere caratteri di controllo come Tab o Enter."
        }
    }

    public func text(_ problem: PhoneNumber.Invalid) -> String {
        "Il numero inizia con + e il prefisso: da 8 a 15 cifre in tutto, es. +39 347 123 4567."
    }

    public func text(_ problem: Sitekey.Problem) -> String {
        switch problem {
        case .unknownImage:
            return "Immagine di sicurezza sconosciuta; scegline una tra: \(Sitekey.images.joined(separator: ", "))."
        case .phraseLength: return "Una frase di sicurezza ha da 1 a 60 caratteri stampabili."
        }
    }

    public func text(_ refusal: PasswordSignIn.Refusal) -> String {
        switch refusal {
        case .guest(let error): return text(error)
        case .incorrect(let left):
            let base = "Nome utente o password errati."
            guard let left, left == 1 else { return base }
            return base + " Ultimo tentativo prima del blocco di 15 minuti."
        case .locked(let until):
            return "Troppi tentativi. Accesso bloccato fino alle \(time(until))."
        }
    }

    public func text(_ error: SignInFlow.FlowError) -> String {
        switch error {
        case .expired:
            return "Questo accesso è iniziato più di \(minutes(SignInFlow.attemptLifetimeSeconds / 60)) fa. "
                + "Ricomincia con nome utente e password."
        case .wrongFactor: return "Questo passaggio non è quello che l'accesso richiede ora."
        case .incomplete(let factor): return "Accesso non completato: manca ancora \(name(of: factor))."
        case .proofForAnotherUserOrDevice: return "Questa prova appartiene a un altro accesso."
        case .deviceNoLongerTrusted: return "Questo dispositivo non è più attendibile. Accedi di nuovo."
        }
    }

    /// What a sign-in step is called (English shows the factor's code name).
    private func name(of factor: SignInFactor) -> String {
        switch factor {
        case .password: return "la password"
        case .biometric: return "la verifica biometrica"
        case .smsCode: return "il codice SMS"
        case .authenticator: return "il codice dell'app di autenticazione"
        }
    }

    public func text(_ error: SessionError) -> String {
        switch error {
        case .ended(.idle): return "Sessione chiusa dopo 5 minuti di inattività."
        case .ended(.maximumAge): return "Sessione chiusa: una sessione dura al massimo 12 ore."
        case .ended(.verificationFailed): return text(CheckResult.tooManyWrongCodes)
        case .ended(.trustRevoked): return "Questo dispositivo non è più attendibile. Accedi di nuovo."
        case .ended(.guestExpired): return "Sessione chiusa: le 24 ore di questo cliente demo sono finite."
        case .ended: return "Questa sessione è terminata. Accedi di nuovo."
        case .notFound: return "Sessione inesistente. Accedi di nuovo."
        }
    }

    public func text(_ error: GuestError) -> String {
        switch error {
        case .notTheDemoBank:
            return "I clienti demo si possono creare solo sulla banca demo."
        case .tooMany(let limit, let minutesLeft):
            let made = plural(limit, one: "\(limit) cliente demo", other: "\(limit) clienti demo")
            return "Questa connessione ha creato \(made) nell'ultima ora. "
                + "Riprova tra \(minutes(minutesLeft)) o accedi come uno di loro."
        case .noFreeName:
            return "Nessun nome demo libero; non è stato creato nulla. Riprova."
        case .otherKey(let name):
            return "\(name) è stato creato da un'altra chiave SSH; accedi dalla connessione che l'ha creato."
        case .otherBrowser(let name):
            return "\(name) non è stato creato in questo browser; accedi dal browser o dalla connessione SSH che l'ha creato."
        case .expired(let name):
            return "\(name) era un cliente demo di 24 ore ed è scaduto. Premi g per un altro."
        case .expiredOutsideDemoMode(let name):
            return "\(name) era un cliente demo di 24 ore ed è scaduto."
        case .onlyInDemoMode(let name):
            return "\(name) è un cliente demo e accede solo alla demo (termbank --demo)."
        }
    }
}
