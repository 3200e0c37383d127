import TermBankCore

/// The simulated phone's inbox in the bank's file (`phone_inbox`), so every
/// process of a demo reads the same phone. A reset empties it.
extension SQLBankStore: PhoneInboxStore {
    public func receive(_ message: OutgoingMessage, at time: Timestamp) throws {
        try withConnection { db in
            try db.writeTransaction { try Self.insertInbox(message, at: time, db: db) }
        }
    }

    static func insertInbox(_ message: OutgoingMessage, at time: Timestamp, db: any SQLConnection) throws {
        try db.execute("INSERT INTO phone_inbox (phone, user_id, channel, text, at) VALUES (?, ?, ?, ?, ?)",
                       [message.to.e164, message.userID?.rawValue, message.channel.rawValue, message.text,
                        time.millisecondsSinceEpoch])
    }

    public func inbox(of phone: PhoneNumber, after afterID: Int64, limit: Int) throws -> [PhoneMessage] {
        try withConnection { db in
            try db.query("""
                SELECT id, channel, text, at FROM phone_inbox WHERE phone = ? AND id > ? ORDER BY id LIMIT ?
                """, [phone.e164, afterID, limit]).map { Self.phoneMessage($0, phone: phone) }
        }
    }

    public func newestInbox(of phone: PhoneNumber, after afterID: Int64, since: Timestamp?,
                            limit: Int) throws -> [PhoneMessage] {
        // Newest first under the limit (phone_inbox_by_phone read backwards),
        // then put back in the order they came.
        try withConnection { db in
            try db.query("""
                SELECT id, channel, text, at FROM (
                    SELECT id, channel, text, at FROM phone_inbox WHERE phone = ? AND id > ? AND at >= ?
                    ORDER BY id DESC LIMIT ?
                ) AS newest ORDER BY id
                """, [phone.e164, afterID, since?.millisecondsSinceEpoch ?? Int64.min, limit])
                .map { Self.phoneMessage($0, phone: phone) }
        }
    }

    public func lastInboxMessage(of phone: PhoneNumber) throws -> PhoneMessage? {
        try withConnection { db in
            try db.query("SELECT id, channel, text, at FROM phone_inbox WHERE phone = ? ORDER BY id DESC LIMIT 1",
                         [phone.e164]).first.map { Self.phoneMessage($0, phone: phone) }
        }
    }

    public func lastInboxMessage(of phone: PhoneNumber, before time: Timestamp) throws -> PhoneMessage? {
        try withConnection { db in
            try db.query("SELECT id, channel, text, at FROM phone_inbox WHERE phone = ? AND at < ? ORDER BY id DESC LIMIT 1",
                         [phone.e164, time.millisecondsSinceEpoch]).first.map { Self.phoneMessage($0, phone: phone) }
        }
    }

    private static func phoneMessage(_ row: SQLRow, phone: PhoneNumber) -> PhoneMessage {
        PhoneMessage(id: row.int(0), phone: phone, channel: OutgoingMessage.Channel(rawValue: row.text(1)) ?? .sms,
                     text: row.text(2), at: Timestamp(millisecondsSinceEpoch: row.int(3)))
    }
}
