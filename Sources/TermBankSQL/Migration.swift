/// One step of the schema ladder (`SchemaLadder`): its number, its SQL on
/// each engine, and the Swift that runs before and after the SQL in the
/// same transaction.
package struct Migration: Sendable {
    package typealias Check = @Sendable (_ db: any SQLConnection, _ path: String) throws -> Void
    package typealias After = @Sendable (_ db: any SQLConnection, _ engine: SQLEngine, _ path: String) throws -> Void

    package let version: Int
    /// nil where the engine has no step of this number: PostgreSQL starts at
    /// 7, which makes there at once what SQLite's 1 to 7 made one by one.
    private let sqlite: String?
    private let postgresql: String?
    /// What must hold before the SQL runs; a refusal leaves the database as it was.
    package let check: Check?
    /// What runs after the SQL (Swift the SQL cannot do: composing text).
    package let after: After?
    /// On SQLite, the SQL rebuilds a table that other tables' foreign keys
    /// name: it runs with them off (they cannot change inside a
    /// transaction) and every key is checked before the commit.
    package let rebuildsReferencedTables: Bool

    /// A step the engines take differently (SQLite rebuilds a table where
    /// PostgreSQL alters it in place), or that one of them does not take.
    init(_ version: Int, sqlite: String?, postgresql: String?, check: Check? = nil, after: After? = nil,
         rebuildsReferencedTables: Bool = false) {
        self.version = version
        self.sqlite = sqlite
        self.postgresql = postgresql
        self.check = check
        self.after = after
        self.rebuildsReferencedTables = rebuildsReferencedTables
    }

    /// A step written once, in each engine's spellings.
    init(_ version: Int, both text: (SQLEngine) -> String, after: After? = nil) {
        self.init(version, sqlite: text(.sqlite), postgresql: text(.postgresql), after: after)
    }

    /// The SQL this step runs on `engine`, or nil if it takes no such step.
    package func script(on engine: SQLEngine) -> String? {
        switch engine {
        case .sqlite: sqlite
        case .postgresql: postgresql
        }
    }
}
