import TermBankCore

/// The seed's question at logout, "Perform SMS verification on login?",
/// asked about the switch as the bank saved it when `l` was pressed: the
/// statement's [ON]/[OFF], Security and the question read the same saved
/// row, whichever terminal of the customer's changed it last (issue 24).
enum SMSSwitchOnLogout {
    /// `l`: the account is read again, and the question opens on its answer
    /// (`accountRead`), so it never offers the answer for a stale copy.
    static func ask(_ state: inout AppState) -> [Effect] {
        guard let session = state.session else { return [] }
        state.modal = .readingSMSSwitchForLogout
        return [.loadAccount(session.user)]
    }

    /// After every account read: a question waiting on it opens now; a read
    /// that failed closes it (the statement says why).
    static func accountRead(_ state: inout AppState, succeeded: Bool) {
        guard state.modal == .readingSMSSwitchForLogout else { return }
        state.modal = succeeded ? .confirmSMSOnLogout : nil
    }

    /// The switch as the bank last said: the statement's read, else the sign-in's.
    static func isOn(_ state: AppState) -> Bool {
        (state.account?.user ?? state.session?.user)?.smsVerification ?? false
    }
}
