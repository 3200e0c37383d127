import TermBankCore

/// Paying another customer, in English.
extension EnglishAppCatalog {
    public func text(_ text: PaymentText) -> String {
        switch text {
        case .payTitle: return "Pay someone"
        case .payToLabel: return "Pay to"
        case .typeTheUsername: return "Type a username, or pick a recent payee with ↑/↓."
        case .recentPayees: return "Recent payees"
        case .noRecentPayees: return "No one paid yet."
        case .leftToday(let left, let limit):
            return "You can pay \(core.money(left)) more today (limit \(core.money(limit)))."
        case .lookingUp: return "Looking up…"
        case .enterAUsername: return "Type the payee's username."
        case .confirmationOfPayee: return "Confirmation of payee"
        case .payeeIs(let username, let name?): return "\(username) is \(name)"
        case .payeeIs(let username, nil): return "\(username) (no name on file)"
        case .payee(let username, let name?): return "\(username) (\(name))"
        case .payee(let username, nil): return username.rawValue
        case .checkTheName: return "Check this is who you mean to pay: no money moves until you approve."
        case .referenceLabel: return "Reference"
        case .optional: return "optional"
        case .preview(let amount, let payee, let from): return "Pay \(core.money(amount)) to \(payee) from \(core.text(from))"
        case .reviewTitle: return "Review your payment"
        case .payeeLabel: return "To"
        case .paidTitle: return "Payment sent ✓"
        case .bookedAsLabel: return "Booked as"
        case .notApproved: return "Payment not approved."
        }
    }
}
