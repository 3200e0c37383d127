// The tables SQLite's versions 1 to 7 made and PostgreSQL's first version
// makes alike, written once in each engine's spellings: each as first made,
// with its indexes and first rows. Later versions change some of them.
extension SchemaLadder {
    /// The bank's own facts by key: its kind, from 'empty' until a bank is
    /// made in it.
    static func bankMeta(_ engine: SQLEngine) -> String {
        """
        CREATE TABLE bank_meta (
            key   TEXT PRIMARY KEY,
            value TEXT NOT NULL
        )\(engine.tableOptions);
        INSERT INTO bank_meta (key, value) VALUES ('kind', 'empty');
        """
    }

    /// The bank's customers. Later versions give a number one customer (5)
    /// and add the name on the account (8), the language (9) and the
    /// password's spelling (12).
    static func users(_ engine: SQLEngine) -> String {
        """
        CREATE TABLE users (
            id                \(engine.neverReusedKey),
            username          TEXT NOT NULL UNIQUE CHECK (\(engine.length)(username) BETWEEN 2 AND 32),
            password_hash     TEXT NOT NULL,
            phone             TEXT NOT NULL,
            sms_verification  \(engine.integer) NOT NULL DEFAULT 0 CHECK (sms_verification IN (0, 1)),
            sitekey_image     TEXT NOT NULL,
            sitekey_phrase    TEXT NOT NULL,
            created_at        \(engine.integer) NOT NULL
        )\(engine.tableOptions);
        """
    }

    /// Each customer's checking and savings, and the one funding account (no
    /// customer), which alone may go below zero.
    static func accounts(_ engine: SQLEngine) -> String {
        """
        CREATE TABLE accounts (
            id       \(engine.rowKey),
            user_id  \(engine.integer) REFERENCES users(id),
            kind     TEXT NOT NULL CHECK (kind IN ('checking', 'savings', 'funding')),
            balance  \(engine.integer) NOT NULL DEFAULT 0,
            CHECK ((kind = 'funding') = (user_id IS NULL)),
            CHECK (kind = 'funding' OR balance >= 0),
            UNIQUE (user_id, kind)
        )\(engine.tableOptions);
        CREATE UNIQUE INDEX accounts_one_funding ON accounts(kind) WHERE kind = 'funding';
        INSERT INTO accounts (user_id, kind, balance) VALUES (NULL, 'funding', 0);
        """
    }

    /// The ledger's transfers as first made; version 8 adds payments and
    /// their reference.
    static func transfers(_ engine: SQLEngine) -> String {
        """
        CREATE TABLE transfers (
            id            \(engine.neverReusedKey),
            client_id     TEXT NOT NULL UNIQUE,
            kind          TEXT NOT NULL CHECK (kind IN ('transfer', 'opening', 'deposit', 'reversal')),
            from_account  \(engine.integer) NOT NULL REFERENCES accounts(id),
            to_account    \(engine.integer) NOT NULL REFERENCES accounts(id),
            amount        \(engine.integer) NOT NULL CHECK (amount > 0),
            reverses      \(engine.integer) UNIQUE REFERENCES transfers(id),
            booked_at     \(engine.integer) NOT NULL,
            session_id    TEXT,
            device_id     TEXT,
            CHECK (from_account <> to_account),
            CHECK ((kind = 'reversal') = (reverses IS NOT NULL))
        )\(engine.tableOptions);
        """
    }

    /// Each transfer's postings, with the balance after; version 10 adds the
    /// booking time.
    static func postings(_ engine: SQLEngine) -> String {
        """
        CREATE TABLE postings (
            id             \(engine.rowKey),
            transfer_id    \(engine.integer) NOT NULL REFERENCES transfers(id),
            account_id     \(engine.integer) NOT NULL REFERENCES accounts(id),
            amount         \(engine.integer) NOT NULL CHECK (amount <> 0),
            balance_after  \(engine.integer) NOT NULL
        )\(engine.tableOptions);
        CREATE INDEX postings_by_account ON postings(account_id, id);
        CREATE INDEX postings_by_transfer ON postings(transfer_id);
        """
    }

    /// The audit trail: append-only, by each engine's triggers.
    static func audit(_ engine: SQLEngine) -> String {
        """
        CREATE TABLE audit (
            id          \(engine.neverReusedKey),
            at          \(engine.integer) NOT NULL,
            event       TEXT NOT NULL,
            username    TEXT,
            user_id     \(engine.integer),
            session_id  TEXT,
            device_id   TEXT,
            detail      TEXT NOT NULL DEFAULT ''
        )\(engine.tableOptions);
        CREATE INDEX audit_by_username ON audit(username, id);
        """
    }

    /// The simulated phones: their biometry, passcode and lock-out counters.
    static func devices(_ engine: SQLEngine) -> String {
        """
        CREATE TABLE devices (
            id                  \(engine.neverReusedKey),
            name                TEXT NOT NULL UNIQUE,
            biometry            TEXT NOT NULL CHECK (biometry IN ('touchid', 'faceid', 'none')),
            enrolled            \(engine.integer) NOT NULL CHECK (enrolled IN (0, 1)),
            passcode_hash       TEXT,
            enrollment_state    TEXT,
            biometric_failures  \(engine.integer) NOT NULL DEFAULT 0 CHECK (biometric_failures >= 0),
            biometry_locked     \(engine.integer) NOT NULL DEFAULT 0 CHECK (biometry_locked IN (0, 1)),
            passcode_failures   \(engine.integer) NOT NULL DEFAULT 0 CHECK (passcode_failures >= 0),
            passcode_retry_at   \(engine.integer),
            created_at          \(engine.integer) NOT NULL
        )\(engine.tableOptions);
        """
    }

    /// Whether a customer signs in with biometrics on a phone, and the
    /// enrolment they turned it on with.
    static func biometricSettings(_ engine: SQLEngine) -> String {
        """
        CREATE TABLE biometric_settings (
            user_id                  \(engine.integer) NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            device_id                \(engine.integer) NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
            enabled                  \(engine.integer) NOT NULL CHECK (enabled IN (0, 1)),
            enrollment_state         TEXT,
            reverification_required  \(engine.integer) NOT NULL DEFAULT 0 CHECK (reverification_required IN (0, 1)),
            PRIMARY KEY (user_id, device_id)
        )\(engine.tableOptions);
        """
    }

    /// Verify requests, as they stand since version 3 (SMS codes confirm
    /// settings changes too). Codes are never stored: only a salted, keyed hash
    /// bound to the purpose. SQLite made it under another `name` and copied the
    /// rows in.
    static func verifications(_ engine: SQLEngine, name: String = "verifications") -> String {
        """
        CREATE TABLE \(name) (
            id              TEXT PRIMARY KEY,
            user_id         \(engine.integer) NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            phone           TEXT NOT NULL,
            purpose         TEXT NOT NULL CHECK (purpose IN ('signin', 'transfer', 'confirm')),
            binding_digest  TEXT NOT NULL,
            code_salt       TEXT NOT NULL,
            code_hash       TEXT NOT NULL,
            code_length     \(engine.integer) NOT NULL CHECK (code_length IN (4, 6)),
            status          TEXT NOT NULL CHECK (status IN ('IN PROGRESS', 'SUCCESS', 'FAILED', 'EXPIRED', 'CANCELLED')),
            created_at      \(engine.integer) NOT NULL,
            expires_at      \(engine.integer) NOT NULL,
            wrong_checks    \(engine.integer) NOT NULL DEFAULT 0,
            events          \(engine.integer) NOT NULL DEFAULT 1,
            last_event_at   \(engine.integer) NOT NULL,
            finished_at     \(engine.integer)
        )\(engine.tableOptions);
        """
    }

    /// Each SMS sent, counted per number and per customer, announcements
    /// included, as it stands since version 5; SQLite made it under another
    /// `name` and copied the rows in.
    static func smsSends(_ engine: SQLEngine, name: String = "sms_sends") -> String {
        """
        CREATE TABLE \(name) (
            id               \(engine.rowKey),
            phone            TEXT NOT NULL,
            user_id          \(engine.integer) REFERENCES users(id) ON DELETE CASCADE,
            kind             TEXT NOT NULL DEFAULT 'code' CHECK (kind IN ('code', 'announcement')),
            verification_id  TEXT,
            event            \(engine.integer) NOT NULL,
            at               \(engine.integer) NOT NULL,
            CHECK ((kind = 'code') = (verification_id IS NOT NULL)),
            UNIQUE (verification_id, event)
        )\(engine.tableOptions);
        """
    }

    /// Wrong SMS codes across requests locked this customer's SMS codes until then.
    static func smsCodeLocks(_ engine: SQLEngine) -> String {
        """
        CREATE TABLE sms_code_locks (
            user_id       \(engine.integer) PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
            locked_until  \(engine.integer) NOT NULL
        )\(engine.tableOptions);
        """
    }

    /// The simulated phone: what a real phone would have received.
    static func phoneInbox(_ engine: SQLEngine) -> String {
        """
        CREATE TABLE phone_inbox (
            id       \(engine.neverReusedKey),
            phone    TEXT NOT NULL,
            user_id  \(engine.integer),
            channel  TEXT NOT NULL CHECK (channel IN ('sms', 'voice')),
            text     TEXT NOT NULL,
            at       \(engine.integer) NOT NULL
        )\(engine.tableOptions);
        CREATE INDEX phone_inbox_by_phone ON phone_inbox(phone, id);
        """
    }

    /// Authenticator apps. Secrets only sealed (crypto_secretbox, key file
    /// outside the database).
    static func authenticators(_ engine: SQLEngine) -> String {
        """
        CREATE TABLE authenticators (
            user_id               \(engine.integer) PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
            secret                TEXT,
            activated_at          \(engine.integer),
            pending_secret        TEXT,
            pending_started_at    \(engine.integer),
            previous_secret       TEXT,
            previous_valid_until  \(engine.integer),
            last_step             \(engine.integer),
            sign_in_with          TEXT NOT NULL DEFAULT 'totp' CHECK (sign_in_with IN ('totp', 'sms')),
            failures              \(engine.integer) NOT NULL DEFAULT 0 CHECK (failures >= 0),
            locked_until          \(engine.integer),
            CHECK ((secret IS NULL) = (activated_at IS NULL)),
            CHECK ((pending_secret IS NULL) = (pending_started_at IS NULL)),
            CHECK ((previous_secret IS NULL) = (previous_valid_until IS NULL)),
            CHECK (secret IS NULL OR secret LIKE 'sb1:%'),
            CHECK (pending_secret IS NULL OR pending_secret LIKE 'sb1:%'),
            CHECK (previous_secret IS NULL OR previous_secret LIKE 'sb1:%')
        )\(engine.tableOptions);
        """
    }

    /// Recovery codes, as argon2id hashes.
    static func recoveryCodes(_ engine: SQLEngine) -> String {
        """
        CREATE TABLE recovery_codes (
            id          \(engine.rowKey),
            user_id     \(engine.integer) NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            code_hash   TEXT NOT NULL CHECK (code_hash LIKE '$argon2id$%'),
            created_at  \(engine.integer) NOT NULL,
            used_at     \(engine.integer)
        )\(engine.tableOptions);
        CREATE INDEX recovery_codes_by_user ON recovery_codes(user_id);
        """
    }

    /// The devices a customer trusts, by the digest of the token each keeps.
    static func trustedDevices(_ engine: SQLEngine) -> String {
        """
        CREATE TABLE trusted_devices (
            id            \(engine.neverReusedKey),
            user_id       \(engine.integer) NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            device_id     \(engine.integer) NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
            token_digest  TEXT NOT NULL UNIQUE,
            created_at    \(engine.integer) NOT NULL,
            expires_at    \(engine.integer) NOT NULL,
            last_used_at  \(engine.integer),
            revoked_at    \(engine.integer),
            CHECK (expires_at > created_at)
        )\(engine.tableOptions);
        CREATE INDEX trusted_devices_by_user ON trusted_devices(user_id, id);
        """
    }

    /// An authenticator step-up: the accepted step and the transfer it approved,
    /// written with the booking. One step approves at most one thing.
    static func stepUpConfirmations(_ engine: SQLEngine) -> String {
        """
        CREATE TABLE stepup_confirmations (
            id               \(engine.rowKey),
            user_id          \(engine.integer) NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            method           TEXT NOT NULL CHECK (method IN ('totp')),
            step             \(engine.integer) NOT NULL,
            transfer_digest  TEXT NOT NULL,
            client_id        TEXT NOT NULL,
            at               \(engine.integer) NOT NULL,
            UNIQUE (user_id, method, step)
        )\(engine.tableOptions);
        """
    }

    /// Which usernames completed a sign-in on which held device.
    static func knownSignIns(_ engine: SQLEngine) -> String {
        """
        CREATE TABLE known_sign_ins (
            identity   TEXT NOT NULL CHECK (\(engine.length)(identity) BETWEEN 1 AND 100),
            device_id  \(engine.integer) NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
            username   TEXT NOT NULL,
            user_id    \(engine.integer) NOT NULL REFERENCES users(id) ON DELETE CASCADE,
            first_at   \(engine.integer) NOT NULL,
            last_at    \(engine.integer) NOT NULL,
            PRIMARY KEY (identity, device_id, username)
        )\(engine.keyedTableOptions);
        CREATE INDEX known_sign_ins_by_user ON known_sign_ins(user_id);
        """
    }

    /// Demo guest customers: who made each (SSH key, client address), when it
    /// expires, and when `demo prune` removed it. The user row stays after
    /// removal because the ledger's accounts point to it.
    static func demoGuests(_ engine: SQLEngine) -> String {
        """
        CREATE TABLE demo_guests (
            user_id          \(engine.integer) PRIMARY KEY REFERENCES users(id),
            key_fingerprint  TEXT,
            client_address   TEXT NOT NULL,
            created_at       \(engine.integer) NOT NULL,
            expires_at       \(engine.integer) NOT NULL,
            removed_at       \(engine.integer),
            CHECK (expires_at > created_at)
        )\(engine.tableOptions);
        CREATE INDEX demo_guests_by_address ON demo_guests(client_address, created_at);
        CREATE INDEX demo_guests_by_key ON demo_guests(key_fingerprint, created_at);
        CREATE INDEX demo_guests_by_expiry ON demo_guests(expires_at) WHERE removed_at IS NULL;
        """
    }
}
