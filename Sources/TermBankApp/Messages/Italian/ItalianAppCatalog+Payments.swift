import TermBankCore

/// Paying another customer in Italian: "beneficiario", "Verifica del
/// beneficiario" (the name Italian banks give confirmation of payee), and
/// "Causale" for the payer's reference, as on every Italian bank transfer.
extension ItalianAppCatalog {
    public func text(_ text: PaymentText) -> String {
        switch text {
        case .payTitle: return "Paga un cliente"
        case .payToLabel: return "Paga a"
        case .typeTheUsername: return "Digita un nome utente o scegli un recente con ↑/↓."
        case .recentPayees: return "Beneficiari recenti"
        case .noRecentPayees: return "Non hai ancora pagato nessuno."
        case .leftToday(let left, let limit): return "Residuo oggi: \(core.money(left)) (limite \(core.money(limit)))."
        case .lookingUp: return "Verifica in corso…"
        case .enterAUsername: return "Digita il nome utente del beneficiario."
        case .confirmationOfPayee: return "Verifica del beneficiario"
        case .payeeIs(let username, let name?): return "\(username) è \(name)"
        case .payeeIs(let username, nil): return "\(username) (nessun nome registrato)"
        case .payee(let username, let name?): return "\(username) (\(name))"
        case .payee(let username, nil): return username.rawValue
        case .checkTheName: return "Verifica che sia chi vuoi pagare: nessun addebito finché non autorizzi."
        case .referenceLabel: return "Causale"
        case .optional: return "facoltativa"
        case .preview(let amount, let payee, let from): return "Paga \(core.money(amount)) a \(payee) da \(core.text(from))"
        case .reviewTitle: return "Controlla il pagamento"
        case .payeeLabel: return "A"
        case .paidTitle: return "Pagamento inviato ✓"
        case .bookedAsLabel: return "Registrato"
        case .notApproved: return "Pagamento non autorizzato."
        }
    }
}
