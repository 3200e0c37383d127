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
        case .approveWith(let approval, let payee): return approveWith(approval, payee: payee)
        case .askingHowToApprove: return "Verifica del modo di autorizzare…"
        case .approvalChangedSinceReview: return "Diverso dal riepilogo: ora la banca chiede questo."
        case .sending: return "Invio…"
        case .notApproved: return "Giroconto non autorizzato."
        case .receiptTitle: return "Giroconto eseguito ✓"
        case .referenceLabel: return "Riferimento"
        case .bookedLabel: return "Eseguito il"
        case .pressEnterToReturn: return "Premi Enter per tornare ai movimenti."
        case .nowhereToPaste: return "Qui non c'è un campo in cui incollare. Premi / per cercare nei movimenti."
        }
    }

    /// The review's promise: the factor the bank's step-up policy named, and
    /// that the code authorises only what is on screen (PSD2 dynamic linking).
    private func approveWith(_ approval: StepUpApproval, payee: Username?) -> String {
        let what = payee == nil ? "giroconto" : "pagamento"
        let first = payee.map { "Primo pagamento a \($0): " } ?? ""
        switch approval {
        case .smsCode(let phone, let firstPayee):
            return (firstPayee ? first : "") + "Enter invia un codice SMS al \(phone.maskedOnOneLine) che autorizza solo questo \(what)."
        case .authenticator(let firstPayee):
            return (firstPayee ? first : "")
                + "Enter chiede il codice dell'app di autenticazione che autorizza solo questo \(what)."
        case .biometric(.faceID): return "Enter: autorizza con il volto (Face ID)."
        case .biometric(.touchID): return "Enter: autorizza con l'impronta digitale (Touch ID)."
        case .biometric(.none): return "Enter: autorizza con il codice di accesso dell'iPhone."
        case .devicePasscode(let biometry):
            return "Enter: autorizza con il codice di accesso dell'iPhone (\(biometry.displayName) è bloccato: troppi tentativi falliti)."
        }
    }
}
