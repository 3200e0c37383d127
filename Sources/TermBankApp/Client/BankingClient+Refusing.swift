import TermBankCore

extension BankingClient {
    /// A client on which every endpoint refuses: the base for a window that
    /// banks nothing (the demo's phone-only window sets what it needs).
    public static func refusingAll(now: @escaping @Sendable () -> Timestamp) -> BankingClient {
        let refuse = Unimplemented()
        return BankingClient(
            now: now,
            signIn: { _, _ in throw refuse }, beginBiometric: { _ in throw refuse }, biometric: { _, _ in throw refuse },
            sendSignInCode: { throw refuse }, resendCode: { _ in throw refuse }, checkSignInCode: { _, _ in throw refuse },
            openSession: { throw refuse }, loadAccount: { _ in throw refuse }, beginTransferApproval: { _ in throw refuse },
            approveTransfer: { _, _ in throw refuse },
            turnOnSMSVerification: { throw refuse }, touchSession: {}, signOut: { _ in }, notMyImage: {},
            newTransferID: { TransferClientID(trusted: "no-transfers-here") })
    }
}
