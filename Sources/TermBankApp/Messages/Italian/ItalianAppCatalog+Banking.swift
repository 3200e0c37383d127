import TermBankCore

/// The banking feature's words in Italian: "Conti", "Movimenti", "Giroconto".
extension ItalianAppCatalog {
    public func text(_ text: BankingText) -> String {
        switch text {
        case .loadingAccounts: return "Caricamento dei conti…"
        case .accountsTitle: return "Conti"
        case .smsSwitch: return "Verifica SMS all'accesso "
        // As short as the English "[ OFF ]": the switch ends 1 cell from the edge.
        case .switchState(let on): return on ? "[ SÌ ]" : "[ NO ]"
        case .dateColumn(let withTime): return withTime ? "DATA (UTC)" : "DATA"
        case .accountColumn: return "CONTO"
        case .descriptionColumn: return "DESCRIZIONE"
        case .amountColumn: return "IMPORTO"
        case .balanceColumn: return "SALDO"
        case .noTransactionsYet: return "Ancora nessun movimento."
        case .moveMoneyTitle: return "Giroconto"
        case .fromLabel: return "Da"
        case .toLabel: return "A"
        case .amountLabel: return "Importo"
        case .available(let money): return "\(core.money(money)) disponibili"
        case .preview(let money, let from, let to): return "\(core.money(money)) da \(core.text(from)) a \(core.text(to))"
        case .typeAnAmount:
            // 12.500,00 rather than 1250,00: the example shows the point between thousands the rule names.
            return "Inserisci un importo, es. 250 o \(core.amount(Money(units: 12_500))): virgola prima dei centesimi, punto tra le migliaia."
        case .enterAnAmount: return "Inserisci un importo."
        case .reviewTitle: return "Riepilogo del giroconto"
        case .stepUpByBiometric: return "Enter conferma con Touch ID / Face ID (o con un codice sui dispositivi senza)."
        case .stepUpByCode: return "Enter chiede un codice che autorizza solo questo giroconto."
        case .sending: return "Invio…"
        case .notApproved: return "Giroconto non autorizzato."
        case .receiptTitle: return "Giroconto eseguito ✓"
        case .referenceLabel: return "Riferimento"
        case .bookedLabel: return "Eseguito il"
        case .pressEnterToReturn: return "Premi Enter per tornare ai movimenti."
        case .nowhereToPaste: return "Qui non c'è un campo in cui incollare. Premi / per cercare nei movimenti."
        }
    }
}
