/// Accounts, amounts, transfers and their step-up. The demo bank's two
/// accounts are named as short as a statement column allows (9 cells):
/// "Corrente" (conto corrente) and "Risparmio" (conto risparmio); moving
/// money between them is a "giroconto".
extension ItalianCoreCatalog {
    public func text(_ kind: AccountKind) -> String {
        switch kind {
        case .checking: return "Corrente"
        case .savings: return "Risparmio"
        }
    }

    public func text(_ error: AmountError) -> String {
        switch error {
        case .empty: return "Inserisci un importo."
        case .negative: return "L'importo deve essere positivo."
        case .zero: return "L'importo deve essere maggiore di \(amount(.zero))."
        case .tooManyDecimals: return "Usa al massimo due cifre decimali."
        case .exponent: return "Scrivi l'importo solo in cifre, come \(exampleAmount)."
        case .nonASCIIDigit: return "Usa le cifre 0-9."
        case .invalidCharacter(let character):
            return "\"\(character.isPrintableASCII ? String(character) : "?")\" non è ammesso in un importo; usa cifre, \",\" e \".\"."
        case .misplacedGroupSeparator: return "Raggruppa le migliaia per tre cifre, come in \(exampleAmount)."
        case .misplacedDecimalPoint: return "Un importo ha al massimo un separatore decimale."
        // Italian's rule, said on screen: a comma before the cents, points between thousands.
        case .ambiguous(let meant):
            return "Scrivi \(amount(meant)) se è l'importo: virgola prima dei centesimi, punto tra le migliaia."
        case .aboveLimit(let limit): return "Puoi trasferire al massimo \(amount(limit)) per volta."
        case .overflow: return "Importo troppo elevato."
        }
    }

    public func text(_ error: LedgerError) -> String {
        switch error {
        case .sameAccount: return "Scegli due conti diversi."
        case .nonPositiveAmount: return "L'importo deve essere maggiore di \(amount(.zero))."
        case .aboveLimit(let limit): return "Puoi trasferire al massimo \(amount(limit)) per volta."
        case .insufficientFunds(let kind):
            return "Saldo insufficiente sul conto \(text(kind)) per l'importo richiesto."
        case .unknownUser(let name): return "Nessun utente di nome \"\(name)\"."
        case .unknownAccount: return "Il conto non esiste."
        case .clientIDReused(let id): return "L'identificativo \(id) è già stato usato per un'altra operazione."
        case .transferNotFound(let reference): return "Nessuna operazione \(reference)."
        case .alreadyReversed(let reference, let by): return "\(reference) è già stata stornata da \(by)."
        case .notReversible(let reference): return "\(reference) è già uno storno e non si può stornare."
        case .balanceOverflow: return "Il saldo supererebbe il massimo che il registro può contenere."
        case .selfPayment: return "Non puoi fare un bonifico a te stesso; usa un giroconto tra i tuoi conti."
        case .unknownPayee: return "Nessun cliente con questo nome utente."
        case .dailyLimitExceeded(let limit, let left):
            return "Supereresti il limite giornaliero dei bonifici di \(money(limit)); oggi puoi inviare ancora \(money(left))."
        case .reversalNotCovered(let reference):
            return "\(reference) non si può stornare: il conto del beneficiario non ha più l'importo."
        case .tooManyPayeeLookups:
            return "Troppi nomi utente che non sono clienti; accedi di nuovo per cercarne altri."
        }
    }

    public func text(_ error: TransferClientID.Invalid) -> String {
        "Un identificativo di operazione ha da 8 a 64 caratteri: lettere, cifre, \"-\" e \"_\"."
    }

    public func text(_ error: TransferStepUp.StepUpError) -> String {
        switch error {
        case .needsSMSCode: return "Questo giroconto richiede il codice inviato al telefono."
        case .staleApproval: return "Conferma scaduta o di un altro dispositivo: conferma ancora."
        }
    }

    /// "250,00 USD da Corrente a Risparmio": the accounts as names, without
    /// articles; a payment (a "bonifico") names its payee: "250,00 USD a bob da Corrente".
    public func summary(_ transfer: PendingTransfer) -> String {
        if let payee = transfer.payee {
            return "\(money(transfer.amount)) a \(payee.username) da \(text(transfer.from))"
        }
        return "\(money(transfer.amount)) da \(text(transfer.from)) a \(text(transfer.to))"
    }

    /// A payment's reference is its "causale", as on an Italian bonifico.
    public func text(_ problem: PaymentReference.Problem) -> String {
        switch problem {
        case .tooLong(let maximum): return "Una causale ha al massimo \(maximum) caratteri."
        case .unprintable: return "Una causale può contenere solo lettere, cifre, punteggiatura e spazi."
        }
    }

    public func text(_ problem: DisplayName.Problem) -> String {
        "Un nome ha da 1 a \(DisplayName.maximumLength) caratteri stampabili."
    }

    public func label(_ line: StatementLine) -> String {
        switch line.kind {
        case .opening: return "Saldo iniziale"
        case .deposit: return "Versamento"
        case .reversal: return "Storno di \(line.reverses.map(String.init(describing:)) ?? "un giroconto")"
        case .payment:
            let other = line.counterpartyName?.rawValue ?? "un altro cliente"
            return line.amount.minorUnits < 0 ? "Bonifico a \(other)" : "Bonifico da \(other)"
        case .transfer:
            let outgoing = line.amount.minorUnits < 0
            guard case .customer(_, let kind) = line.counterparty else {
                return outgoing ? "Trasferimento alla banca" : "Trasferimento dalla banca"
            }
            return outgoing ? "Giroconto a \(text(kind))" : "Giroconto da \(text(kind))"
        }
    }
}
