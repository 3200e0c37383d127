import TermBankCore

extension SQLBankStore: KnownSignInStore {
    public func recordKnownSignIn(identity: String, device: DeviceID, username: Username, user: UserID,
                                  at time: Timestamp) throws {
        try withConnection { db in
            try db.writeTransaction {
                try db.execute("""
                    INSERT INTO known_sign_ins (identity, device_id, username, user_id, first_at, last_at)
                    VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (identity, device_id, username) DO UPDATE SET user_id = excluded.user_id,
                        last_at = excluded.last_at
                    """, [identity, device.rawValue, username.rawValue, user.rawValue, time.millisecondsSinceEpoch,
                          time.millisecondsSinceEpoch])
            }
        }
    }

    /// One statement, one primary-key probe: the users row is joined only
    /// when a record exists, and a record exists only for a real user.
    public func knownSignIn(identity: String, device: DeviceID, username: Username) throws -> UserRecord? {
        try withConnection { db in
            try db.query("""
                SELECT u.id, u.username, u.phone, u.sms_verification, u.sitekey_image, u.sitekey_phrase, u.created_at,
                       u.language
                FROM known_sign_ins k JOIN users u ON u.id = k.user_id AND u.username = k.username
                WHERE k.identity = ? AND k.device_id = ? AND k.username = ?
                """, [identity, device.rawValue, username.rawValue]).first.map(Self.decodeUser)
        }
    }
}
