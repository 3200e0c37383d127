import TermBankCore

extension SQLBankStore: SessionStore {
    public func insertSession(_ session: Session, audit event: AuditEvent?) throws {
        try withConnection { db in
            try db.writeTransaction {
                try db.execute("""
                    INSERT INTO sessions (id, user_id, device_id, started_at, last_activity_at, ended_at, end_reason,
                                          trusted_device_id)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """, [session.id.rawValue, session.userID.rawValue, session.deviceID?.rawValue,
                          session.startedAt.millisecondsSinceEpoch, session.lastActivityAt.millisecondsSinceEpoch,
                          session.endedAt?.millisecondsSinceEpoch, session.endReason?.rawValue,
                          session.trustedDeviceID?.rawValue])
                if let event { try insertAudit(event, db: db) }
            }
        }
    }

    public func session(_ id: SessionID) throws -> Session? {
        try withConnection { db in
            try db.query("""
                SELECT user_id, device_id, started_at, last_activity_at, ended_at, end_reason, trusted_device_id
                FROM sessions WHERE id = ?
                """, [id.rawValue]).first.map { Self.session(id, $0) }
        }
    }

    static func session(_ id: SessionID, _ row: SQLRow) -> Session {
        Session(id: id, userID: UserID(row.int(0)), deviceID: row.optionalInt(1).map(DeviceID.init),
                startedAt: Timestamp(millisecondsSinceEpoch: row.int(2)),
                lastActivityAt: Timestamp(millisecondsSinceEpoch: row.int(3)),
                endedAt: row.optionalInt(4).map(Timestamp.init(millisecondsSinceEpoch:)),
                endReason: row.optionalText(5).flatMap(SessionEndReason.init(rawValue:)),
                trustedDeviceID: row.optionalInt(6).map(TrustedDeviceID.init))
    }

    public func modifySession<T>(_ id: SessionID, _ body: (inout Session?) throws -> T,
                                 audit: (T) -> AuditEvent?) throws -> T {
        try withConnection { db in
            try db.writeTransaction {
                var session = try db.query("""
                    SELECT user_id, device_id, started_at, last_activity_at, ended_at, end_reason, trusted_device_id
                    FROM sessions WHERE id = ?
                    """, [id.rawValue]).first.map { Self.session(id, $0) }
                let before = session
                let result = try body(&session)
                if let session, session != before {
                    try db.execute("UPDATE sessions SET last_activity_at = ?, ended_at = ?, end_reason = ? WHERE id = ?",
                                   [session.lastActivityAt.millisecondsSinceEpoch, session.endedAt?.millisecondsSinceEpoch,
                                    session.endReason?.rawValue, id.rawValue])
                }
                if let event = audit(result) { try insertAudit(event, db: db) }
                return result
            }
        }
    }
}
