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
    let presenter: Presenter
    let store: any BankBackend
    let clock: TimeSource
    /// The audit trail's name for the one who lifts a lock here.
    static let audit = AuditContext(sessionID: nil, deviceID: "presenter")
    private var last: (stamp: ChangeStamp, at: Timestamp, snapshot: PresenterSnapshot)?

    init(bank: Bank, store: any BankBackend) {
        presenter = Presenter(bank: bank, store: store)
        self.store = store
        clock = bank.clock
    }

    func snapshot() throws -> PresenterSnapshot {
        try lock.withLock {
            let stamp = try store.changeStamp()
            let now = clock.now()
            if let last, last.stamp == stamp,
               now.millisecondsSinceEpoch - last.at.millisecondsSinceEpoch < PresenterPolicy.readIntervalSeconds * 1000 {
                return last.snapshot
            }
            let snapshot = try presenter.snapshot()
            last = (stamp, now, snapshot)
            return snapshot
        }
    }

    func unlock(_ stakeholder: String) throws -> Bool {
        try lock.withLock {
            let lifted = try presenter.unlock(stakeholder: stakeholder, context: Self.audit)
            last = nil   // the next read shows the locks gone
            return lifted
        }
    }

    func install(into client: inout BankingClient) {
        var presenterClient = PresenterClient()
        presenterClient.snapshot = { [self] in try snapshot() }
        presenterClient.unlock = { [self] id in try unlock(id) }
        client.presenter = presenterClient
    }
}
