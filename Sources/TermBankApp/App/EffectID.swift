/// The effects asked for again and again while a screen shows: the
/// statement's refresh (and its windows), the demo phone's poll, the guided
/// story's. Each has an id, and when the screen it feeds goes, the
/// `Dispatcher` cancels it (`Effect.cancel`): one still waiting is dropped
/// and the reply of one running is not reduced, so a refresh asked for on
/// the statement never lands on the screen after it (docs/decisions/0085).
///
/// The countdowns (a code's resend, the idle and closing warnings) are no
/// effects: they are read from the state at each tick and go with their screen.
public enum EffectID: Hashable, Sendable, CaseIterable {
    case statementRefresh
    case phonePoll
    case storyPoll
    /// The presenter's view's read of the bank (`termbank demo watch`).
    case presenterRead

    /// Whether the state on show still wants this effect's answers.
    func isWanted(in state: AppState) -> Bool {
        switch self {
        case .statementRefresh:
            return state.session != nil && AppReducer.showsLiveBalances(state.screen)
        case .phonePoll:
            // The phone shows beside (or over) every screen of demo mode, the phone window's too.
            return state.demo != nil && !state.quitting
        case .storyPoll:
            if case .phoneWindow = state.screen { return false }
            return state.demo != nil && !state.quitting
        case .presenterRead:
            if case .presenter = state.screen { return !state.quitting }
            return false
        }
    }

    /// The ids the state wants now (kept, rather than a copy of the state, across a reduction).
    static func wanted(in state: AppState) -> [EffectID] {
        allCases.filter { $0.isWanted(in: state) }
    }

    /// The cancellations a change of state calls for: the ids the state
    /// wanted before and no longer does.
    static func cancelled(wanted before: [EffectID], now state: AppState) -> [Effect] {
        before.filter { !$0.isWanted(in: state) }.map(Effect.cancel)
    }
}
