import TermBankCore

extension SQLiteBankStore: KnownSignInStore {
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

    public func knownSignIn(identity: String, device: DeviceID, username: Username) throws -> UserID? {
        try withConnection { db in
            try db.query("SELECT user_id FROM known_sign_ins WHERE identity = ? AND device_id = ? AND username = ?",
                         [identity, device.rawValue, username.rawValue]).first.map { UserID($0.int(0)) }
        }
    }
}
