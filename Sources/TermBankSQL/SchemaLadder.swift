import TermBankCore

/// The bank's schema as one list of numbered migrations, for both engines
/// (decision 88): each has its SQLite and its PostgreSQL text (one text
/// where the spellings of `SQLEngine` suffice), and the Swift that runs
/// around it. One number means the same tables on both engines; each
/// migration runs in its own transaction, so a crash leaves a database at
/// one version or the next, never in between.
package enum SchemaLadder {
    package static let migrations: [Migration] = [
        version1, version2, version3, version4, version5, version6, version7, version8, version9,
        version10, version11, version12, version13, version14, version15, version16, version17,
        version18,
    ]

    package static var latestVersion: Int { migrations.last!.version }

    /// Brings the host's database up to `target` (the latest by default;
    /// tests stop earlier to make a database as an older TermBank left it).
    /// Refuses one written by a newer TermBank, and leaves one that is up
    /// to date untouched.
    package static func migrate(_ host: some MigrationHost, upTo target: Int = latestVersion) throws {
        func refuseNewer(_ found: Int) throws {
            guard found > latestVersion else { return }
            throw StoreError.newerSchema(path: host.path, found: found, supported: latestVersion)
        }
        let found = try host.version()
        try refuseNewer(found)
        guard found < target else { return }
        try host.checkWritable()
        for migration in migrations where migration.version > found && migration.version <= target {
            guard let script = migration.script(on: host.engine) else { continue }
            try host.transaction(for: migration) {
                // Another process may have migrated while this one waited for the lock.
                let now = try host.version()
                try refuseNewer(now)
                guard now < migration.version else { return }
                try migration.check?(host.connection, host.path)
                if now == 0 { try host.claim() }
                try host.connection.executeScript(script)
                try migration.after?(host.connection, host.engine, host.path)
                try host.record(migration)
            }
        }
    }
}
