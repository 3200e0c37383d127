import TermBankCore

/// The run loop's decisions, pure, shared by the app's runtime and the tests
/// that explore it: which keys wait while the bank answers
/// (`AppReducer.holdsKeys`), in what order keys, replies and the released
/// keys are reduced, and which effects go to the bank. The caller waits for
/// input and performs the effects (TermBankCLI's `AppRuntime` on its worker
/// thread; `ExplorationTests` at once), feeding each answer to `reply`.
public struct Dispatcher: Sendable {
    public var state: AppState
    /// Keys typed while the screen holds them, in order.
    public private(set) var held: [Key] = []

    public init(_ state: AppState) {
        self.state = state
    }

    /// A key from the terminal: reduced now, or held until a reply frees the
    /// screen. A resize is never held (the screen must fit at once), and once
    /// one key waits, the next wait behind it.
    public mutating func key(_ key: Key) -> [Effect] {
        guard !state.quitting else { return [] }
        if case .resize = key { return reduce(.key(key)) }
        if !held.isEmpty || AppReducer.holdsKeys(state) {
            held.append(key)
            return []
        }
        return reduce(.key(key))
    }

    /// The clock's tick.
    public mutating func tick(_ now: Timestamp) -> [Effect] {
        reduce(.tick(now))
    }

    /// The bank's answer to an effect; then the keys it freed, in order.
    public mutating func reply(_ action: Action) -> [Effect] {
        var effects = reduce(action)
        while !held.isEmpty && !AppReducer.holdsKeys(state) && !state.quitting {
            effects += reduce(.key(held.removeFirst()))
        }
        return effects
    }

    /// The reducer's effects, after the cancellations of those whose screen
    /// went (`EffectID`): first, so a refresh the same action asks for anew stands.
    private mutating func reduce(_ action: Action) -> [Effect] {
        guard !state.quitting else { return [] }
        let wanted = EffectID.wanted(in: state)
        let effects = AppReducer.reduce(&state, action)
        return EffectID.cancelled(wanted: wanted, now: state) + effects
    }

    /// Whether the bank performs an effect (the others are the terminal's,
    /// and the cancellations the runtime's own).
    public static func isForTheBank(_ effect: Effect) -> Bool {
        switch effect {
        case .redraw, .quit, .cancel: return false
        default: return true
        }
    }
}
