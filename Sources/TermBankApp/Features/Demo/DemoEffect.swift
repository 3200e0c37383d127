import TermBankCore

/// What demo mode asks of the bank (`DemoClient`, which only demo mode
/// has); each answer comes back as the demo feature's own action.
public enum DemoEffect: Equatable, Sendable {
    /// A guest customer, their sitekey phrase in this language.
    case createGuest(Language)
    case loadPhone
    /// The guided story's marks, read again each second like the phone.
    case loadStory
    case watchPhone(String)

    /// The phone and the story are read every second (`EffectID`).
    var id: EffectID? {
        switch self {
        case .loadPhone: return .phonePoll
        case .loadStory: return .storyPoll
        case .createGuest, .watchPhone: return nil
        }
    }

    func run(_ client: DemoClient?, _ run: EffectRun) throws -> DemoFeature.Action? {
        let demo = { () throws -> DemoClient in
            guard let client else { throw BankingClient.Unimplemented("demo") }
            return client
        }
        switch self {
        case .createGuest(let language):
            return .guestCreated(try run.outcome { try demo().createGuest(language) })
        case .loadPhone:
            return .phoneLoaded(try run.outcome { try demo().phoneInbox() })
        case .loadStory:
            return .storyLoaded(try run.outcome { try demo().storyProgress() })
        case .watchPhone(let name):
            return .phoneWatched(try run.outcome { try demo().watchPhone(name); return name })
        }
    }
}
