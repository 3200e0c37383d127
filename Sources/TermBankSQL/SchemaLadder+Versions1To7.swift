import TermBankCore

// Versions 1 to 7: SQLite's first steps. PostgreSQL takes none of 1 to 6:
// its 7 makes at once the tables SQLite's 1 to 7 made one by one
// (`postgresqlFirstVersion`). The tables both make alike are written once
// (`SchemaLadder+Tables`).
extension SchemaLadder {
    /// The bank: its kind, users, the sign-in throttle, accounts, the
    /// double-entry ledger (transfers and their postings) and the audit trail.
    static let version1 = Migration(1, sqlite: [
        bankMeta(.sqlite),
        users(.sqlite),
        """
        -- Keyed by the typed (case-folded) username whether or not it exists, so
        -- throttling cannot be used to tell real accounts from made-up ones.
        CREATE TABLE signin_throttle (
            username      TEXT PRIMARY KEY,
            failures      INTEGER NOT NULL DEFAULT 0 CHECK (failures >= 0),
            locked_until  INTEGER
        ) STRICT;
        """,
        accounts(.sqlite),
        transfers(.sqlite),
        postings(.sqlite),
        audit(.sqlite),
        """
        -- The audit trail is append-only, whoever writes.
        CREATE TRIGGER audit_is_append_only_update BEFORE UPDATE ON audit
        BEGIN SELECT RAISE(ABORT, 'audit rows are append-only'); END;
        CREATE TRIGGER audit_is_append_only_delete BEFORE DELETE ON audit
        BEGIN SELECT RAISE(ABORT, 'audit rows are append-only'); END;
        """,
        """
        -- Booked money is immutable: corrections are new transfers. Only a demo
        -- reset may wipe, and it says so inside its own transaction.
        CREATE TRIGGER transfers_are_immutable BEFORE UPDATE ON transfers
        BEGIN SELECT RAISE(ABORT, 'transfers are immutable; book a reversal'); END;
        CREATE TRIGGER postings_are_immutable BEFORE UPDATE ON postings
        BEGIN SELECT RAISE(ABORT, 'postings are immutable; book a reversal'); END;
        CREATE TRIGGER transfers_wiped_only_by_reset BEFORE DELETE ON transfers
        WHEN (SELECT value FROM bank_meta WHERE key = 'wiping') IS NOT 'yes'
        BEGIN SELECT RAISE(ABORT, 'transfers are immutable; book a reversal'); END;
        CREATE TRIGGER postings_wiped_only_by_reset BEFORE DELETE ON postings
        WHEN (SELECT value FROM bank_meta WHERE key = 'wiping') IS NOT 'yes'
        BEGIN SELECT RAISE(ABORT, 'postings are immutable; book a reversal'); END;
        """,
    ].joined(separator: "\n\n"), postgresql: nil)

    /// Second factors: simulated devices, biometric switches, Verify requests,
    /// the simulated phone's inbox, and sessions.
    static let version2 = Migration(2, sqlite: [
        devices(.sqlite),
        biometricSettings(.sqlite),
        """
        -- Codes are never stored: only a salted, keyed hash bound to the purpose.
        CREATE TABLE verifications (
            id              TEXT PRIMARY KEY,
            user_id         INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            phone           TEXT NOT NULL,
            purpose         TEXT NOT NULL CHECK (purpose IN ('signin', 'transfer')),
            binding_digest  TEXT NOT NULL,
            code_salt       TEXT NOT NULL,
            code_hash       TEXT NOT NULL,
            code_length     INTEGER NOT NULL CHECK (code_length IN (4, 6)),
            status          TEXT NOT NULL CHECK (status IN ('IN PROGRESS', 'SUCCESS', 'FAILED', 'EXPIRED', 'CANCELLED')),
            created_at      INTEGER NOT NULL,
            expires_at      INTEGER NOT NULL,
            wrong_checks    INTEGER NOT NULL DEFAULT 0,
            events          INTEGER NOT NULL DEFAULT 1,
            last_event_at   INTEGER NOT NULL,
            finished_at     INTEGER
        ) STRICT;
        -- Verify's rule, enforced by the schema too: one request in progress per number.
        CREATE UNIQUE INDEX verifications_one_running_per_phone ON verifications(phone) WHERE status = 'IN PROGRESS';
        """,
        """
        CREATE TABLE sms_sends (
            id               INTEGER PRIMARY KEY,
            phone            TEXT NOT NULL,
            verification_id  TEXT NOT NULL,
            event            INTEGER NOT NULL,
            at               INTEGER NOT NULL,
            UNIQUE (verification_id, event)
        ) STRICT;
        CREATE INDEX sms_sends_by_phone ON sms_sends(phone, at);
        """,
        phoneInbox(.sqlite),
        """
        CREATE TABLE sessions (
            id                TEXT PRIMARY KEY,
            user_id           INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            device_id         INTEGER REFERENCES devices(id) ON DELETE SET NULL,
            started_at        INTEGER NOT NULL,
            last_activity_at  INTEGER NOT NULL,
            ended_at          INTEGER,
            end_reason        TEXT
        ) STRICT;
        CREATE INDEX sessions_by_user ON sessions(user_id, started_at);
        """,
    ].joined(separator: "\n\n"), postgresql: nil)

    /// Stronger second factors: authenticator apps (sealed secrets, the last
    /// accepted step), recovery codes (argon2id hashes), trusted devices
    /// (token hashes), authenticator step-ups recorded with their transfer,
    /// and SMS codes that confirm settings changes.
    static let version3 = Migration(3, sqlite: [
        """
        -- Keys the tokens devices keep, so a token for one bank means nothing to another.
        INSERT OR IGNORE INTO bank_meta (key, value) VALUES ('bank_id', lower(hex(randomblob(16))));
        """,
        authenticators(.sqlite),
        recoveryCodes(.sqlite),
        trustedDevices(.sqlite),
        """
        ALTER TABLE sessions ADD COLUMN trusted_device_id INTEGER REFERENCES trusted_devices(id) ON DELETE SET NULL;
        """,
        stepUpConfirmations(.sqlite),
        // SMS codes may now confirm settings changes: SQLite cannot change a
        // CHECK in place, so the table is rebuilt with its rows.
        verifications(.sqlite, name: "verifications_v3"),
        """
        INSERT INTO verifications_v3 SELECT id, user_id, phone, purpose, binding_digest, code_salt, code_hash, code_length,
            status, created_at, expires_at, wrong_checks, events, last_event_at, finished_at FROM verifications;
        DROP TABLE verifications;
        ALTER TABLE verifications_v3 RENAME TO verifications;
        CREATE UNIQUE INDEX verifications_one_running_per_phone ON verifications(phone) WHERE status = 'IN PROGRESS';
        """,
    ].joined(separator: "\n\n"), postgresql: nil)

    /// Which usernames completed a sign-in on which held device (SiteKey
    /// before the password). Keyed by the device's identity (an SSH key, an OS
    /// account), never by a device anyone could pick; only a completed sign-in
    /// writes a row, so a username that does not exist never has one.
    static let version4 = Migration(4, sqlite: knownSignIns(.sqlite), postgresql: nil)

    /// A phone number belongs to one customer at a time; SMS sends are
    /// counted per customer as well as per number, announcements included;
    /// SMS codes can be locked for a customer (the 4-digit cap). Refused with
    /// a clear message, before anything changes, when numbers are already
    /// shared (`sharedPhoneNumbers`).
    static let version5 = Migration(5, sqlite: [
        """
        CREATE UNIQUE INDEX users_one_per_phone ON users(phone);
        """,
        smsSends(.sqlite, name: "sms_sends_v4"),
        """
        INSERT INTO sms_sends_v4 (id, phone, user_id, kind, verification_id, event, at)
            SELECT s.id, s.phone, v.user_id, 'code', s.verification_id, s.event, s.at
            FROM sms_sends s LEFT JOIN verifications v ON v.id = s.verification_id;
        DROP TABLE sms_sends;
        ALTER TABLE sms_sends_v4 RENAME TO sms_sends;
        CREATE INDEX sms_sends_by_phone ON sms_sends(phone, at);
        CREATE INDEX sms_sends_by_user ON sms_sends(user_id, at);
        CREATE INDEX verifications_by_user ON verifications(user_id, created_at);
        """,
        smsCodeLocks(.sqlite),
    ].joined(separator: "\n\n"), postgresql: nil, check: refuseSharedPhoneNumbers)

    /// When each sign-in throttle row stops counting, so rows for names that
    /// are not users can be deleted once their window is over: the table no
    /// longer grows with every made-up name ever typed. Locked rows lapse when
    /// the lock ends; older unlocked rows get a window at the first prune.
    static let version6 = Migration(6, sqlite: """
        ALTER TABLE signin_throttle ADD COLUMN window_ends_at INTEGER;
        UPDATE signin_throttle SET window_ends_at = locked_until WHERE locked_until IS NOT NULL;
        CREATE INDEX signin_throttle_window ON signin_throttle (window_ends_at);
        """, postgresql: nil)

    /// Refuses version 5 while two customers share a number, naming them
    /// (numbers masked), before anything changes.
    static func refuseSharedPhoneNumbers(db: any SQLConnection, path: String) throws {
        let shared = try db.query("""
            SELECT phone, group_concat(username, ' and ') FROM (SELECT phone, username FROM users ORDER BY username)
            GROUP BY phone HAVING count(*) > 1 ORDER BY phone
            """)
        guard !shared.isEmpty else { return }
        throw StoreError.sharedPhoneNumbers(path: path, users: shared.map { row in
            "\(row.text(1)) (\(PhoneNumber(trusted: row.text(0)).masked))"
        })
    }

    /// Demo guest customers (`demoGuests`). PostgreSQL's first version: the
    /// whole schema as it stood at 7.
    static let version7 = Migration(7, sqlite: demoGuests(.sqlite), postgresql: postgresqlFirstVersion)
}
