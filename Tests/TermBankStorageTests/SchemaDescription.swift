import TermBankSQL

/// What a database's schema is, read back from the engine's own catalog, in
/// two forms:
///
/// - `exact`: everything the engine keeps (SQLite's `sqlite_schema` text;
///   PostgreSQL's columns in order, constraint, index, trigger and function
///   definitions), for comparing two databases of one engine;
/// - `facts`: what both engines can say in the same words (tables, columns
///   with their types as mapped, keys, unique constraints, indexes, foreign
///   keys, what each CHECK reads and the literals it compares with, which
///   tables have triggers), for comparing SQLite with PostgreSQL.
///
/// Both are sorted lists of lines, so a difference reads as lines missing or extra.
struct SchemaDescription: Equatable {
    var exact: [String]
    var facts: [String]

    // MARK: SQLite

    static func sqlite(_ db: any SQLConnection) throws -> SchemaDescription {
        let exact = try db.query("SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name")
            .map { "\($0.text(0)) \($0.text(1)) on \($0.text(2)): \($0.optionalText(3) ?? "-")" }
        var facts: [String] = []
        let tables = try db.query("""
            SELECT name, sql FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
            ORDER BY name
            """).map { ($0.text(0), $0.text(1)) }
        for (table, sql) in tables {
            facts.append("table \(table)")
            let columns = try db.query("SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info(?) ORDER BY cid",
                                       [table])
            var key: [(Int64, String)] = []
            for column in columns {
                let name = column.text(0)
                let isKey = column.int(4) > 0
                if isKey { key.append((column.int(4), name)) }
                facts.append(columnFact(table, name, type: mappedType(column.text(1)),
                                        notNull: column.int(2) != 0 || isKey, defaultValue: column.optionalText(3)))
            }
            if !key.isEmpty {
                facts.append("primary key \(table)(\(key.sorted { $0.0 < $1.0 }.map(\.1).joined(separator: ", ")))")
            }
            for index in try db.query("SELECT name, \"unique\", origin, partial FROM pragma_index_list(?)", [table]) {
                let name = index.text(0)
                let columns = try db.query("SELECT name FROM pragma_index_info(?) ORDER BY seqno", [name])
                    .map { $0.text(0) }.joined(separator: ", ")
                switch index.text(2) {
                case "u": facts.append("unique \(table)(\(columns))")
                case "c":
                    let definition = try db.query("SELECT sql FROM sqlite_schema WHERE name = ?", [name]).first?.text(0) ?? ""
                    let predicate = definition.split(separator: " WHERE ", maxSplits: 1).dropFirst().first.map(String.init)
                    facts.append(indexFact(name, table, columns, unique: index.int(1) != 0, predicate: predicate))
                default: break // the primary key's own index
                }
            }
            for key in try db.query("SELECT \"from\", \"table\", \"to\", on_delete FROM pragma_foreign_key_list(?)", [table]) {
                facts.append("foreign key \(table)(\(key.text(0))) -> \(key.text(1))(\(key.text(2))) on delete \(key.text(3).lowercased())")
            }
            let names = Set(columns.map { $0.text(0) })
            for check in checkExpressions(in: sql) {
                facts.append(checkFact(table, columns: identifiers(in: check).filter { names.contains($0) }, definition: check))
            }
        }
        let guarded = try db.query("SELECT DISTINCT tbl_name FROM sqlite_schema WHERE type = 'trigger' ORDER BY tbl_name")
        facts += guarded.map { "triggers on \($0.text(0))" }
        return SchemaDescription(exact: exact, facts: facts.sorted())
    }

    /// The bodies of the CHECK constraints in a CREATE TABLE statement
    /// (SQLite keeps no other record of them): the text inside each
    /// `CHECK (…)`, parentheses balanced, quoted text skipped.
    static func checkExpressions(in sql: String) -> [String] {
        let characters = Array(sql)
        var found: [String] = []
        var index = 0
        var quoted = false
        while index < characters.count {
            let character = characters[index]
            if character == "'" { quoted.toggle() }
            if !quoted, String(characters[index..<min(index + 5, characters.count)]).uppercased() == "CHECK",
               index == 0 || !(characters[index - 1].isLetter || characters[index - 1] == "_") {
                var cursor = index + 5
                while cursor < characters.count, characters[cursor] == " " || characters[cursor] == "\n" { cursor += 1 }
                guard cursor < characters.count, characters[cursor] == "(" else { index += 1; continue }
                var depth = 0
                var inner = false
                let start = cursor
                while cursor < characters.count {
                    let c = characters[cursor]
                    if c == "'" { inner.toggle() }
                    if !inner, c == "(" { depth += 1 }
                    if !inner, c == ")" { depth -= 1; if depth == 0 { break } }
                    cursor += 1
                }
                found.append(String(characters[(start + 1)..<cursor]))
                index = cursor
            }
            index += 1
        }
        return found
    }

    // MARK: PostgreSQL

    static func postgres(_ db: any SQLConnection) throws -> SchemaDescription {
        let schema = try db.query("SELECT current_schema()").first?.text(0) ?? ""
        // Object definitions name the schema, which is a fresh one per test.
        func unqualified(_ text: String) -> String {
            text.split(separator: schema + ".", omittingEmptySubsequences: false).joined()
                .split(separator: schema, omittingEmptySubsequences: false).joined(separator: "SCHEMA")
        }
        var exact: [String] = []
        exact += try db.query("""
            SELECT c.relname, a.attnum, a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull,
                   coalesce(pg_get_expr(d.adbin, d.adrelid), '-'), a.attidentity
            FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
            LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
            WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
            ORDER BY c.relname, a.attnum
            """).map { "column \($0.text(0)) \($0.int(1)) \($0.text(2)) \($0.text(3)) notnull=\($0.text(4)) default=\($0.text(5)) identity=\($0.text(6))" }
        exact += try db.query("""
            SELECT c.relname, k.conname, pg_get_constraintdef(k.oid)
            FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
            WHERE c.relnamespace = current_schema()::regnamespace ORDER BY c.relname, k.conname
            """).map { "constraint \($0.text(0)) \($0.text(1)): \($0.text(2))" }
        exact += try db.query("""
            SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY indexname
            """).map { "index \($0.text(0)): \(unqualified($0.text(1)))" }
        exact += try db.query("""
            SELECT t.tgname, pg_get_triggerdef(t.oid), t.tgenabled
            FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
            WHERE c.relnamespace = current_schema()::regnamespace AND NOT t.tgisinternal ORDER BY t.tgname
            """).map { "trigger \($0.text(0)) enabled=\($0.text(2)): \(unqualified($0.text(1)))" }
        exact += try db.query("""
            SELECT p.proname, pg_get_functiondef(p.oid) FROM pg_proc p
            WHERE p.pronamespace = current_schema()::regnamespace ORDER BY p.proname
            """).map { "function \($0.text(0)): \(unqualified($0.text(1)))" }
        exact += try db.query("""
            SELECT relname FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind = 'S' ORDER BY relname
            """).map { "sequence \($0.text(0))" }

        var facts: [String] = []
        let tables = try db.query("""
            SELECT relname FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r' ORDER BY relname
            """).map { $0.text(0) }
        for table in tables {
            facts.append("table \(table)")
            for column in try db.query("""
                SELECT column_name, data_type, is_nullable, column_default FROM information_schema.columns
                WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position
                """, [table]) {
                facts.append(columnFact(table, column.text(0), type: mappedType(column.text(1)),
                                        notNull: column.text(2) == "NO", defaultValue: column.optionalText(3)))
            }
            let constraints = try db.query("""
                SELECT k.contype,
                       (SELECT string_agg(a.attname, ', ' ORDER BY u.n) FROM unnest(k.conkey) WITH ORDINALITY u(attnum, n)
                        JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = u.attnum),
                       k.confrelid::regclass::text,
                       (SELECT string_agg(a.attname, ', ' ORDER BY u.n) FROM unnest(k.confkey) WITH ORDINALITY u(attnum, n)
                        JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = u.attnum),
                       k.confdeltype, pg_get_constraintdef(k.oid)
                FROM pg_constraint k WHERE k.conrelid = ?::regclass
                """, [table])
            for constraint in constraints {
                let columns = constraint.text(1)
                switch constraint.text(0) {
                case "p": facts.append("primary key \(table)(\(columns))")
                case "u": facts.append("unique \(table)(\(columns))")
                case "f":
                    let onDelete = ["a": "no action", "c": "cascade", "n": "set null", "r": "restrict", "d": "set default"]
                    facts.append("foreign key \(table)(\(columns)) -> \(constraint.text(2))(\(constraint.text(3))) "
                                 + "on delete \(onDelete[constraint.text(4)] ?? constraint.text(4))")
                case "c":
                    facts.append(checkFact(table, columns: columns.split(separator: ", ").map(String.init),
                                           definition: constraint.text(5)))
                default: facts.append("constraint \(constraint.text(0)) on \(table)")
                }
            }
            for index in try db.query("""
                SELECT i.relname, x.indisunique, pg_get_expr(x.indpred, x.indrelid),
                       (SELECT string_agg(a.attname, ', ' ORDER BY u.n) FROM unnest(x.indkey) WITH ORDINALITY u(attnum, n)
                        JOIN pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = u.attnum)
                FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid
                WHERE x.indrelid = ?::regclass
                  AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid AND k.conrelid = x.indrelid
                                  AND k.contype IN ('p', 'u'))
                """, [table]) {
                facts.append(indexFact(index.text(0), table, index.text(3), unique: index.text(1) == "t",
                                       predicate: index.optionalText(2)))
            }
        }
        let guarded = try db.query("""
            SELECT DISTINCT c.relname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
            WHERE c.relnamespace = current_schema()::regnamespace AND NOT t.tgisinternal ORDER BY c.relname
            """)
        facts += guarded.map { "triggers on \($0.text(0))" }
        return SchemaDescription(exact: exact.map(unqualified), facts: facts.sorted())
    }

    // MARK: Facts in both engines' words

    /// SQLite's INTEGER is PostgreSQL's BIGINT: both 64 bits.
    static func mappedType(_ type: String) -> String {
        switch type.lowercased() {
        case "integer", "bigint": "integer"
        case "text": "text"
        default: "other: \(type.lowercased())"
        }
    }

    static func columnFact(_ table: String, _ column: String, type: String, notNull: Bool, defaultValue: String?) -> String {
        "column \(table).\(column) \(type)\(notNull ? " not null" : "") default \(normalizedDefault(defaultValue))"
    }

    /// PostgreSQL spells a default with its cast (`''::text`) and a serial
    /// column's as its sequence; SQLite's rowid alias has none.
    static func normalizedDefault(_ value: String?) -> String {
        guard let value, !value.hasPrefix("nextval(") else { return "-" }
        return stripped(value)
    }

    static func indexFact(_ name: String, _ table: String, _ columns: String, unique: Bool, predicate: String?) -> String {
        "index \(name) on \(table)(\(columns))\(unique ? " unique" : "")" + (predicate.map { " where \(stripped($0))" } ?? "")
    }

    /// A CHECK by the columns it reads and the literals it compares them
    /// with: the engines spell the same rule differently (`BETWEEN 2 AND 32`
    /// is PostgreSQL's `>= 2 AND <= 32`, `IN (…)` its `= ANY (ARRAY[…])`),
    /// but a rule changed on one engine only changes these.
    static func checkFact(_ table: String, columns: [String], definition: String) -> String {
        "check \(table)(\(columns.sorted().joined(separator: ", "))) \(literals(in: definition).sorted().joined(separator: ", "))"
    }

    /// Quoted strings and whole numbers, in order.
    static func literals(in text: String) -> [String] {
        var found: [String] = []
        var current = ""
        var quoted = false
        for character in text {
            if quoted {
                if character == "'" { found.append("'\(current)'"); current = ""; quoted = false } else { current.append(character) }
                continue
            }
            if character == "'" {
                if !current.isEmpty, current.allSatisfy(\.isNumber) { found.append(current) }
                current = ""
                quoted = true
            } else if character.isLetter || character.isNumber || character == "_" {
                current.append(character)
            } else {
                if !current.isEmpty, current.allSatisfy(\.isNumber) { found.append(current) }
                current = ""
            }
        }
        if !current.isEmpty, current.allSatisfy(\.isNumber) { found.append(current) }
        return found
    }

    /// Words outside quotes.
    static func identifiers(in text: String) -> [String] {
        var found: [String] = []
        var current = ""
        var quoted = false
        for character in text {
            if character == "'" { quoted.toggle(); current = ""; continue }
            if quoted { continue }
            if character.isLetter || character.isNumber || character == "_" {
                current.append(character)
            } else {
                if !current.isEmpty { found.append(current) }
                current = ""
            }
        }
        if !current.isEmpty { found.append(current) }
        return Array(Set(found))
    }

    /// Without casts, parentheses and spaces, which only PostgreSQL's deparsing adds.
    static func stripped(_ text: String) -> String {
        var result = text
        for cast in ["::text", "::bigint"] {
            result = result.split(separator: cast, omittingEmptySubsequences: false).joined()
        }
        return String(result.filter { $0 != "(" && $0 != ")" && $0 != " " && $0 != "\n" })
    }
}
