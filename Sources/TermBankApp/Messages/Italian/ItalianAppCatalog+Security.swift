/// The security feature's words in Italian. The overview's labels end
/// before column 36 and its values before column 56 (19 cells), so they are
/// written to fit: "No: dati cambiati" for a biometric switch turned off
/// by a new enrolment, "Nuovo num." for the new phone number's field.
extension ItalianAppCatalog {
    public func text(_ text: SecurityText) -> String {
        switch text {
        case .title: return "Sicurezza"
        case .sharedAtTheDemo: return "In comune alla demo: modifiche per tutti."
        case .loading: return "Caricamento delle impostazioni di sicurezza…"
        case .smsRow: return "Verifica SMS all'accesso"
        case .authenticatorRow: return "App di autenticazione"
        case .factorRow: return "Secondo fattore all'accesso"
        case .recoveryCodesRow: return "Codici di recupero rimasti"
        case .biometricRow: return "Accesso biometrico qui"
        case .phoneRow: return "Numero di telefono"
        // "Sì"/"No" rather than an adjective: the rows are feminine ("verifica",
        // "app") and masculine ("accesso biometrico").
        case .on: return "Sì"
        case .off: return "No"
        case .offNewEnrollment: return "No: dati cambiati"
        case .turnOff: return "Disattiva"
        case .turnOn: return "Attiva"
        case .setUpANewOne: return "Configurane una nuova"
        case .setUp: return "Configura"
        case .useTheApp: return "Usa l'app"
        case .useSMSCodes: return "Usa i codici SMS"
        case .changeNumber: return "Cambia"
        case .factorAuthenticator: return "Codice dall'app"
        case .factorSMS: return "Codice SMS"
        case .factorNothing: return "Solo la password"
        case .trustedDevices: return "Dispositivi attendibili"
        case .trustedDevicesExplanation: return "(senza secondo fattore per 30 giorni)"
        case .noTrustedDevices: return "Nessuno."
        case .trustedUntil(let time): return "fino al " + core.dates.dayAndTime(time) + " UTC"
        case .lastUsedAt(let time): return time.map { "   ultimo uso " + core.dates.dayAndTime($0) + " UTC" } ?? "   mai usato"
        case .moreDevicesAbove(let count): return "↑ altri \(count)"
        case .moreDevicesBelow(let count): return "↓ altri \(count)"
        case .formTitle(let purpose, let active):
            switch purpose {
            case .enrolAuthenticator:
                return active ? "Configura una nuova app di autenticazione" : "Configura un'app di autenticazione"
            case .turnOffSMSVerification: return "Disattiva la verifica SMS"
            case .signInWithSMS: return "Accedi con i codici SMS"
            case .turnOffAuthenticator: return "Disattiva l'app di autenticazione"
            case .newRecoveryCodes: return "Nuovi codici di recupero"
            case .changePhone: return "Cambia numero di telefono"
            case .turnOnBiometricSignIn: return "Attiva l'accesso biometrico"
            }
        case .introBiometric:
            return "Verifica riuscita. La password attiva l'accesso biometrico per impronte e volti registrati ora."
        case .introPassword: return "Conferma con la tua password."
        case .introAuthenticator:
            return "Conferma con la password e un codice dell'app di autenticazione (o un codice di recupero)."
        case .introCodeSentTo(let phone): return "La password e il codice inviato al \(phone):"
        case .introCodeSending: return "La password e il codice che stiamo inviando al telefono:"
        case .phoneIntroFirst: return "Inserisci la password e il nuovo numero, poi Enter:"
        case .phoneIntroSecond: return "un codice al nuovo numero dimostrerà che è tuo."
        case .phoneIntroCode(let active, let sentTo):
            return active ? "Codice: dall'app di autenticazione o di recupero."
                          : "Codice: quello inviato al \(sentTo ?? "tuo telefono")."
        case .phoneIntroNewCode(let sentTo): return "Nuovo codice: quello inviato al \(sentTo ?? "nuovo numero")."
        case .passwordLabel: return "Password"
        case .newPhoneLabel: return "Nuovo num."
        case .codeLabel: return "Codice"
        case .newCodeLabel: return "Nuovo cod."
        case .enterPassword: return "Inserisci la password."
        case .enterNewPhone: return "Inserisci il nuovo numero di telefono."
        case .enterCode: return "Inserisci il codice."
        case .enterNewPhoneCode: return "Inserisci il codice inviato al nuovo numero."
        case .enrolledTitle: return "App di autenticazione attiva"
        case .asksForNewApp: return "Da ora l'accesso chiede un codice della nuova app."
        case .recoveryCodesStay: return "I tuoi codici di recupero restano invariati."
        case .pressEnterToGoBack: return "Premi Enter per tornare indietro."
        case .saveRecoveryCodes: return "Salva ora i codici di recupero: li vedi una sola volta."
        case .eachWorksOnce: return "Ognuno vale una volta al posto del codice dell'app."
        case .writeThemDown: return "Scrivili su carta o conservali in un password manager."
        case .pressEnterWhenSaved: return "Premi Enter quando li hai salvati."
        // Beside the QR code there are 32 cells at 80 columns.
        case .scanTitle(let replacing): return replacing ? "Attiva la nuova app" : "Attiva l'app di autenticazione"
        case .stepAddAccount: return "1. Nell'app aggiungi un account"
        case .stepScan: return "   e inquadra il codice QR."
        case .noQRCodeOnThisTerminal: return "   (qui il codice QR non si vede)."
        case .qrCodeNeedsALargerWindow: return "   (il codice QR compare in una finestra più grande)."
        case .keyShownOnce: return "La chiave compare solo ora."
        case .stepTypeKey: return "2. O digita la chiave:"
        case .account(let name): return "   Nome: TermBank:\(name)"
        case .stepTypeCode: return "3. Inserisci il codice dell'app:"
        case .lapsesIn(let seconds): return "La procedura scade tra \(AppView.minutesSeconds(seconds))."
        case .lapsed: return "La procedura è scaduta."
        case .qrShownOnce: return "Il codice QR compare solo ora."
        case .checking: return "Verifica in corso…"
        }
    }
}
