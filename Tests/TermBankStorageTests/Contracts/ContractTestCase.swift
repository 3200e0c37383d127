import XCTest

/// A contract's tests, written once and run on each backend: each test runs
/// its check on SQLite (a temporary file), then on PostgreSQL (a fresh schema
/// of the test run's throwaway cluster). One class per backend, inheriting
/// the tests, would be the usual shape, but XCTest on Linux does not find
/// inherited tests (decision 90): theirs would silently not run.
class ContractTestCase: XCTestCase {
    enum Backend: String, CaseIterable {
        case sqlite = "SQLite"
        case postgres = "PostgreSQL"

        /// A fresh demo bank on this backend, for each contract check.
        var make: MakeContractBackend {
            switch self {
            case .sqlite: return SQLiteContractBackend.make
            case .postgres: return PostgresContractBackend.make
            }
        }

        /// A bank at schema 10 on this backend, for the migrations' contracts.
        var schemaTen: () throws -> SchemaTenBank {
            switch self {
            case .sqlite: return SQLiteSchemaTenBank.make
            case .postgres: return PostgresSchemaTenBank.make
            }
        }
    }

    /// The backend the check runs on now.
    private(set) var on: Backend = .sqlite
    private var running = false

    /// Backends whose stores must live as long as the test (a temporary folder, a connection).
    private var kept: [ContractBackend] = []

    /// Runs `check` on each backend in turn; a failure says which backend it was on.
    func onEachBackend(_ check: () throws -> Void) throws {
        running = true
        defer { running = false }
        for backend in Backend.allCases {
            on = backend
            try check()
        }
    }

    /// A fresh backend on the current one, open for the rest of the test.
    func keptBackend() throws -> ContractBackend {
        let backend = try on.make()
        kept.append(backend)
        return backend
    }

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
                                expected: Bool) {
        super.recordFailure(withDescription: (running ? "on \(on.rawValue): " : "") + description, inFile: filePath,
                            atLine: lineNumber, expected: expected)
    }
}
