import TermBankCore

/// The presenter's view's keys and replies: choose a stakeholder, `u` to
/// lift its locks after a question that says what that does, `q` or Esc to
/// leave. Every lock is lifted by the core (`Presenter.unlock`), audited;
/// the screen only asks and shows.
public enum PresenterFeature {
    public enum Action: Equatable, Sendable {
        case read(Outcome<PresenterSnapshot>)
        /// true: locks were lifted; false: there was nothing to lift.
        case unlocked(Stakeholder, Outcome<Bool>)
    }

    static func key(_ state: inout AppState, _ screen: inout PresenterScreen, _ key: Key) -> [Effect] {
        if let asked = screen.confirming { return answer(&state, &screen, asked, key) }
        switch key {
        case .character("q"), .character("Q"), .escape:
            state.quitting = true
            return [.quit]
        case .up, .character("k"), .backTab: move(&screen, by: -1)
        case .down, .character("j"), .tab: move(&screen, by: 1)
        case .character("u"), .character("U"):
            guard !screen.busy, let chosen = screen.selectedStakeholder else { return [] }
            screen.notice = nil
            // Nothing to lift: said at once, with no question whose yes would do nothing.
            guard chosen.unlockable, chosen.customer != nil else {
                screen.notice = .said(.nothingToUnlock(origin: chosen.origin))
                return []
            }
            screen.confirming = chosen
        default: break
        }
        return []
    }

    private static func answer(_ state: inout AppState, _ screen: inout PresenterScreen, _ asked: Stakeholder,
                               _ key: Key) -> [Effect] {
        let answer = state.shownLanguage.appCatalog.answers.answer(to: key)
        if answer == .yes || key == .enter {
            screen.confirming = nil
            screen.busy = true
            return [.presenter(.unlock(asked))]
        }
        if answer == .no || key == .escape { screen.confirming = nil }
        return []
    }

    private static func move(_ screen: inout PresenterScreen, by step: Int) {
        guard let rows = screen.snapshot?.stakeholders, !rows.isEmpty, let index = screen.selectedIndex else { return }
        screen.selected = rows[(index + step + rows.count) % rows.count].id
        screen.notice = nil
    }

    /// Every second while the view shows: read the bank (the client reads
    /// again only when the bank changed or a second passed).
    static func tick(_ state: AppState) -> [Effect] {
        guard case .presenter = state.screen, !state.quitting else { return [] }
        return [.presenter(.read)]
    }

    static func reduce(_ state: inout AppState, _ action: Action) -> [Effect] {
        guard case .presenter(var screen) = state.screen else { return [] }
        var effects: [Effect] = []
        switch action {
        case .read(.success(let snapshot)):
            screen.snapshot = snapshot
            screen.error = nil
            if !snapshot.stakeholders.contains(where: { $0.id == screen.selected }) {
                screen.selected = snapshot.stakeholders.first?.id
            }
            // The stakeholder asked about has gone: the question goes too.
            if let asked = screen.confirming, !snapshot.stakeholders.contains(where: { $0.id == asked.id }) {
                screen.confirming = nil
            }
        case .read(.failure(let message)):
            screen.error = message
        case .unlocked(let stakeholder, let outcome):
            screen.busy = false
            switch outcome {
            case .success(true):
                screen.notice = .said(.unlocked(customer: stakeholder.customer?.rawValue ?? "", origin: stakeholder.origin))
            case .success(false):
                screen.notice = .said(.nothingToUnlock(origin: stakeholder.origin))
            case .failure(let message):
                screen.notice = .refused(message)
            }
            // The row shows its locks gone at once, not at the next tick.
            effects = [.presenter(.read)]
        }
        state.screen = .presenter(screen)
        return effects
    }
}
