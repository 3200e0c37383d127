import TermBankCore

// An endpoint's default: it throws `BankingClient.Unimplemented` naming the
// endpoint, whatever it is asked. One function per arity, so each endpoint
// is declared once, with its default, and no client repeats it in an init.

func unimplemented<R>(_ endpoint: String) -> @Sendable () throws -> R {
    { throw BankingClient.Unimplemented(endpoint) }
}

func unimplemented<A, R>(_ endpoint: String) -> @Sendable (A) throws -> R {
    { _ in throw BankingClient.Unimplemented(endpoint) }
}

func unimplemented<A, B, R>(_ endpoint: String) -> @Sendable (A, B) throws -> R {
    { _, _ in throw BankingClient.Unimplemented(endpoint) }
}

func unimplemented<A, B, C, R>(_ endpoint: String) -> @Sendable (A, B, C) throws -> R {
    { _, _, _ in throw BankingClient.Unimplemented(endpoint) }
}

func unimplemented<A, B, C, D, R>(_ endpoint: String) -> @Sendable (A, B, C, D) throws -> R {
    { _, _, _, _ in throw BankingClient.Unimplemented(endpoint) }
}
