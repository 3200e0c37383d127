import TermBankCore

/// What the statement, transfers and payments ask of the bank
/// (`SessionClient`); each answer comes back as the banking feature's own action.
public enum BankingEffect: Equatable, Sendable {
    case loadAccount(UserRecord)
    /// Another window of the statement's history (a scroll, a filter, a search).
    case loadStatement(StatementRequest)
    case reviewTransfer(user: UserID, from: AccountKind, to: AccountKind, amount: Money)
    /// How Enter on this review will approve it, asked when the review is shown.
    case loadStepUpApproval(PendingTransfer)
    case beginTransferApproval(PendingTransfer)
    case approveTransfer(StepUpProof, PendingTransfer)
    case loadPaymentAllowance
    case lookUpPayee(String)
    case reviewPayment(user: UserID, from: AccountKind, payee: Payee, amount: Money, reference: PaymentReference?)

    /// The statement's refresh and its windows repeat while it shows (`EffectID`).
    var id: EffectID? {
        switch self {
        case .loadAccount, .loadStatement: return .statementRefresh
        case .reviewTransfer, .loadStepUpApproval, .beginTransferApproval, .approveTransfer, .loadPaymentAllowance, .lookUpPayee,
             .reviewPayment:
            return nil
        }
    }

    func run(_ client: SessionClient, _ run: EffectRun) throws -> BankingFeature.Action? {
        switch self {
        case .loadAccount(let user):
            // A refresh that finds the session ended (elsewhere too) signs out: no more balances.
            return .accountLoaded(try run.endingSession({ .success(try client.loadAccount(user)) }, orElse: Outcome.failure))
        case .loadStatement(let request):
            return .accountLoaded(try run.endingSession({ .success(try client.loadStatement(request)) }, orElse: Outcome.failure))
        case .reviewTransfer(let user, let from, let to, let amount):
            return .transferReviewed(PendingTransfer(userID: user, from: from, to: to, amount: amount,
                                                     clientID: try client.newTransferID()))
        case .reviewPayment(let user, let from, let payee, let amount, let reference):
            return .paymentReviewed(PendingTransfer(userID: user, from: from, payee: payee, amount: amount,
                                                    reference: reference, clientID: try client.newTransferID()))
        case .loadStepUpApproval(let pending):
            return .stepUpApprovalLoaded(pending, try run.outcome { try client.stepUpApproval(pending) })
        case .beginTransferApproval(let pending):
            return .stepUpStarted(try run.outcome {
                let start = try client.beginTransferApproval(pending)
                if case .code = start { return run.onPhone(start) }
                return start
            })
        case .approveTransfer(let proof, let pending):
            return .transferApproved(try run.value({ try client.approveTransfer(proof, pending) },
                                                   orElse: { TransferApprovalReply.refused($0) }))
        case .loadPaymentAllowance:
            return .allowanceLoaded(try run.outcome { try client.paymentAllowance() })
        case .lookUpPayee(let username):
            return .payeeFound(try run.outcome { try client.lookUpPayee(username) })
        }
    }
}
