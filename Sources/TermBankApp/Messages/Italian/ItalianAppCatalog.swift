import TermBankCore

/// The app's words in Italian, with the bank's own (`ItalianCoreCatalog`).
/// The customer is "tu", as in Intesa Sanpaolo's and Fineco's apps; the
/// glossary is docs/glossary/it.md. Labels are kept as short as the English
/// where the layout is tight (the key bar, the security overview's columns,
/// the text beside the QR code): `ItalianCatalogTests` renders every screen
/// at 80x24 and 60x20 and fails on anything that no longer fits.
public struct ItalianAppCatalog: AppCatalog {
    public init() {}

    public var core: any CoreCatalog { ItalianCoreCatalog() }

    public var answers: AnswerKeys { .italian }

    public func text(_ text: ChromeText) -> String {
        switch text {
        case .brand: return "TermBank"
        case .idleWarning(let left): return "Uscita tra \(left) s per inattività: premi un tasto per restare."
        case .tooSmall: return "Terminale troppo piccolo"
        case .tooSmallSize(let size, let needs):
            return "\(size.columns)x\(size.rows); TermBank richiede \(needs.columns)x\(needs.rows)"
        case .makeItLarger: return "Ingrandisci la finestra."
        case .tooLarge: return "Finestra troppo grande"
        case .tooLargeSize(let size, let allows):
            return "\(size.columns)x\(size.rows); TermBank disegna al massimo \(allows.columns)x\(allows.rows)"
        case .makeItSmaller: return "Rimpicciolisci la finestra."
        case .closingForInactivity(let left): return "Chiusura tra \(left) s per inattività: premi un tasto."
        case .keysTitle: return "Tasti"
        case .anyKeyCloses: return "un tasto chiude"
        case .sameKeysOnAUkrainianLayout: return "Stessi tasti anche sulla tastiera ucraina."
        case .otherKeysOnTheBar: return "Gli altri tasti sono nella barra qui sotto."
        case .sendingACode: return "Invio di un codice al tuo telefono…"
        case .newMessageOnThePhone: return "Nuovo messaggio sul telefono del cliente: premi Ctrl-P."
        case .phoneBanner: return "Telefono (Ctrl-P):"
        }
    }

    public func text(_ text: SignInText) -> String {
        switch text {
        case .signInTitle: return "Accedi a TermBank"
        case .welcome: return "Benvenuto. Accedi con nome utente e password."
        case .usernameLabel: return "Utente"
        case .passwordLabel: return "Password"
        case .checking: return "Verifica in corso…"
        case .signingIn: return "Accesso in corso…"
        case .simulatedDevice(let name): return "Dispositivo simulato: \(name)"
        case .thisDevice(let name): return "Questo dispositivo: \(name)"
        case .enterUsernameAndPassword: return "Inserisci nome utente e password."
        case .enterPassword: return "Inserisci la password."
        case .devicePickerTitle: return "Quale telefono hai in mano?"
        case .devicePickerExplanation: return "Ogni sessione corrisponde a un telefono simulato."
        case .sitekeyTitle: return "È la tua immagine di sicurezza?"
        case .onlyTheRealBankKnows: return "Solo il vero TermBank conosce la tua immagine."
        case .signInChoice: return "Accedi"
        case .notMyImageChoice: return "Non è la mia immagine"
        case .notMyImageLink: return "[ Non è la mia immagine ]"
        case .sitekeyFirstPrompt: return "Se riconosci immagine e frase, inserisci la password."
        case .biometry(.touchID): return "Touch ID"
        case .biometry(.faceID): return "Face ID"
        case .biometry(.none): return "nessuna biometria"
        case .fieldFull: return "pieno"
        }
    }
}

extension AppCatalog where Self == ItalianAppCatalog {
    /// The app's words in Italian.
    public static var italian: ItalianAppCatalog { ItalianAppCatalog() }
}
