/// The built-in simulated phone: every message is kept in the phone's inbox,
/// so a demo can read codes with `termbank phone USER` or on the app's phone
/// panel. It is the demo's stand-in for a handset; with `--sms-command` the
/// operator's command delivers instead and no message is kept.
public struct SimulatedPhoneGateway: SMSGateway {
    let inbox: PhoneInboxStore
    let clock: TimeSource

    public init(store: PhoneInboxStore, clock: TimeSource) {
        inbox = store
        self.clock = clock
    }

    public func deliver(_ message: OutgoingMessage) throws {
        try inbox.receive(message, at: clock.now())
    }

    /// The inbox is a table of the bank's database: written with the send.
    public func deliver(_ message: OutgoingMessage, within tx: VerificationTransaction) throws -> Bool {
        try tx.receive(message, at: clock.now())
        return true
    }
}
