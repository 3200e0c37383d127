import TermBankCore

/// `termbank demo watch`: the presenter's view of the shared demo, read from
/// the bank's records each second (`PresenterSnapshot`). The chosen row is
/// kept by the terminal's id, so it stays on the same stakeholder while
/// others come and go.
public struct PresenterScreen: Equatable, Sendable {
    /// The last read; nil until the first one answers.
    public var snapshot: PresenterSnapshot?
    /// Why the last read failed; the last snapshot, if any, stays on show under it.
    public var error: AppMessage?
    /// The chosen stakeholder (`Stakeholder.id`).
    public var selected: String?
    /// `u` asked about this stakeholder: y or Enter lifts its locks, n or Esc does not.
    public var confirming: Stakeholder?
    /// An unlock is on its way to the bank.
    public var busy = false
    /// What the last `u` came to.
    public var notice: PresenterNotice?

    public init(snapshot: PresenterSnapshot? = nil, error: AppMessage? = nil, selected: String? = nil,
                confirming: Stakeholder? = nil, busy: Bool = false, notice: PresenterNotice? = nil) {
        self.snapshot = snapshot
        self.error = error
        self.selected = selected
        self.confirming = confirming
        self.busy = busy
        self.notice = notice
    }

    /// The chosen row's place in the table (the first row when the choice has gone).
    var selectedIndex: Int? {
        guard let rows = snapshot?.stakeholders, !rows.isEmpty else { return nil }
        return rows.firstIndex { $0.id == selected } ?? 0
    }

    var selectedStakeholder: Stakeholder? {
        selectedIndex.flatMap { snapshot?.stakeholders[$0] }
    }
}

/// The line under the table after `u`: what was done, or why not.
public enum PresenterNotice: Equatable, Sendable {
    case said(PresenterText)
    case refused(AppMessage)
}
