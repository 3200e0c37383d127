import TermBankCore

extension BankingClient {
    /// A client on which every endpoint refuses, but those that answer
    /// nothing (the session's touches and checks, the sign-out) or answer as
    /// a bank that knows nobody: the base for a window that banks nothing
    /// (the demo's phone-only window sets what it needs).
    public static func refusingAll(now: @escaping @Sendable () -> Timestamp) -> BankingClient {
        var client = BankingClient(now: now)
        client.signOut = { _ in }
        client.useLanguage = { _ in }
        client.signingIn.selectDevice = { _ in }
        client.signingIn.lookUpSitekey = { _ in .notKnownHere }
        client.signingIn.notMyImage = {}
        client.signedIn.touchSession = {}
        client.signedIn.checkSession = {}
        client.signedIn.newTransferID = { TransferClientID(trusted: "no-transfers-here") }
        return client
    }
}
