/// What the presenter's records mean (decision 0120): who is stuck and why,
/// what `u` can lift, and the origin as the view shows it.
public enum PresenterRules {
    /// The audit rows that end or make a refusal (a success clears what came before it).
    static let successes: Set<AuditEventKind> = [
        .signInSucceeded, .sessionStarted, .verificationSucceeded, .authenticatorCodeAccepted, .recoveryCodeUsed,
        .transferBooked, .paymentBooked,
    ]

    /// What each refusal is, in the presenter's words.
    static func refusal(_ kind: AuditEventKind) -> StakeholderRefusal? {
        switch kind {
        case .signInFailed, .signInRefusedLocked, .accountLocked: .password
        case .verificationWrongCode, .verificationFailed, .authenticatorWrongCode, .authenticatorReplayed,
             .recoveryCodeWrong, .secondFactorLocked: .code
        case .transferRefused, .payeeNotFound: .moneyMovement
        case .signInRefusedGuest, .deliveryFailed: .other
        default: nil
        }
    }

    static var watchedEvents: [AuditEventKind] {
        AuditEventKind.allCases.filter { successes.contains($0) || refusal($0) != nil }
    }

    /// Enough rows to find the last success behind a run of refusals (a lock comes after five).
    static let eventsRead = 20

    /// The newest refusal with no success after it; nil when the newest row is a success (or none is read).
    public static func refusal(in newestFirst: [PresenterRecords.RecentEvent]) -> StakeholderRefusal? {
        for event in newestFirst {
            if successes.contains(event.kind) { return nil }
            if let refusal = refusal(event.kind) { return refusal }
        }
        return nil
    }

    /// The hourly SMS limit an origin reaches for a customer (the core's standard limits: the view cannot know a provider's).
    static var codesPerHour: Int {
        min(VerifyConfiguration.standard.maximumSendsPerHour, VerifyConfiguration.standard.maximumSendsPerCustomerPerHour)
    }

    /// The origin as the view shows it: short, never a secret. A key's
    /// fingerprint is cut to a few characters (an SSH key's "key
    /// SHA256:Ab3fQ…", a browser's "browser Ab3f…"), an address is shown whole.
    public static func shortOrigin(_ origin: String, door: Stakeholder.Door) -> String {
        let key = "key "
        guard origin.hasPrefix(key) else {
            let address = "address "
            return origin.hasPrefix(address) ? String(origin.dropFirst(address.count)) : origin
        }
        let fingerprint = origin.dropFirst(key.count)
        if door == .web {
            let digest = fingerprint.hasPrefix("SHA256:") ? fingerprint.dropFirst("SHA256:".count) : fingerprint
            return "browser " + digest.prefix(4) + "…"
        }
        return key + fingerprint.prefix("SHA256:".count + 5) + "…"
    }

    /// One connected terminal as the view shows it, at `now`.
    public static func stakeholder(_ records: PresenterRecords.Terminal, at now: Timestamp) -> Stakeholder {
        let terminal = records.terminal
        var stuck: [StuckReason] = []
        if let until = records.passwordLockedUntil, now < until { stuck.append(.lockedOut(until: until)) }
        if let until = records.codesLockedUntil, now < until { stuck.append(.codesLocked(until: until)) }
        if records.codeSends >= codesPerHour { stuck.append(.smsLimitReached) }
        let unlockable = !stuck.isEmpty
        if let refused = refusal(in: records.recentEvents) { stuck.append(.refused(refused)) }
        if now.millisecondsSinceEpoch - terminal.screenSince.millisecondsSinceEpoch
            > PresenterPolicy.stuckAfterSeconds * 1000 {
            stuck.append(.sameScreen(since: terminal.screenSince))
        }
        let steps = records.customer.flatMap { customer in
            records.facts.map { StoryProgress(customer, facts: $0).done }
        } ?? [false, false, false, false]
        return Stakeholder(id: terminal.id, origin: shortOrigin(terminal.origin, door: terminal.door), door: terminal.door,
                           customer: records.customer?.username, language: terminal.language, stepsDone: steps,
                           screen: terminal.screen, screenSince: terminal.screenSince, lastAction: terminal.lastAction,
                           stuck: stuck, unlockable: unlockable)
    }
}
