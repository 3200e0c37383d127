/// Who may sign in as a demo guest customer on this terminal (decision 47).
///
/// A guest is a demo convenience: a customer made by a key press, its
/// password shown on the screen that made it, bound to the SSH key (or, made
/// without one, to nothing) and good for a day. Those rules used to be
/// checked by the demo's wiring alone, so a terminal opened on the demo bank
/// without `--demo` let an expired guest in. They are the core's now: every
/// password check asks this value, whatever called it (the app with or
/// without `--demo`, `termbank signin`, a settings change's password), and
/// the default lets no guest in at all.
public enum GuestAccess: Equatable, Sendable {
    /// Every terminal without `--demo`, and every operator command: no guest
    /// signs in. Demo conveniences never reach a real deployment.
    case none
    /// Demo mode, at this origin: a guest signs in until its day is over,
    /// and one made with an SSH key only from that key.
    case demo(DemoOrigin)

    /// Why this guest may not sign in here now, or nil when it may. Its day
    /// comes first: an expired guest is told so everywhere, since nothing
    /// (not even `--demo`) brings it back; only the demo adds how to make
    /// another.
    public func refusal(for guest: GuestRecord, at now: Timestamp) -> GuestError? {
        guard case .demo(let origin) = self else {
            return now >= guest.expiresAt ? .expiredOutsideDemoMode(guest.username) : .onlyInDemoMode(guest.username)
        }
        if now >= guest.expiresAt { return .expired(guest.username) }
        if let owner = guest.keyFingerprint, owner != origin.keyFingerprint {
            return origin.fromBrowser ? .otherBrowser(guest.username) : .otherKey(guest.username)
        }
        return nil
    }
}
