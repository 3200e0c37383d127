import TermBankCore

/// One message as the simulated phone shows it.
public struct PhoneMessage: Equatable, Sendable {
    public let id: Int64
    public let phone: PhoneNumber
    public let channel: OutgoingMessage.Channel
    public let text: String
    public let at: Timestamp
}

/// The built-in simulated phone: every message is stored as the phone's
/// inbox, so a demo can read codes with `termbank phone USER`. It is the
/// demo's stand-in for a handset; with `--sms-command` no message is stored.
public struct SimulatedPhoneGateway: SMSGateway {
    let store: SQLiteBankStore
    let clock: TimeSource

    public init(store: SQLiteBankStore, clock: TimeSource) {
        self.store = store
        self.clock = clock
    }

    public func deliver(_ message: OutgoingMessage) throws {
        try store.withConnection { db in
            try db.writeTransaction {
                try db.execute("INSERT INTO phone_inbox (phone, user_id, channel, text, at) VALUES (?, ?, ?, ?, ?)",
                               [message.to.e164, message.userID?.rawValue, message.channel.rawValue, message.text,
                                clock.now().millisecondsSinceEpoch])
            }
        }
    }
}

extension SQLiteBankStore {
    /// The phone's messages after `afterID`, oldest first.
    public func inbox(of phone: PhoneNumber, after afterID: Int64 = 0, limit: Int = 1_000) throws -> [PhoneMessage] {
        try withConnection { db in
            try db.query("""
                SELECT id, channel, text, at FROM phone_inbox WHERE phone = ? AND id > ? ORDER BY id LIMIT ?
                """, [phone.e164, afterID, limit]).map { row in
                PhoneMessage(id: row.int(0), phone: phone, channel: OutgoingMessage.Channel(rawValue: row.text(1)) ?? .sms,
                             text: row.text(2), at: Timestamp(millisecondsSinceEpoch: row.int(3)))
            }
        }
    }

    public func lastInboxMessage(of phone: PhoneNumber) throws -> PhoneMessage? {
        try withConnection { db in
            try db.query("SELECT id, channel, text, at FROM phone_inbox WHERE phone = ? ORDER BY id DESC LIMIT 1",
                         [phone.e164]).first.map { row in
                PhoneMessage(id: row.int(0), phone: phone, channel: OutgoingMessage.Channel(rawValue: row.text(1)) ?? .sms,
                             text: row.text(2), at: Timestamp(millisecondsSinceEpoch: row.int(3)))
            }
        }
    }
}
