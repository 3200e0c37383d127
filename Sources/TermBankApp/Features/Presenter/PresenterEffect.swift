import TermBankCore

/// What the presenter's view asks of the bank (`PresenterClient`); each
/// answer comes back as the presenter feature's own action.
public enum PresenterEffect: Equatable, Sendable {
    /// The snapshot, asked at every tick while the view shows (`EffectID.presenterRead`).
    case read
    case unlock(Stakeholder)

    var id: EffectID? {
        switch self {
        case .read: return .presenterRead
        case .unlock: return nil
        }
    }

    func run(_ client: PresenterClient?, _ run: EffectRun) throws -> PresenterFeature.Action? {
        let presenter = { () throws -> PresenterClient in
            guard let client else { throw BankingClient.Unimplemented("presenter") }
            return client
        }
        switch self {
        case .read:
            return .read(try run.outcome { try Self.worded { try presenter().snapshot() } })
        case .unlock(let stakeholder):
            return .unlocked(stakeholder, try run.outcome { try Self.worded { try presenter().unlock(stakeholder.id) } })
        }
    }

    /// A bank whose presence records cannot be read says so in the view's own words.
    private static func worded<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch is PresenterUnavailable { throw AppMessage.presenter(.recordsUnavailable) }
    }
}
