import TermBankApp
import TermBankCore
import TermBankSystem

/// `termbank demo watch`'s client: the core's `Presenter` on the bank's own
/// database, read again only when the bank's change stamp moved (on
/// PostgreSQL, a notification) or `PresenterPolicy.readIntervalSeconds` has
/// passed, for the "same screen" minutes that grow without any write.
/// Nothing is read faster than that.
final class PresenterDesk: @unchecked Sendable {
    private let lock = Lock()
    private let stamp: () throws -> ChangeStamp
    private let now: () -> Timestamp
    private let read: () throws -> PresenterSnapshot
    private let lift: (String) throws -> Bool
    /// The audit trail's name for the one who lifts a lock here.
    static let audit = AuditContext.presenter
    private var last: (stamp: ChangeStamp, at: Timestamp, snapshot: PresenterSnapshot)?

    convenience init(bank: Bank, store: any BankBackend) {
        let presenter = Presenter(bank: bank, store: store)
        self.init(stamp: { try store.changeStamp() }, now: { bank.clock.now() }, read: { try presenter.snapshot() },
                  unlock: { try presenter.unlock(stakeholder: $0, context: PresenterDesk.audit) })
    }

    init(stamp: @escaping () throws -> ChangeStamp, now: @escaping () -> Timestamp,
         read: @escaping () throws -> PresenterSnapshot, unlock: @escaping (String) throws -> Bool) {
        self.stamp = stamp
        self.now = now
        self.read = read
        lift = unlock
    }

    func snapshot() throws -> PresenterSnapshot {
        try lock.withLock {
            let stamp = try stamp()
            let now = now()
            if let last, last.stamp == stamp,
               now.millisecondsSinceEpoch - last.at.millisecondsSinceEpoch < PresenterPolicy.readIntervalSeconds * 1000 {
                return last.snapshot
            }
            let snapshot = try read()
            last = (stamp, now, snapshot)
            return snapshot
        }
    }

    func unlock(_ stakeholder: String) throws -> Bool {
        try lock.withLock {
            defer { last = nil }   // the next read shows the locks gone
            return try lift(stakeholder)
        }
    }

    func install(into client: inout BankingClient) {
        var presenterClient = PresenterClient()
        presenterClient.snapshot = { [self] in try snapshot() }
        presenterClient.unlock = { [self] id in try unlock(id) }
        client.presenter = presenterClient
    }
}
