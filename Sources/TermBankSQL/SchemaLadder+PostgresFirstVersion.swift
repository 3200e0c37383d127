extension SchemaLadder {
    /// PostgreSQL's first step, numbered 7: SQLite's tables as they stood at
    /// its version 7, in PostgreSQL's dialect (BIGINT for money, time and
    /// flags as there; PL/pgSQL triggers for the append-only tables), and
    /// `termbank_schema`, which holds the version and marks the database as
    /// TermBank's. The tables both engines make alike are
    /// `SchemaLadder+Tables`'; here are the rest, as they stood at 7.
    static let postgresqlFirstVersion = [
        """
        CREATE TABLE termbank_schema (
            version  BIGINT NOT NULL
        );
        INSERT INTO termbank_schema (version) VALUES (0);
        """,
        bankMeta(.postgresql),
        """
        -- Keys the tokens devices keep, so a token for one bank means nothing to another.
        INSERT INTO bank_meta (key, value) VALUES ('bank_id', replace(gen_random_uuid()::text, '-', ''));
        """,
        users(.postgresql),
        """
        CREATE UNIQUE INDEX users_one_per_phone ON users(phone);
        """,
        """
        -- Keyed by the typed (case-folded) username whether or not it exists, so
        -- throttling cannot be used to tell real accounts from made-up ones.
        CREATE TABLE signin_throttle (
            username        TEXT PRIMARY KEY,
            failures        BIGINT NOT NULL DEFAULT 0 CHECK (failures >= 0),
            locked_until    BIGINT,
            window_ends_at  BIGINT
        );
        CREATE INDEX signin_throttle_window ON signin_throttle (window_ends_at);
        """,
        accounts(.postgresql),
        transfers(.postgresql),
        postings(.postgresql),
        audit(.postgresql),
        """
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
        """,
        """
        -- The audit trail is append-only, whoever writes (TRUNCATE included).
        CREATE TRIGGER audit_is_append_only BEFORE UPDATE OR DELETE ON audit
            FOR EACH ROW EXECUTE FUNCTION termbank_refuse('audit rows are append-only');
        CREATE TRIGGER audit_is_never_truncated BEFORE TRUNCATE ON audit
            FOR EACH STATEMENT EXECUTE FUNCTION termbank_refuse('audit rows are append-only');
        """,
        """
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
        """,
        devices(.postgresql),
        biometricSettings(.postgresql),
        verifications(.postgresql),
        """
        -- Verify's rule, enforced by the schema too: one request in progress per number.
        CREATE UNIQUE INDEX verifications_one_running_per_phone ON verifications(phone) WHERE status = 'IN PROGRESS';
        CREATE INDEX verifications_by_user ON verifications(user_id, created_at);
        """,
        smsSends(.postgresql),
        """
        CREATE INDEX sms_sends_by_phone ON sms_sends(phone, at);
        CREATE INDEX sms_sends_by_user ON sms_sends(user_id, at);
        """,
        smsCodeLocks(.postgresql),
        phoneInbox(.postgresql),
        authenticators(.postgresql),
        recoveryCodes(.postgresql),
        trustedDevices(.postgresql),
        """
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
        """,
        stepUpConfirmations(.postgresql),
        knownSignIns(.postgresql),
        demoGuests(.postgresql),
    ].joined(separator: "\n\n")
}
