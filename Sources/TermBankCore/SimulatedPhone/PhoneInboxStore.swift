/// One message as the simulated phone shows it.
public struct PhoneMessage: Equatable, Sendable {
    public let id: Int64
    public let phone: PhoneNumber
    public let channel: OutgoingMessage.Channel
    public let text: String
    public let at: Timestamp

    public init(id: Int64, phone: PhoneNumber, channel: OutgoingMessage.Channel, text: String, at: Timestamp) {
        self.id = id
        self.phone = phone
        self.channel = channel
        self.text = text
        self.at = at
    }
}

/// The simulated phone's inbox: where the demo's codes go instead of a real
/// handset. The core owns this protocol; a backend keeps the messages beside
/// the bank (every process of a demo shares one phone), and a bank reset
/// empties it. A real deployment delivers through `--sms-command` and never
/// stores a message.
public protocol PhoneInboxStore: AnyObject, Sendable {
    /// Keeps one delivered message; its id is larger than every earlier one's.
    func receive(_ message: OutgoingMessage, at time: Timestamp) throws
    /// The phone's messages after `afterID`, oldest first, at most `limit`.
    func inbox(of phone: PhoneNumber, after afterID: Int64, limit: Int) throws -> [PhoneMessage]
    /// The phone's newest `limit` messages after `afterID` delivered at or
    /// after `since`, given oldest first: what a phone's screen shows, however
    /// many came before (a long demo leaves thousands on a shared number).
    func newestInbox(of phone: PhoneNumber, after afterID: Int64, since: Timestamp?, limit: Int) throws -> [PhoneMessage]
    /// The phone's newest message.
    func lastInboxMessage(of phone: PhoneNumber) throws -> PhoneMessage?
    /// The phone's newest message delivered before `time` (where a running code's messages begin).
    func lastInboxMessage(of phone: PhoneNumber, before time: Timestamp) throws -> PhoneMessage?
}

extension PhoneInboxStore {
    /// The phone's messages after `afterID` (all of them by default), oldest first, up to 1,000.
    public func inbox(of phone: PhoneNumber, after afterID: Int64 = 0) throws -> [PhoneMessage] {
        try inbox(of: phone, after: afterID, limit: 1_000)
    }
}
