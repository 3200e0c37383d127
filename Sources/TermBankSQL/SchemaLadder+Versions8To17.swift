import TermBankCore

// Versions 8 to 17, on both engines.
extension SchemaLadder {
    /// Payments between customers: a `payment` kind, the payer's reference
    /// on any transfer (up to 35 characters, checked by the core too), and the
    /// name on each account for confirmation of payee. SQLite cannot change a
    /// CHECK in place, so `transfers` is rebuilt with its rows and ids
    /// (postings point at them: the foreign keys are checked at the commit),
    /// and its immutability triggers are made again; PostgreSQL changes the
    /// CHECK in place, so nothing is rebuilt and the triggers stay.
    static let version8 = Migration(
        8, sqlite: """
    ALTER TABLE users ADD COLUMN display_name TEXT
        CHECK (display_name IS NULL OR length(display_name) BETWEEN 1 AND 64);

    CREATE TABLE transfers_v8 (
        id                 INTEGER PRIMARY KEY AUTOINCREMENT,
        client_id          TEXT NOT NULL UNIQUE,
        kind               TEXT NOT NULL CHECK (kind IN ('transfer', 'opening', 'deposit', 'reversal', 'payment')),
        from_account       INTEGER NOT NULL REFERENCES accounts(id),
        to_account         INTEGER NOT NULL REFERENCES accounts(id),
        amount             INTEGER NOT NULL CHECK (amount > 0),
        reverses           INTEGER UNIQUE REFERENCES transfers(id),
        booked_at          INTEGER NOT NULL,
        session_id         TEXT,
        device_id          TEXT,
        payment_reference  TEXT CHECK (payment_reference IS NULL OR length(payment_reference) BETWEEN 1 AND 35),
        CHECK (from_account <> to_account),
        CHECK ((kind = 'reversal') = (reverses IS NOT NULL))
    ) STRICT;
    INSERT INTO transfers_v8 (id, client_id, kind, from_account, to_account, amount, reverses, booked_at, session_id, device_id)
        SELECT id, client_id, kind, from_account, to_account, amount, reverses, booked_at, session_id, device_id
        FROM transfers;
    -- Keep AUTOINCREMENT's high-water mark: a reference is never given out twice.
    DELETE FROM sqlite_sequence WHERE name = 'transfers_v8';
    UPDATE sqlite_sequence SET name = 'transfers_v8' WHERE name = 'transfers';
    DROP TABLE transfers;
    ALTER TABLE transfers_v8 RENAME TO transfers;
    CREATE TRIGGER transfers_are_immutable BEFORE UPDATE ON transfers
    BEGIN SELECT RAISE(ABORT, 'transfers are immutable; book a reversal'); END;
    CREATE TRIGGER transfers_wiped_only_by_reset BEFORE DELETE ON transfers
    WHEN (SELECT value FROM bank_meta WHERE key = 'wiping') IS NOT 'yes'
    BEGIN SELECT RAISE(ABORT, 'transfers are immutable; book a reversal'); END;
    -- The daily limit sums a customer's payments of the day; recent payees read them newest first.
    CREATE INDEX transfers_payments_by_payer ON transfers(from_account, booked_at) WHERE kind = 'payment';
    """, postgresql: """
    ALTER TABLE users ADD COLUMN display_name TEXT
        CHECK (display_name IS NULL OR char_length(display_name) BETWEEN 1 AND 64);
    ALTER TABLE transfers DROP CONSTRAINT transfers_kind_check;
    ALTER TABLE transfers ADD CONSTRAINT transfers_kind_check
        CHECK (kind IN ('transfer', 'opening', 'deposit', 'reversal', 'payment'));
    ALTER TABLE transfers ADD COLUMN payment_reference TEXT
        CHECK (payment_reference IS NULL OR char_length(payment_reference) BETWEEN 1 AND 35);
    -- The daily limit sums a customer's payments of the day; recent payees read them newest first.
    CREATE INDEX transfers_payments_by_payer ON transfers(from_account, booked_at) WHERE kind = 'payment';
    """, rebuildsReferencedTables: true)

    /// The language each user chose in the app: a code such as "pt-BR", or
    /// NULL until they choose. Kept as a code, not checked against today's
    /// list, so a language added later needs no migration.
    static let version9 = Migration(9, both: { engine in """
    ALTER TABLE users ADD COLUMN language TEXT CHECK (language IS NULL OR \(engine.length)(language) BETWEEN 2 AND 12);
    """ })

    /// The whole history, paged (decision 24): each posting carries its
    /// transfer's booking time, so a customer's postings over a span of days
    /// (the balance chart, an export's dates) are one index range instead of
    /// a walk through their whole history joined to the transfers. Postings
    /// are immutable, so the copy cannot drift; `checkInvariants` compares it.
    /// The immutability trigger is off only for the copy, inside this
    /// migration's transaction: dropped and made again on SQLite, disabled
    /// and enabled on PostgreSQL.
    static let version10 = Migration(
        10, sqlite: """
    ALTER TABLE postings ADD COLUMN booked_at INTEGER NOT NULL DEFAULT 0;
    DROP TRIGGER postings_are_immutable;
    UPDATE postings SET booked_at = (SELECT t.booked_at FROM transfers t WHERE t.id = postings.transfer_id);
    CREATE TRIGGER postings_are_immutable BEFORE UPDATE ON postings
    BEGIN SELECT RAISE(ABORT, 'postings are immutable; book a reversal'); END;
    CREATE INDEX postings_by_account_time ON postings(account_id, booked_at);
    """, postgresql: """
    ALTER TABLE postings ADD COLUMN booked_at BIGINT NOT NULL DEFAULT 0;
    ALTER TABLE postings DISABLE TRIGGER postings_are_immutable;
    UPDATE postings SET booked_at = t.booked_at FROM transfers t WHERE t.id = postings.transfer_id;
    ALTER TABLE postings ENABLE TRIGGER postings_are_immutable;
    CREATE INDEX postings_by_account_time ON postings(account_id, booked_at);
    """)

    /// Text stored before decision 35 composed (NFC), so a search finds it
    /// however it was typed (`StoredTextComposition`, decision 36). The
    /// composing is Swift's, run after the SQL in this transaction; the
    /// transfers' immutability trigger is off only around it, as version 10
    /// did for postings, and only `payment_reference` is written.
    static let version11 = Migration(
        11, sqlite: """
    DROP TRIGGER transfers_are_immutable;
    """, postgresql: """
    ALTER TABLE transfers DISABLE TRIGGER transfers_are_immutable;
    """, after: composeStoredText)

    /// Version 11's Swift: composes the stored text, then puts the transfers'
    /// immutability trigger back as the engine had it.
    static func composeStoredText(db: any SQLConnection, engine: SQLEngine, path: String) throws {
        _ = try StoredTextComposition.compose(db: db, normalizer: CanonicalText.normalizer, path: path)
        switch engine {
        case .sqlite:
            try db.executeScript("""
                CREATE TRIGGER transfers_are_immutable BEFORE UPDATE ON transfers
                BEGIN SELECT RAISE(ABORT, 'transfers are immutable; book a reversal'); END;
                """)
        case .postgresql:
            try db.executeScript("ALTER TABLE transfers ENABLE TRIGGER transfers_are_immutable;")
        }
    }

    /// Which spelling each password hash was made from (decision 37):
    /// 'as-typed' for every hash made before, whose spelling nobody knows,
    /// so sign-in tries every spelling; 'nfkc' from now on, and after a
    /// sign-in upgrades one. Demo guests' passwords are generated ASCII,
    /// their own NFKC. The partial index answers "does any remain?" at once.
    static let version12 = Migration(12, both: { _ in """
    ALTER TABLE users ADD COLUMN password_form TEXT NOT NULL DEFAULT 'as-typed'
        CHECK (password_form IN ('as-typed', 'nfkc'));
    UPDATE users SET password_form = 'nfkc' WHERE id IN (SELECT user_id FROM demo_guests);
    CREATE INDEX users_password_as_typed ON users(id) WHERE password_form = 'as-typed';
    """ })

    /// Wrong passwords at the shared demo count per name and origin
    /// (decision 40): the throttle's key becomes the name and the origin,
    /// '' for a name's own count (every row so far, and every real bank's).
    /// SQLite cannot change a primary key, so the table is copied (nothing
    /// references it); PostgreSQL changes the key in place.
    static let version13 = Migration(
        13, sqlite: """
    CREATE TABLE signin_throttle_by_origin (
        username        TEXT NOT NULL,
        origin          TEXT NOT NULL DEFAULT '' CHECK (length(origin) <= 120),
        failures        INTEGER NOT NULL DEFAULT 0 CHECK (failures >= 0),
        locked_until    INTEGER,
        window_ends_at  INTEGER,
        PRIMARY KEY (username, origin)
    ) STRICT;
    INSERT INTO signin_throttle_by_origin (username, origin, failures, locked_until, window_ends_at)
        SELECT username, '', failures, locked_until, window_ends_at FROM signin_throttle;
    DROP TABLE signin_throttle;
    ALTER TABLE signin_throttle_by_origin RENAME TO signin_throttle;
    CREATE INDEX signin_throttle_window ON signin_throttle (window_ends_at);
    """, postgresql: """
    ALTER TABLE signin_throttle ADD COLUMN origin TEXT NOT NULL DEFAULT '' CHECK (char_length(origin) <= 120);
    ALTER TABLE signin_throttle DROP CONSTRAINT signin_throttle_pkey;
    ALTER TABLE signin_throttle ADD PRIMARY KEY (username, origin);
    """)

    /// A code replaced by a newer one for another request of the same
    /// customer is `SUPERSEDED`, not `CANCELLED`, so the session holding it
    /// can be told why it stopped working (decision 43). SQLite cannot change
    /// a CHECK in place, so the table is rebuilt with its rows (nothing
    /// references it yet); PostgreSQL changes the CHECK in place.
    static let version14 = Migration(
        14, sqlite: """
    CREATE TABLE verifications_v14 (
        id              TEXT PRIMARY KEY,
        user_id         INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        phone           TEXT NOT NULL,
        purpose         TEXT NOT NULL CHECK (purpose IN ('signin', 'transfer', 'confirm')),
        binding_digest  TEXT NOT NULL,
        code_salt       TEXT NOT NULL,
        code_hash       TEXT NOT NULL,
        code_length     INTEGER NOT NULL CHECK (code_length IN (4, 6)),
        status          TEXT NOT NULL
            CHECK (status IN ('IN PROGRESS', 'SUCCESS', 'FAILED', 'EXPIRED', 'CANCELLED', 'SUPERSEDED')),
        created_at      INTEGER NOT NULL,
        expires_at      INTEGER NOT NULL,
        wrong_checks    INTEGER NOT NULL DEFAULT 0,
        events          INTEGER NOT NULL DEFAULT 1,
        last_event_at   INTEGER NOT NULL,
        finished_at     INTEGER
    ) STRICT;
    INSERT INTO verifications_v14 SELECT id, user_id, phone, purpose, binding_digest, code_salt, code_hash, code_length,
        status, created_at, expires_at, wrong_checks, events, last_event_at, finished_at FROM verifications;
    DROP TABLE verifications;
    ALTER TABLE verifications_v14 RENAME TO verifications;
    CREATE UNIQUE INDEX verifications_one_running_per_phone ON verifications(phone) WHERE status = 'IN PROGRESS';
    CREATE INDEX verifications_by_user ON verifications(user_id, created_at);
    """, postgresql: """
    ALTER TABLE verifications DROP CONSTRAINT verifications_status_check;
    ALTER TABLE verifications ADD CONSTRAINT verifications_status_check
        CHECK (status IN ('IN PROGRESS', 'SUCCESS', 'FAILED', 'EXPIRED', 'CANCELLED', 'SUPERSEDED'));
    """)

    /// At the shared demo, the hourly SMS limits and the lock on wrong
    /// second-factor codes count per origin too (decision 46). Each send
    /// records whose count it is in: '' for everyone's (every real bank's,
    /// and every send before). A demo origin's run of wrong authenticator
    /// and recovery codes has a row of its own; the customer's own run stays
    /// on the authenticator's row.
    static let version15 = Migration(15, both: { engine in """
    ALTER TABLE sms_sends ADD COLUMN origin TEXT NOT NULL DEFAULT '' CHECK (\(engine.length)(origin) <= 120);
    CREATE INDEX sms_sends_by_demo_origin ON sms_sends(user_id, origin, at) WHERE origin <> '';
    CREATE TABLE second_factor_throttle (
        user_id       \(engine.integer) NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        origin        TEXT NOT NULL CHECK (\(engine.length)(origin) BETWEEN 1 AND 120),
        failures      \(engine.integer) NOT NULL DEFAULT 0 CHECK (failures >= 0),
        locked_until  \(engine.integer),
        PRIMARY KEY (user_id, origin)
    )\(engine.tableOptions);
    """ })

    /// Who waits on each running request (decision 49): a terminal leaving
    /// gives up its own wait, and the request is cancelled only when no one
    /// waits on it. Rows go with their request (the store drops them when it
    /// ends; a deleted request takes its rows). A later rebuild of
    /// `verifications` on SQLite must keep these rows (`rebuildsReferencedTables`).
    static let version16 = Migration(16, both: { engine in """
    CREATE TABLE verification_holders (
        verification_id  TEXT NOT NULL REFERENCES verifications(id) ON DELETE CASCADE,
        holder           TEXT NOT NULL CHECK (\(engine.length)(holder) BETWEEN 1 AND 64),
        PRIMARY KEY (verification_id, holder)
    )\(engine.keyedTableOptions);
    """ })

    /// At the shared demo, a phone's biometric and passcode lock-outs count
    /// per origin too (decision 68): the picker's phones are everyone's, and
    /// one stakeholder's failures locked them for all. A demo origin's
    /// counters have a row of their own (none: a clean slate); the device's
    /// row keeps the counters of every real bank.
    static let version17 = Migration(17, both: { engine in """
    CREATE TABLE device_throttle (
        device_id           \(engine.integer) NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
        origin              TEXT NOT NULL CHECK (\(engine.length)(origin) BETWEEN 1 AND 120),
        biometric_failures  \(engine.integer) NOT NULL DEFAULT 0 CHECK (biometric_failures >= 0),
        biometry_locked     \(engine.integer) NOT NULL DEFAULT 0 CHECK (biometry_locked IN (0, 1)),
        passcode_failures   \(engine.integer) NOT NULL DEFAULT 0 CHECK (passcode_failures >= 0),
        passcode_retry_at   \(engine.integer),
        PRIMARY KEY (device_id, origin)
    )\(engine.keyedTableOptions);
    """ })
}
