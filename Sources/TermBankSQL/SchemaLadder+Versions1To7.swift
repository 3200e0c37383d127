import TermBankCore

// Versions 1 to 7: SQLite's first steps. PostgreSQL takes none of 1 to 6:
// its 7 makes at once the tables SQLite's 1 to 7 made one by one
// (`postgresqlFirstVersion`).
extension SchemaLadder {
    /// The bank: its kind, users, the sign-in throttle, accounts, the
    /// double-entry ledger (transfers and their postings) and the audit trail.
    static let version1 = Migration(1, sqlite: """
    CREATE TABLE bank_meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    ) STRICT;
    INSERT INTO bank_meta (key, value) VALUES ('kind', 'empty');

    CREATE TABLE users (
        id                INTEGER PRIMARY KEY AUTOINCREMENT,
        username          TEXT NOT NULL UNIQUE CHECK (length(username) BETWEEN 2 AND 32),
        password_hash     TEXT NOT NULL,
        phone             TEXT NOT NULL,
        sms_verification  INTEGER NOT NULL DEFAULT 0 CHECK (sms_verification IN (0, 1)),
        sitekey_image     TEXT NOT NULL,
        sitekey_phrase    TEXT NOT NULL,
        created_at        INTEGER NOT NULL
    ) STRICT;

    -- Keyed by the typed (case-folded) username whether or not it exists, so
    -- throttling cannot be used to tell real accounts from made-up ones.
    CREATE TABLE signin_throttle (
        username      TEXT PRIMARY KEY,
        failures      INTEGER NOT NULL DEFAULT 0 CHECK (failures >= 0),
        locked_until  INTEGER
    ) STRICT;

    CREATE TABLE accounts (
        id       INTEGER PRIMARY KEY,
        user_id  INTEGER REFERENCES users(id),
        kind     TEXT NOT NULL CHECK (kind IN ('checking', 'savings', 'funding')),
        balance  INTEGER NOT NULL DEFAULT 0,
        CHECK ((kind = 'funding') = (user_id IS NULL)),
        CHECK (kind = 'funding' OR balance >= 0),
        UNIQUE (user_id, kind)
    ) STRICT;
    CREATE UNIQUE INDEX accounts_one_funding ON accounts(kind) WHERE kind = 'funding';
    INSERT INTO accounts (user_id, kind, balance) VALUES (NULL, 'funding', 0);

    CREATE TABLE transfers (
        id            INTEGER PRIMARY KEY AUTOINCREMENT,
        client_id     TEXT NOT NULL UNIQUE,
        kind          TEXT NOT NULL CHECK (kind IN ('transfer', 'opening', 'deposit', 'reversal')),
        from_account  INTEGER NOT NULL REFERENCES accounts(id),
        to_account    INTEGER NOT NULL REFERENCES accounts(id),
        amount        INTEGER NOT NULL CHECK (amount > 0),
        reverses      INTEGER UNIQUE REFERENCES transfers(id),
        booked_at     INTEGER NOT NULL,
        session_id    TEXT,
        device_id     TEXT,
        CHECK (from_account <> to_account),
        CHECK ((kind = 'reversal') = (reverses IS NOT NULL))
    ) STRICT;

    CREATE TABLE postings (
        id             INTEGER PRIMARY KEY,
        transfer_id    INTEGER NOT NULL REFERENCES transfers(id),
        account_id     INTEGER NOT NULL REFERENCES accounts(id),
        amount         INTEGER NOT NULL CHECK (amount <> 0),
        balance_after  INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX postings_by_account ON postings(account_id, id);
    CREATE INDEX postings_by_transfer ON postings(transfer_id);

    CREATE TABLE audit (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        at          INTEGER NOT NULL,
        event       TEXT NOT NULL,
        username    TEXT,
        user_id     INTEGER,
        session_id  TEXT,
        device_id   TEXT,
        detail      TEXT NOT NULL DEFAULT ''
    ) STRICT;
    CREATE INDEX audit_by_username ON audit(username, id);

    -- The audit trail is append-only, whoever writes.
    CREATE TRIGGER audit_is_append_only_update BEFORE UPDATE ON audit
    BEGIN SELECT RAISE(ABORT, 'audit rows are append-only'); END;
    CREATE TRIGGER audit_is_append_only_delete BEFORE DELETE ON audit
    BEGIN SELECT RAISE(ABORT, 'audit rows are append-only'); END;

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
    """, postgresql: nil)

    /// Second factors: simulated devices, biometric switches, Verify requests,
    /// the simulated phone's inbox, and sessions.
    static let version2 = Migration(2, sqlite: """
    CREATE TABLE devices (
        id                  INTEGER PRIMARY KEY AUTOINCREMENT,
        name                TEXT NOT NULL UNIQUE,
        biometry            TEXT NOT NULL CHECK (biometry IN ('touchid', 'faceid', 'none')),
        enrolled            INTEGER NOT NULL CHECK (enrolled IN (0, 1)),
        passcode_hash       TEXT,
        enrollment_state    TEXT,
        biometric_failures  INTEGER NOT NULL DEFAULT 0 CHECK (biometric_failures >= 0),
        biometry_locked     INTEGER NOT NULL DEFAULT 0 CHECK (biometry_locked IN (0, 1)),
        passcode_failures   INTEGER NOT NULL DEFAULT 0 CHECK (passcode_failures >= 0),
        passcode_retry_at   INTEGER,
        created_at          INTEGER NOT NULL
    ) STRICT;

    CREATE TABLE biometric_settings (
        user_id                  INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        device_id                INTEGER NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
        enabled                  INTEGER NOT NULL CHECK (enabled IN (0, 1)),
        enrollment_state         TEXT,
        reverification_required  INTEGER NOT NULL DEFAULT 0 CHECK (reverification_required IN (0, 1)),
        PRIMARY KEY (user_id, device_id)
    ) STRICT;

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

    CREATE TABLE sms_sends (
        id               INTEGER PRIMARY KEY,
        phone            TEXT NOT NULL,
        verification_id  TEXT NOT NULL,
        event            INTEGER NOT NULL,
        at               INTEGER NOT NULL,
        UNIQUE (verification_id, event)
    ) STRICT;
    CREATE INDEX sms_sends_by_phone ON sms_sends(phone, at);

    -- The simulated phone: what a real phone would have received.
    CREATE TABLE phone_inbox (
        id       INTEGER PRIMARY KEY AUTOINCREMENT,
        phone    TEXT NOT NULL,
        user_id  INTEGER,
        channel  TEXT NOT NULL CHECK (channel IN ('sms', 'voice')),
        text     TEXT NOT NULL,
        at       INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX phone_inbox_by_phone ON phone_inbox(phone, id);

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
    """, postgresql: nil)

    /// Stronger second factors: authenticator apps (sealed secrets, the last
    /// accepted step), recovery codes (argon2id hashes), trusted devices
    /// (token hashes), authenticator step-ups recorded with their transfer,
    /// and SMS codes that confirm settings changes.
    static let version3 = Migration(3, sqlite: """
    -- Keys the tokens devices keep, so a token for one bank means nothing to another.
    INSERT OR IGNORE INTO bank_meta (key, value) VALUES ('bank_id', lower(hex(randomblob(16))));

    -- Secrets only sealed (crypto_secretbox, key file outside the database).
    CREATE TABLE authenticators (
        user_id               INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        secret                TEXT,
        activated_at          INTEGER,
        pending_secret        TEXT,
        pending_started_at    INTEGER,
        previous_secret       TEXT,
        previous_valid_until  INTEGER,
        last_step             INTEGER,
        sign_in_with          TEXT NOT NULL DEFAULT 'totp' CHECK (sign_in_with IN ('totp', 'sms')),
        failures              INTEGER NOT NULL DEFAULT 0 CHECK (failures >= 0),
        locked_until          INTEGER,
        CHECK ((secret IS NULL) = (activated_at IS NULL)),
        CHECK ((pending_secret IS NULL) = (pending_started_at IS NULL)),
        CHECK ((previous_secret IS NULL) = (previous_valid_until IS NULL)),
        CHECK (secret IS NULL OR secret LIKE 'sb1:%'),
        CHECK (pending_secret IS NULL OR pending_secret LIKE 'sb1:%'),
        CHECK (previous_secret IS NULL OR previous_secret LIKE 'sb1:%')
    ) STRICT;

    CREATE TABLE recovery_codes (
        id          INTEGER PRIMARY KEY,
        user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        code_hash   TEXT NOT NULL CHECK (code_hash LIKE '$argon2id$%'),
        created_at  INTEGER NOT NULL,
        used_at     INTEGER
    ) STRICT;
    CREATE INDEX recovery_codes_by_user ON recovery_codes(user_id);

    CREATE TABLE trusted_devices (
        id            INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id       INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        device_id     INTEGER NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
        token_digest  TEXT NOT NULL UNIQUE,
        created_at    INTEGER NOT NULL,
        expires_at    INTEGER NOT NULL,
        last_used_at  INTEGER,
        revoked_at    INTEGER,
        CHECK (expires_at > created_at)
    ) STRICT;
    CREATE INDEX trusted_devices_by_user ON trusted_devices(user_id, id);

    ALTER TABLE sessions ADD COLUMN trusted_device_id INTEGER REFERENCES trusted_devices(id) ON DELETE SET NULL;

    -- An authenticator step-up: the accepted step and the transfer it approved,
    -- written with the booking. One step approves at most one thing.
    CREATE TABLE stepup_confirmations (
        id               INTEGER PRIMARY KEY,
        user_id          INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        method           TEXT NOT NULL CHECK (method IN ('totp')),
        step             INTEGER NOT NULL,
        transfer_digest  TEXT NOT NULL,
        client_id        TEXT NOT NULL,
        at               INTEGER NOT NULL,
        UNIQUE (user_id, method, step)
    ) STRICT;

    -- SMS codes may now confirm settings changes: SQLite cannot change a
    -- CHECK in place, so the table is rebuilt with its rows.
    CREATE TABLE verifications_v3 (
        id              TEXT PRIMARY KEY,
        user_id         INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        phone           TEXT NOT NULL,
        purpose         TEXT NOT NULL CHECK (purpose IN ('signin', 'transfer', 'confirm')),
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
    INSERT INTO verifications_v3 SELECT id, user_id, phone, purpose, binding_digest, code_salt, code_hash, code_length,
        status, created_at, expires_at, wrong_checks, events, last_event_at, finished_at FROM verifications;
    DROP TABLE verifications;
    ALTER TABLE verifications_v3 RENAME TO verifications;
    CREATE UNIQUE INDEX verifications_one_running_per_phone ON verifications(phone) WHERE status = 'IN PROGRESS';
    """, postgresql: nil)

    /// Which usernames completed a sign-in on which held device (SiteKey
    /// before the password). Keyed by the device's identity (an SSH key, an OS
    /// account), never by a device anyone could pick; only a completed sign-in
    /// writes a row, so a username that does not exist never has one.
    static let version4 = Migration(4, sqlite: """
    CREATE TABLE known_sign_ins (
        identity   TEXT NOT NULL CHECK (length(identity) BETWEEN 1 AND 100),
        device_id  INTEGER NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
        username   TEXT NOT NULL,
        user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        first_at   INTEGER NOT NULL,
        last_at    INTEGER NOT NULL,
        PRIMARY KEY (identity, device_id, username)
    ) STRICT, WITHOUT ROWID;
    CREATE INDEX known_sign_ins_by_user ON known_sign_ins(user_id);
    """, postgresql: nil)

    /// A phone number belongs to one customer at a time; SMS sends are
    /// counted per customer as well as per number, announcements included;
    /// SMS codes can be locked for a customer (the 4-digit cap). Refused with
    /// a clear message, before anything changes, when numbers are already
    /// shared (`sharedPhoneNumbers`).
    static let version5 = Migration(5, sqlite: """
    CREATE UNIQUE INDEX users_one_per_phone ON users(phone);

    CREATE TABLE sms_sends_v4 (
        id               INTEGER PRIMARY KEY,
        phone            TEXT NOT NULL,
        user_id          INTEGER REFERENCES users(id) ON DELETE CASCADE,
        kind             TEXT NOT NULL DEFAULT 'code' CHECK (kind IN ('code', 'announcement')),
        verification_id  TEXT,
        event            INTEGER NOT NULL,
        at               INTEGER NOT NULL,
        CHECK ((kind = 'code') = (verification_id IS NOT NULL)),
        UNIQUE (verification_id, event)
    ) STRICT;
    INSERT INTO sms_sends_v4 (id, phone, user_id, kind, verification_id, event, at)
        SELECT s.id, s.phone, v.user_id, 'code', s.verification_id, s.event, s.at
        FROM sms_sends s LEFT JOIN verifications v ON v.id = s.verification_id;
    DROP TABLE sms_sends;
    ALTER TABLE sms_sends_v4 RENAME TO sms_sends;
    CREATE INDEX sms_sends_by_phone ON sms_sends(phone, at);
    CREATE INDEX sms_sends_by_user ON sms_sends(user_id, at);
    CREATE INDEX verifications_by_user ON verifications(user_id, created_at);

    -- Wrong SMS codes across requests locked this customer's SMS codes until then.
    CREATE TABLE sms_code_locks (
        user_id       INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        locked_until  INTEGER NOT NULL
    ) STRICT;
    """, postgresql: nil, check: refuseSharedPhoneNumbers)

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

    /// Demo guest customers: who made each (SSH key, client address), when
    /// it expires, and when `demo prune` removed it. The user row stays after
    /// removal because the ledger's accounts point to it. PostgreSQL's first
    /// version: the whole schema as it stood at 7.
    static let version7 = Migration(7, sqlite: """
    CREATE TABLE demo_guests (
        user_id          INTEGER PRIMARY KEY REFERENCES users(id),
        key_fingerprint  TEXT,
        client_address   TEXT NOT NULL,
        created_at       INTEGER NOT NULL,
        expires_at       INTEGER NOT NULL,
        removed_at       INTEGER,
        CHECK (expires_at > created_at)
    ) STRICT;
    CREATE INDEX demo_guests_by_address ON demo_guests(client_address, created_at);
    CREATE INDEX demo_guests_by_key ON demo_guests(key_fingerprint, created_at);
    CREATE INDEX demo_guests_by_expiry ON demo_guests(expires_at) WHERE removed_at IS NULL;
    """, postgresql: postgresqlFirstVersion)
}
