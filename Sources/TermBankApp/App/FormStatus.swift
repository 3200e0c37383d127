import TermBankCore

/// What every screen that asks the bank something shares: whether it is
/// waiting for the answer (keys wait too), and why the last request was
/// refused. Declared once here instead of in each screen's struct.
public struct FormStatus: Equatable, Sendable {
    public var busy: Bool
    public var error: AppMessage?

    public init(busy: Bool = false, error: AppMessage? = nil) {
        self.busy = busy
        self.error = error
    }
}

/// A screen with a `FormStatus`; `busy` and `error` read and write it.
public protocol HasFormStatus {
    var status: FormStatus { get set }
}

extension HasFormStatus {
    public var busy: Bool {
        get { status.busy }
        set { status.busy = newValue }
    }

    public var error: AppMessage? {
        get { status.error }
        set { status.error = newValue }
    }
}
