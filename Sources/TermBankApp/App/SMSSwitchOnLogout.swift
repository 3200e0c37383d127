import TermBankCore

/// The seed's question at logout, "Perform SMS verification on login?",
/// asked about the switch as the bank saved it when `l` was pressed: the
/// statement's [ON]/[OFF], Security and the question read the same saved
/// row, whichever terminal of the customer's changed it last (decision 53).
enum SMSSwitchOnLogout {
    /// `l`: the account is read again, and the question opens on its answer
    /// (`accountRead`), so it never offers the answer for a stale copy.
    static func ask(_ state: inout AppState) -> [Effect] {
        guard let session = state.session else { return [] }
        state.modal = .readingSMSSwitchForLogout()
        return [.banking(.loadAccount(session.user))]
    }

    /// After every account read: a question waiting on it opens now; a read
    /// that failed closes it (the statement says why), and an answer typed
    /// ahead with it. The seed's question asks for the state wanted ("Perform
    /// SMS verification on login?"), so y or n typed while the switch was
    /// read means the same after the read: it answers the question now.
    static func accountRead(_ state: inout AppState, succeeded: Bool) -> [Effect] {
        guard case .readingSMSSwitchForLogout(let typedAhead) = state.modal else { return [] }
        guard succeeded else {
            state.modal = nil
            return []
        }
        state.modal = .confirmSMSOnLogout
        guard let typedAhead else { return [] }
        return AppReducer.reduceModal(&state, .confirmSMSOnLogout, typedAhead)
    }

    /// A key while the switch is read: Esc takes the question back; y or n
    /// (Enter is yes) is kept for the question; nothing else counts.
    static func keyWhileReading(_ state: inout AppState, _ key: Key, yes: Bool, no: Bool) {
        if key == .escape {
            state.modal = nil
        } else if yes || no {
            state.modal = .readingSMSSwitchForLogout(typedAhead: key)
        }
    }

    /// The switch as the bank last said: the statement's read, else the sign-in's.
    static func isOn(_ state: AppState) -> Bool {
        (state.account?.user ?? state.session?.user)?.smsVerification ?? false
    }
}
