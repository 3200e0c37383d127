import TermBankCore

/// The second factor's words in Italian. The biometric sheet speaks as iOS
/// does in Italian ("Inserisci codice", "Annulla"); the SMS code screen
/// keeps seed 000's "Wrong Pin Code" message, translated.
extension ItalianAppCatalog {
    public func text(_ text: SecondFactorText) -> String {
        switch text {
        case .sensor(let biometry): return biometry == .faceID ? "Face ID" : biometry == .touchID ? "Touch ID" : "Codice"
        case .sheetAppName: return "“TermBank”"
        case .biometricReason(.signIn): return "Accedi a TermBank"
        case .biometricReason(.transfer(let transfer)): return "Approva \(core.summary(transfer))"
        case .biometricReason(.turnOnBiometricSignIn): return "Attiva l'accesso biometrico"
        case .enterPasscodeButton: return "Inserisci codice"
        case .cancelButton: return "Annulla"
        case .enterDevicePasscode: return "Inserisci codice iPhone"
        case .passcodeFull(let limit): return "Pieno: al massimo \(limit) caratteri."
        case .verifyItsYou: return "Identificazione"
        case .approveThisTransfer: return "Autorizza il giroconto"
        case .approveThisPayment: return "Autorizza il pagamento"
        case .pay(let payment): return "Pagamento di \(core.summary(payment))"
        case .approvesThisPaymentOnly: return "Autorizza questo pagamento e nient'altro."
        case .move(let transfer): return "Giroconto di \(core.summary(transfer))"
        case .weSentACode(let masked): return "Abbiamo inviato un codice al \(masked)"
        case .codeAlreadySent(let masked): return "Il codice è già stato inviato al \(masked)"
        case .expiresIn(let seconds): return "Scade tra \(AppView.minutesSeconds(seconds))"
        case .expired: return "Scaduto"
        case .attemptsLeft(let left):
            return "\(left) \(core.plural(left, one: "tentativo rimasto", other: "tentativi rimasti"))"
        case .codesLeftThisHour(let left):
            return left == 0 ? "Nessun altro codice in quest'ora"
                : "Ancora \(left) \(core.plural(left, one: "codice", other: "codici")) in quest'ora"
        case .resendOrCall: return "r  Reinvia (con chiamata vocale)   c  Chiamami"
        case .resendBySMS: return "r  Invia un nuovo codice via SMS"
        case .noMoreCodesForThisRequest: return "Nessun altro codice per questa richiesta"
        case .resendOrCallIn(let wait): return "Reinvio o chiamata tra \(wait) s"
        case .useARecoveryCodeInstead: return "u  Usa invece un codice di recupero"
        case .checking: return "Verifica in corso…"
        case .sendingANewCode: return "Invio di un nuovo codice…"
        case .calling(let masked): return "Chiamata al \(masked): ascolta il codice."
        case .newCodeSent(let masked): return "Nuovo codice inviato al \(masked)."
        case .askForANewCodeIn(let wait): return "Puoi chiedere un nuovo codice tra \(wait) s."
        case .noMoreCodesPressEsc: return "Nessun altro codice inviabile: premi Esc e ricomincia."
        // Seed 000's "Wrong Pin Code. The pin code you entered is invalid."
        case .wrongPinCode: return "Codice PIN errato. Il codice inserito non è valido."
        case .codeExpiredPressR: return "Il codice è scaduto. Premi r per averne uno nuovo."
        case .codeSupersededPressR:
            return "È stato richiesto un codice più recente da un'altra sessione o da un altro dispositivo: "
                + "questo non è più valido. Premi r per averne uno nuovo."
        case .replacedByANewerCode: return "Sostituito da un nuovo codice"
        case .enterTheAuthenticatorCode: return "Inserisci il codice dell'app di autenticazione"
        case .theSixDigitsNow: return "Le 6 cifre che mostra ora per TermBank."
        case .approvesThisTransferOnly: return "Autorizza solo questo giroconto."
        case .codeNotRight(let left):
            return "Il codice non è corretto. \(left) \(core.plural(left, one: "tentativo rimasto", other: "tentativi rimasti"))."
        case .authenticatorCodeExpired: return "Codice scaduto. Inserisci quello che l'app mostra ora."
        case .useARecoveryCodeTitle: return "Usa un codice di recupero"
        case .recoveryCodeIntro(let authenticator):
            let instead = authenticator ? "del codice dell'app di autenticazione" : "del codice SMS"
            return "Inserisci uno dei codici di recupero che hai salvato attivando l'app di autenticazione. Vale una sola volta, al posto \(instead)."
        case .codeLabel: return "Codice"
        case .caseDoesNotMatter: return "Maiuscole, spazi e trattini non contano."
        case .typeARecoveryCode: return "Inserisci uno dei tuoi codici di recupero."
        case .recoveryCodeNoLongerWorks: return "Questo codice di recupero non è più valido."
        case .newRecoveryCodesTitle: return "Nuovi codici di recupero"
        case .thatWasYourLastCode: return "Era il tuo ultimo codice di recupero."
        case .makeANewSet: return "Creane ora altri 10: hai usato l'ultimo per accedere,"
        case .noSecondFactorNeeded: return "quindi qui non serve un codice del secondo fattore."
        case .confirmWithPassword: return "Conferma con la tua password:"
        case .makingNewCodes: return "Creazione dei nuovi codici…"
        case .saveThemNow: return "Salvali ora: compaiono una sola volta."
        case .eachWorksOnce: return "Ognuno vale una volta al posto del codice dell'app."
        case .writeThemDown: return "Scrivili su carta o conservali in un password manager."
        case .oldCodesNoLongerWork: return "I vecchi codici non sono più validi."
        case .pressEnterWhenSaved: return "Premi Enter quando li hai salvati."
        }
    }
}
