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
        case .approveWith(let approval, let payee): return approveWith(approval, payee: payee)
        case .askingHowToApprove: return "Checking how you will approve…"
        case .approvalChangedSinceReview: return "Not as the review said: the bank now asks for this."
        case .sending: return "Sending…"
        case .notApproved: return "Transfer not approved."
        case .receiptTitle: return "Transfer complete ✓"
        case .referenceLabel: return "Reference"
        case .bookedLabel: return "Booked"
        case .pressEnterToReturn: return "Press Enter to return to your statement."
        case .nowhereToPaste: return "This screen has no field to paste into. Press / to search the history."
        }
    }

    /// The review's promise: the factor the bank's step-up policy named, and
    /// that the code approves exactly what is on screen (PSD2 dynamic linking).
    private func approveWith(_ approval: StepUpApproval, payee: Username?) -> String {
        let what = payee == nil ? "transfer" : "payment"
        let first = payee.map { "First payment to \($0): " } ?? ""
        switch approval {
        case .smsCode(let phone, let firstPayee):
            return (firstPayee ? first : "") + "Enter sends an SMS code to \(phone.maskedOnOneLine) for exactly this \(what)."
        case .authenticator(let firstPayee):
            return (firstPayee ? first : "") + "Enter asks for your authenticator app's code for exactly this \(what)."
        case .biometric(.faceID): return "Enter: approve with your face (Face ID)."
        case .biometric(.touchID): return "Enter: approve with your fingerprint (Touch ID)."
        case .biometric(.none): return "Enter: approve with your iPhone passcode."
        case .devicePasscode(let biometry):
            return "Enter: approve with your iPhone passcode (\(biometry.displayName) is locked after too many tries)."
        }
    }
}
