/// A flag one thread raises and others look at: the run loop raises it when
/// the app quits, and work that may take long (an SMS command) stops early
/// instead of keeping the user from their shell.
public final class Cancellation: @unchecked Sendable {
    private let lock = Lock()
    private var cancelled = false

    public init() {}

    public func cancel() { lock.withLock { cancelled = true } }

    public var isCancelled: Bool { lock.withLock { cancelled } }
}
