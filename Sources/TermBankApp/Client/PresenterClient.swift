import TermBankCore

/// The presenter's view only (`termbank demo watch`): the bank's records of
/// who is at the demo, and lifting one stakeholder's locks. The executable
/// wires it to the core's `Presenter`; nil in every other app.
public struct PresenterClient: Sendable {
    /// Everyone connected now; the executable reads the bank again only when its change stamp moved or a second passed.
    public var snapshot: @Sendable () throws -> PresenterSnapshot = unimplemented("presenter.snapshot")
    /// Lifts the password and code locks at the stakeholder's origin for its customer, audited; false: nothing to lift.
    public var unlock: @Sendable (_ stakeholder: String) throws -> Bool = unimplemented("presenter.unlock")

    public init() {}
}
