/// The demo's guided story (the welcome screen's four steps) for one
/// customer, as the bank recorded it: each mark follows from `StoryFacts`.
///
/// 1. Sign in with a code: a session opened with an SMS, authenticator or
///    recovery code.
/// 2. Move money approved by a code: a transfer or payment booked in one of
///    the customer's sessions (the core's step-up approved it).
/// 3. Sign out and sign in again: a session opened after one of theirs
///    ended. How it went is told truthfully: with a code, or with no code
///    because this device is trusted (decision 55: that counts, the story
///    says why no code was asked), or with the password alone because SMS
///    verification was turned off at the sign-out.
/// 4. Set up an authenticator app: one confirmed by its first code.
public struct StoryProgress: Equatable, Sendable {
    /// How the customer signed in again (step 3).
    public enum SignedInAgain: Equatable, Sendable {
        case withACode
        /// A trusted device stood in for the second factor: no code was asked.
        case trustedDevice
        /// No second factor was on (SMS verification off, no authenticator).
        case passwordOnly
    }

    public let owner: Username
    public let signedInWithACode: Bool
    public let movedMoney: Bool
    /// The latest sign-in after a sign-out, nil before one.
    public let signedInAgain: SignedInAgain?
    public let authenticatorSetUp: Bool
    /// The customer's setting now: step 3's words before it is done (no
    /// "turn SMS on" to a customer whose SMS is on).
    public let smsVerificationOn: Bool
    /// The customer was not signed in at this terminal yet: the SSH key's own
    /// guest, come back ("Welcome back").
    public let returning: Bool

    public init(owner: Username, signedInWithACode: Bool, movedMoney: Bool, signedInAgain: SignedInAgain?,
                authenticatorSetUp: Bool, smsVerificationOn: Bool, returning: Bool = false) {
        self.owner = owner
        self.signedInWithACode = signedInWithACode
        self.movedMoney = movedMoney
        self.signedInAgain = signedInAgain
        self.authenticatorSetUp = authenticatorSetUp
        self.smsVerificationOn = smsVerificationOn
        self.returning = returning
    }

    /// The rules: what the facts mean for each step.
    public init(_ user: UserRecord, facts: StoryFacts, returning: Bool = false) {
        let starts = facts.sessionStarts.sorted { $0.at < $1.at }
        let again = starts.enumerated().last { index, start in
            index > 0 && facts.sessionEnds.contains { $0 <= start.at }
        }?.element
        let how: SignedInAgain? = again.map { start in
            guard let detail = start.detail else { return .passwordOnly }
            if detail.trustedDevice != nil { return .trustedDevice }
            return detail.provedACode ? .withACode : .passwordOnly
        }
        self.init(owner: user.username,
                  signedInWithACode: starts.contains { $0.detail?.provedACode == true },
                  movedMoney: facts.moneyMoved > 0, signedInAgain: how,
                  authenticatorSetUp: facts.authenticatorsSetUp > 0,
                  smsVerificationOn: user.smsVerification, returning: returning)
    }

    /// Steps 1 to 4, done or not.
    public var done: [Bool] { [signedInWithACode, movedMoney, signedInAgain != nil, authenticatorSetUp] }

    /// The first step not done (1 to 4), nil once all are.
    public var current: Int? { done.firstIndex(of: false).map { $0 + 1 } }
}

/// Reads a customer's story from the store (demo mode only).
public struct DemoStory: Sendable {
    let store: StoryStore & BankStore

    public init(store: StoryStore & BankStore) { self.store = store }

    /// The customer's progress counting what was recorded since `since`:
    /// a guest's whole life (its story is its own), or for a customer shared
    /// by everyone at the demo, since this terminal first signed in as it (so
    /// another stakeholder's steps do not tick this one's).
    public func progress(of user: UserID, since: Timestamp, returning: Bool = false) throws -> StoryProgress? {
        guard let record = try store.user(id: user) else { return nil }
        return StoryProgress(record, facts: try store.storyFacts(of: user, since: since), returning: returning)
    }
}
