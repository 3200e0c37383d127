import TermBankCore

/// One effect's run, shared by every feature's runner: who hears the errors
/// it words, and how a reply is built from an endpoint that may throw.
final class EffectRun {
    /// Hears every error that became a message on the screen (see `EffectRunner.run`).
    let failed: (any Error) -> Void
    /// The reply put a message on the customer's phone (a code sent, a sign-in notice):
    /// in demo mode the phone is read at once, not at the next tick (`EffectRunner.perform`).
    private(set) var putMessageOnPhone = false

    init(failed: @escaping (any Error) -> Void) {
        self.failed = failed
    }

    /// The session ended (elsewhere, or it lapsed) while the effect ran: the
    /// app signs out with the core's words, and no feature's reply is reduced.
    struct SessionEnded: Error {
        let message: AppMessage
    }

    /// An error as the screen will word it, after `failed` has heard it.
    func appMessage(_ error: Error) -> AppMessage {
        failed(error)
        return EffectRunner.appMessage(error)
    }

    /// Marks a reply that put a message on the phone, and passes it on.
    func onPhone<T>(_ reply: T) -> T {
        putMessageOnPhone = true
        return reply
    }

    /// The reply, or the failure case built from the error's message. An
    /// expired sign-in goes up to `EffectRunner`, whichever step met it.
    func value<T>(_ body: () throws -> T, orElse failed: (AppMessage) -> T) throws -> T {
        do { return try body() } catch let expired as SignInFlow.FlowError where expired == .expired {
            throw expired
        } catch { return failed(appMessage(error)) }
    }

    func outcome<T>(_ body: () throws -> T) throws -> Outcome<T> {
        try value({ .success(try body()) }, orElse: Outcome.failure)
    }

    func biometric(_ body: () throws -> BiometricReply) throws -> BiometricReply {
        try value(body, orElse: { .failed(.systemCancel, message: $0) })
    }

    /// A reply that a session ended elsewhere must not become: the sign-out instead.
    func endingSession<T>(_ body: () throws -> T, orElse failed: (AppMessage) -> T) throws -> T {
        do {
            return try body()
        } catch let ended as SessionError {
            throw SessionEnded(message: .core(.session(ended)))
        } catch {
            return failed(appMessage(error))
        }
    }
}
