extension SchemaLadder {
    /// PostgreSQL's first step, numbered 7: SQLite's tables as they stood at
    /// its version 7, in PostgreSQL's dialect (BIGINT for money, time and
    /// flags as there; PL/pgSQL triggers for the append-only tables), and
    /// `termbank_schema`, which holds the version and marks the database as
    /// TermBank's. Written apart: SQLite reached the same tables in seven
    /// steps, rebuilding some on the way.
    static let postgresqlFirstVersion = """
    CREATE TABLE termbank_schema (
        version  BIGINT NOT NULL
    );
    INSERT INTO termbank_schema (version) VALUES (0);

    CREATE TABLE bank_meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
    );
    INSERT INTO bank_meta (key, value) VALUES ('kind', 'empty');
    -- Keys the tokens devices keep, so a token for one bank means nothing to another.
    INSERT INTO bank_meta (key, value) VALUES ('bank_id', replace(gen_random_uuid()::text, '-', ''));

    CREATE TABLE users (
        id                BIGSERIAL PRIMARY KEY,
        username          TEXT NOT NULL UNIQUE CHECK (char_length(username) BETWEEN 2 AND 32),
        password_hash     TEXT NOT NULL,
        phone             TEXT NOT NULL,
        sms_verification  BIGINT NOT NULL DEFAULT 0 CHECK (sms_verification IN (0, 1)),
        sitekey_image     TEXT NOT NULL,
        sitekey_phrase    TEXT NOT NULL,
        created_at        BIGINT NOT NULL
    );
    CREATE UNIQUE INDEX users_one_per_phone ON users(phone);

    -- Keyed by the typed (case-folded) username whether or not it exists, so
    -- throttling cannot be used to tell real accounts from made-up ones.
    CREATE TABLE signin_throttle (
        username        TEXT PRIMARY KEY,
        failures        BIGINT NOT NULL DEFAULT 0 CHECK (failures >= 0),
        locked_until    BIGINT,
        window_ends_at  BIGINT
    );
    CREATE INDEX signin_throttle_window ON signin_throttle (window_ends_at);

    CREATE TABLE accounts (
        id       BIGSERIAL PRIMARY KEY,
        user_id  BIGINT REFERENCES users(id),
        kind     TEXT NOT NULL CHECK (kind IN ('checking', 'savings', 'funding')),
        balance  BIGINT NOT NULL DEFAULT 0,
        CHECK ((kind = 'funding') = (user_id IS NULL)),
        CHECK (kind = 'funding' OR balance >= 0),
        UNIQUE (user_id, kind)
    );
    CREATE UNIQUE INDEX accounts_one_funding ON accounts(kind) WHERE kind = 'funding';
    INSERT INTO accounts (user_id, kind, balance) VALUES (NULL, 'funding', 0);

    CREATE TABLE transfers (
        id            BIGSERIAL PRIMARY KEY,
        client_id     TEXT NOT NULL UNIQUE,
        kind          TEXT NOT NULL CHECK (kind IN ('transfer', 'opening', 'deposit', 'reversal')),
        from_account  BIGINT NOT NULL REFERENCES accounts(id),
        to_account    BIGINT NOT NULL REFERENCES accounts(id),
        amount        BIGINT NOT NULL CHECK (amount > 0),
        reverses      BIGINT UNIQUE REFERENCES transfers(id),
        booked_at     BIGINT NOT NULL,
        session_id    TEXT,
        device_id     TEXT,
        CHECK (from_account <> to_account),
        CHECK ((kind = 'reversal') = (reverses IS NOT NULL))
    );

    CREATE TABLE postings (
        id             BIGSERIAL PRIMARY KEY,
        transfer_id    BIGINT NOT NULL REFERENCES transfers(id),
        account_id     BIGINT NOT NULL REFERENCES accounts(id),
        amount         BIGINT NOT NULL CHECK (amount <> 0),
        balance_after  BIGINT NOT NULL
    );
    CREATE INDEX postings_by_account ON postings(account_id, id);
    CREATE INDEX postings_by_transfer ON postings(transfer_id);

    CREATE TABLE audit (
        id          BIGSERIAL PRIMARY KEY,
        at          BIGINT NOT NULL,
        event       TEXT NOT NULL,
        username    TEXT,
        user_id     BIGINT,
        session_id  TEXT,
        device_id   TEXT,
        detail      TEXT NOT NULL DEFAULT ''
    );
    CREATE INDEX audit_by_username ON audit(username, id);

    -- Refuses the statement with the trigger's argument as the message. Both
    -- functions keep the schema they were made in (SET search_path FROM
    -- CURRENT), so a session with another search_path, or a table of the same
    -- name planted earlier in one, cannot change what they read.
    CREATE FUNCTION termbank_refuse() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
        RAISE EXCEPTION USING ERRCODE = 'integrity_constraint_violation', MESSAGE = TG_ARGV[0];
    END $$;
    -- The same, unless a demo reset is wiping inside its own transaction.
    CREATE FUNCTION termbank_refuse_unless_wiping() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
    BEGIN
        IF (SELECT value FROM bank_meta WHERE key = 'wiping') IS DISTINCT FROM 'yes' THEN
            RAISE EXCEPTION USING ERRCODE = 'integrity_constraint_violation', MESSAGE = TG_ARGV[0];
        END IF;
        RETURN NULL;
    END $$;

    -- The audit trail is append-only, whoever writes (TRUNCATE included).
    CREATE TRIGGER audit_is_append_only BEFORE UPDATE OR DELETE ON audit
        FOR EACH ROW EXECUTE FUNCTION termbank_refuse('audit rows are append-only');
    CREATE TRIGGER audit_is_never_truncated BEFORE TRUNCATE ON audit
        FOR EACH STATEMENT EXECUTE FUNCTION termbank_refuse('audit rows are append-only');

    -- Booked money is immutable: corrections are new transfers. Only a demo
    -- reset may wipe, and it says so inside its own transaction.
    CREATE TRIGGER transfers_are_immutable BEFORE UPDATE ON transfers
        FOR EACH ROW EXECUTE FUNCTION termbank_refuse('transfers are immutable; book a reversal');
    CREATE TRIGGER postings_are_immutable BEFORE UPDATE ON postings
        FOR EACH ROW EXECUTE FUNCTION termbank_refuse('postings are immutable; book a reversal');
    CREATE TRIGGER transfers_wiped_only_by_reset BEFORE DELETE ON transfers
        FOR EACH STATEMENT EXECUTE FUNCTION termbank_refuse_unless_wiping('transfers are immutable; book a reversal');
    CREATE TRIGGER postings_wiped_only_by_reset BEFORE DELETE ON postings
        FOR EACH STATEMENT EXECUTE FUNCTION termbank_refuse_unless_wiping('postings are immutable; book a reversal');
    CREATE TRIGGER transfers_are_never_truncated BEFORE TRUNCATE ON transfers
        FOR EACH STATEMENT EXECUTE FUNCTION termbank_refuse('transfers are immutable; book a reversal');
    CREATE TRIGGER postings_are_never_truncated BEFORE TRUNCATE ON postings
        FOR EACH STATEMENT EXECUTE FUNCTION termbank_refuse('postings are immutable; book a reversal');

    -- Second factors: simulated devices, biometric switches, Verify requests,
    -- the simulated phone's inbox, and sessions.
    CREATE TABLE devices (
        id                  BIGSERIAL PRIMARY KEY,
        name                TEXT NOT NULL UNIQUE,
        biometry            TEXT NOT NULL CHECK (biometry IN ('touchid', 'faceid', 'none')),
        enrolled            BIGINT NOT NULL CHECK (enrolled IN (0, 1)),
        passcode_hash       TEXT,
        enrollment_state    TEXT,
        biometric_failures  BIGINT NOT NULL DEFAULT 0 CHECK (biometric_failures >= 0),
        biometry_locked     BIGINT NOT NULL DEFAULT 0 CHECK (biometry_locked IN (0, 1)),
        passcode_failures   BIGINT NOT NULL DEFAULT 0 CHECK (passcode_failures >= 0),
        passcode_retry_at   BIGINT,
        created_at          BIGINT NOT NULL
    );

    CREATE TABLE biometric_settings (
        user_id                  BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        device_id                BIGINT NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
        enabled                  BIGINT NOT NULL CHECK (enabled IN (0, 1)),
        enrollment_state         TEXT,
        reverification_required  BIGINT NOT NULL DEFAULT 0 CHECK (reverification_required IN (0, 1)),
        PRIMARY KEY (user_id, device_id)
    );

    -- Codes are never stored: only a salted, keyed hash bound to the purpose.
    CREATE TABLE verifications (
        id              TEXT PRIMARY KEY,
        user_id         BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        phone           TEXT NOT NULL,
        purpose         TEXT NOT NULL CHECK (purpose IN ('signin', 'transfer', 'confirm')),
        binding_digest  TEXT NOT NULL,
        code_salt       TEXT NOT NULL,
        code_hash       TEXT NOT NULL,
        code_length     BIGINT NOT NULL CHECK (code_length IN (4, 6)),
        status          TEXT NOT NULL CHECK (status IN ('IN PROGRESS', 'SUCCESS', 'FAILED', 'EXPIRED', 'CANCELLED')),
        created_at      BIGINT NOT NULL,
        expires_at      BIGINT NOT NULL,
        wrong_checks    BIGINT NOT NULL DEFAULT 0,
        events          BIGINT NOT NULL DEFAULT 1,
        last_event_at   BIGINT NOT NULL,
        finished_at     BIGINT
    );
    -- Verify's rule, enforced by the schema too: one request in progress per number.
    CREATE UNIQUE INDEX verifications_one_running_per_phone ON verifications(phone) WHERE status = 'IN PROGRESS';
    CREATE INDEX verifications_by_user ON verifications(user_id, created_at);

    CREATE TABLE sms_sends (
        id               BIGSERIAL PRIMARY KEY,
        phone            TEXT NOT NULL,
        user_id          BIGINT REFERENCES users(id) ON DELETE CASCADE,
        kind             TEXT NOT NULL DEFAULT 'code' CHECK (kind IN ('code', 'announcement')),
        verification_id  TEXT,
        event            BIGINT NOT NULL,
        at               BIGINT NOT NULL,
        CHECK ((kind = 'code') = (verification_id IS NOT NULL)),
        UNIQUE (verification_id, event)
    );
    CREATE INDEX sms_sends_by_phone ON sms_sends(phone, at);
    CREATE INDEX sms_sends_by_user ON sms_sends(user_id, at);

    -- Wrong SMS codes across requests locked this customer's SMS codes until then.
    CREATE TABLE sms_code_locks (
        user_id       BIGINT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        locked_until  BIGINT NOT NULL
    );

    -- The simulated phone: what a real phone would have received.
    CREATE TABLE phone_inbox (
        id       BIGSERIAL PRIMARY KEY,
        phone    TEXT NOT NULL,
        user_id  BIGINT,
        channel  TEXT NOT NULL CHECK (channel IN ('sms', 'voice')),
        text     TEXT NOT NULL,
        at       BIGINT NOT NULL
    );
    CREATE INDEX phone_inbox_by_phone ON phone_inbox(phone, id);

    -- Stronger second factors. Secrets only sealed (crypto_secretbox, key file outside the database).
    CREATE TABLE authenticators (
        user_id               BIGINT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        secret                TEXT,
        activated_at          BIGINT,
        pending_secret        TEXT,
        pending_started_at    BIGINT,
        previous_secret       TEXT,
        previous_valid_until  BIGINT,
        last_step             BIGINT,
        sign_in_with          TEXT NOT NULL DEFAULT 'totp' CHECK (sign_in_with IN ('totp', 'sms')),
        failures              BIGINT NOT NULL DEFAULT 0 CHECK (failures >= 0),
        locked_until          BIGINT,
        CHECK ((secret IS NULL) = (activated_at IS NULL)),
        CHECK ((pending_secret IS NULL) = (pending_started_at IS NULL)),
        CHECK ((previous_secret IS NULL) = (previous_valid_until IS NULL)),
        CHECK (secret IS NULL OR secret LIKE 'sb1:%'),
        CHECK (pending_secret IS NULL OR pending_secret LIKE 'sb1:%'),
        CHECK (previous_secret IS NULL OR previous_secret LIKE 'sb1:%')
    );

    CREATE TABLE recovery_codes (
        id          BIGSERIAL PRIMARY KEY,
        user_id     BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        code_hash   TEXT NOT NULL CHECK (code_hash LIKE '$argon2id$%'),
        created_at  BIGINT NOT NULL,
        used_at     BIGINT
    );
    CREATE INDEX recovery_codes_by_user ON recovery_codes(user_id);

    CREATE TABLE trusted_devices (
        id            BIGSERIAL PRIMARY KEY,
        user_id       BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        device_id     BIGINT NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
        token_digest  TEXT NOT NULL UNIQUE,
        created_at    BIGINT NOT NULL,
        expires_at    BIGINT NOT NULL,
        last_used_at  BIGINT,
        revoked_at    BIGINT,
        CHECK (expires_at > created_at)
    );
    CREATE INDEX trusted_devices_by_user ON trusted_devices(user_id, id);

    -- `seq` orders sessions started in the same millisecond (SQLite's rowid).
    CREATE TABLE sessions (
        id                 TEXT PRIMARY KEY,
        user_id            BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        device_id          BIGINT REFERENCES devices(id) ON DELETE SET NULL,
        started_at         BIGINT NOT NULL,
        last_activity_at   BIGINT NOT NULL,
        ended_at           BIGINT,
        end_reason         TEXT,
        trusted_device_id  BIGINT REFERENCES trusted_devices(id) ON DELETE SET NULL,
        seq                BIGINT GENERATED ALWAYS AS IDENTITY
    );
    CREATE INDEX sessions_by_user ON sessions(user_id, started_at);
    CREATE INDEX sessions_by_device ON sessions(device_id, started_at);

    -- An authenticator step-up: the accepted step and the transfer it approved,
    -- written with the booking. One step approves at most one thing.
    CREATE TABLE stepup_confirmations (
        id               BIGSERIAL PRIMARY KEY,
        user_id          BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        method           TEXT NOT NULL CHECK (method IN ('totp')),
        step             BIGINT NOT NULL,
        transfer_digest  TEXT NOT NULL,
        client_id        TEXT NOT NULL,
        at               BIGINT NOT NULL,
        UNIQUE (user_id, method, step)
    );

    -- Which usernames completed a sign-in on which held device.
    CREATE TABLE known_sign_ins (
        identity   TEXT NOT NULL CHECK (char_length(identity) BETWEEN 1 AND 100),
        device_id  BIGINT NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
        username   TEXT NOT NULL,
        user_id    BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        first_at   BIGINT NOT NULL,
        last_at    BIGINT NOT NULL,
        PRIMARY KEY (identity, device_id, username)
    );
    CREATE INDEX known_sign_ins_by_user ON known_sign_ins(user_id);

    -- Demo guest customers: who made each (SSH key, client address), when it
    -- expires, and when `demo prune` removed it.
    CREATE TABLE demo_guests (
        user_id          BIGINT PRIMARY KEY REFERENCES users(id),
        key_fingerprint  TEXT,
        client_address   TEXT NOT NULL,
        created_at       BIGINT NOT NULL,
        expires_at       BIGINT NOT NULL,
        removed_at       BIGINT,
        CHECK (expires_at > created_at)
    );
    CREATE INDEX demo_guests_by_address ON demo_guests(client_address, created_at);
    CREATE INDEX demo_guests_by_key ON demo_guests(key_fingerprint, created_at);
    CREATE INDEX demo_guests_by_expiry ON demo_guests(expires_at) WHERE removed_at IS NULL;
    """
}
