import TermBankCore

/// The banking feature's words in English.
extension EnglishAppCatalog {
    public func text(_ text: BankingText) -> String {
        switch text {
        case .loadingAccounts: return "Loading your accounts…"
        case .accountsTitle: return "Accounts"
        case .smsSwitch: return "SMS verification on sign-in "
        case .switchState(let on): return on ? "[ ON ]" : "[ OFF ]"
        case .dateColumn(let withTime): return withTime ? "DATE (UTC)" : "DATE"
        case .accountColumn: return "ACCOUNT"
        case .descriptionColumn: return "DESCRIPTION"
        case .amountColumn: return "AMOUNT"
        case .balanceColumn: return "BALANCE"
        case .noTransactionsYet: return "No transactions yet."
        case .moveMoneyTitle: return "Move money"
        case .fromLabel: return "From"
        case .toLabel: return "To"
        case .amountLabel: return "Amount"
        case .available(let money): return "\(core.money(money)) available"
        case .preview(let money, let from, let to): return "\(core.money(money)) from \(core.text(from)) to \(core.text(to))"
        case .typeAnAmount: return "Type an amount, e.g. 250 or 1,250.00."
        case .enterAnAmount: return "Enter an amount."
        case .reviewTitle: return "Review your transfer"
        case .stepUpByBiometric: return "Enter confirms with Touch ID / Face ID (or a code on devices without)."
        // Says no more than the review knows: the code is the authenticator app's or an SMS, and the next screen says which.
        case .stepUpByCode: return "Enter asks for a code that approves exactly this transfer."
        case .sending: return "Sending…"
        case .notApproved: return "Transfer not approved."
        case .receiptTitle: return "Transfer complete ✓"
        case .referenceLabel: return "Reference"
        case .bookedLabel: return "Booked"
        case .pressEnterToReturn: return "Press Enter to return to your statement."
        case .nowhereToPaste: return "This screen has no field to paste into. Press / to search the history."
        }
    }
}
