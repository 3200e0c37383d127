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

    /// A sign-in used an SMS code when a sign-in verification of the
    /// customer's succeeded after their previous session opened and no later
    /// than this one did: a sign-in's code is accepted just before its session
    /// opens, and each completed sign-in opens one session.
    public func recentSignIns(of user: UserID, limit: Int) throws -> [SignInRecord] {
        try withConnection { db in
            try db.query("""
                SELECT s.id, s.started_at, s.trusted_device_id,
                       CASE WHEN EXISTS (
                           SELECT 1 FROM verifications v
                           WHERE v.user_id = s.user_id AND v.purpose = 'signin' AND v.status = 'SUCCESS'
                             AND v.finished_at <= s.started_at
                             AND v.finished_at > COALESCE((SELECT max(p.started_at) FROM sessions p
                                                           WHERE p.user_id = s.user_id AND p.started_at < s.started_at), -1)
                       ) THEN 1 ELSE 0 END
                FROM sessions s WHERE s.user_id = ?
                ORDER BY s.started_at DESC, s.id DESC LIMIT ?
                """, [user.rawValue, Int64(limit)]).map { row in
                SignInRecord(sessionID: SessionID(trusted: row.text(0)),
                             startedAt: Timestamp(millisecondsSinceEpoch: row.int(1)),
                             usedSMSCode: row.int(3) != 0, trustedDevice: row.optionalInt(2).map(TrustedDeviceID.init))
            }
        }
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
