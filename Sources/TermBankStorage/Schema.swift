/// The database schema as numbered migrations. `PRAGMA user_version` holds
/// the number of the last one applied; each runs in its own transaction, so a
/// crash leaves the file at one version or the next, never in between.
enum Schema {
    /// "TBNK": marks the file as TermBank's in the SQLite header, so any other
    /// SQLite file is refused instead of being migrated into.
    static let applicationID: Int32 = 0x5442_4E4B

    static let migrations: [(version: Int, sql: String)] = [
        (1, version1),
    ]

    static var latestVersion: Int { migrations.last!.version }

    private static let version1 = """
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
    """
}
