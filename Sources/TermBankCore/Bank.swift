/// The bank's operations on top of a store: the rules that do not depend on
/// how money is stored (validation, password policy, reversals), leaving the
/// store to make each change atomic.
public struct Bank: Sendable {
    public let store: BankStore
    public let hasher: PasswordHasher
    public let passwordPolicy: PasswordPolicy
    public let clock: TimeSource
    public let random: RandomSource
    public let amountParser: AmountParser
    /// The daily limit on payments to other customers (`--daily-limit`).
    public let payments: PaymentPolicy
    /// Whose wrong passwords count together: per customer, or per origin at the shared demo.
    public let lockout: LockoutScope
    /// Who may sign in as a demo guest: no one, unless the app runs with `--demo` (decision 47).
    public let guests: GuestAccess

    public init(store: BankStore, hasher: PasswordHasher, blocklist: PasswordBlocklist, clock: TimeSource,
                random: RandomSource, transferLimit: Money = AmountParser.defaultLimit,
                payments: PaymentPolicy = .standard, lockout: LockoutScope = .perCustomer,
                guests: GuestAccess = .none) {
        self.payments = payments
        self.guests = guests
        self.lockout = lockout
        self.store = store
        self.hasher = hasher
        self.passwordPolicy = PasswordPolicy(blocklist: blocklist)
        self.clock = clock
        self.random = random
        self.amountParser = AmountParser(limit: transferLimit)
    }

    /// Every password check of this bank's terminals: signing in, and the
    /// password a signed-in customer confirms a change with.
    public var signIn: PasswordSignIn {
        PasswordSignIn(store: store, hasher: hasher, clock: clock, scope: lockout, guests: guests)
    }

    /// Checks the password against the policy, hashes it, and creates the user
    /// with a checking and a savings account (funded from the bank if asked).
    /// The password is checked and hashed in its one canonical form
    /// (`PasswordForms`, NFKC), so a full-width "ｐａｓｓｗｏｒｄ１" is as common
    /// as "password1" and "é" is one password however it was typed.
    public func prepareUser(username: Username, password typed: Secret, phone: PhoneNumber, sitekey: Sitekey?,
                            smsVerification: Bool, openingBalances: [AccountKind: Money] = [:],
                            displayName: String? = nil) throws -> NewUser {
        let (password, form) = PasswordForms.hashable(typed)
        try passwordPolicy.check(password, for: username)
        return NewUser(username: username, passwordHash: Secret(try hasher.hash(password)), phone: phone,
                       smsVerification: smsVerification, sitekey: sitekey ?? Sitekey.defaultFor(username),
                       openingBalances: openingBalances, displayName: displayName, passwordForm: form)
    }

    public func addUser(_ user: NewUser, context: AuditContext) throws -> UserRecord {
        try store.createUser(user, at: clock.now(), context: context)
    }

    /// A customer moving money between their own two accounts.
    public func transfer(user: UserRecord, from: AccountKind, to: AccountKind, amount: Money,
                         clientID: TransferClientID, context: AuditContext) throws -> TransferReceipt {
        guard from != to else { throw LedgerError.sameAccount }
        try checkAmount(amount)
        let request = TransferRequest(clientID: clientID, kind: .transfer, from: .customer(user.id, from),
                                      to: .customer(user.id, to), amount: amount)
        do {
            let now = clock.now()
            return try store.inLedgerTransaction { tx in
                try GuestDay.check(user.id, in: tx, at: now)
                return try tx.book(request, at: now, context: context)
            }
        } catch let error as LedgerError {
            try? store.append(AuditEvent(at: clock.now(), kind: .transferRefused, username: user.username,
                                         userID: user.id, context: context,
                                         detail: "\(amount) \(from.rawValue)->\(to.rawValue): \(error)"))
            throw error
        }
    }

    /// An operator deposit, paid from the bank's funding account.
    public func deposit(to username: Username, account: AccountKind, amount: Money,
                        clientID: TransferClientID, context: AuditContext) throws -> TransferReceipt {
        try checkAmount(amount)
        guard let user = try store.user(named: username) else { throw LedgerError.unknownUser(username) }
        let request = TransferRequest(clientID: clientID, kind: .deposit, from: .bankFunding,
                                      to: .customer(user.id, account), amount: amount)
        return try store.book(request, at: clock.now(), context: context)
    }

    /// Undoes a transfer with a new, opposite transfer. The original stays as
    /// it was. The reversal's client id derives from the original, so asking
    /// twice cannot reverse twice.
    ///
    /// A payment's reversal takes the money back from the payee's checking
    /// account. If the payee no longer has it, the reversal is refused rather
    /// than taking their account below zero: as with a bank's recall of a
    /// payment, the payee's money is theirs until they return it, and the
    /// operator settles the case (docs/payments.md).
    public func reverse(_ reference: TransferReference, context: AuditContext) throws -> TransferReceipt {
        guard let original = try store.transfer(reference) else { throw LedgerError.transferNotFound(reference) }
        guard original.kind != .reversal else { throw LedgerError.notReversible(reference) }
        if let existing = try store.reversal(of: reference) { throw LedgerError.alreadyReversed(reference, by: existing) }
        let request = TransferRequest(clientID: TransferClientID(trusted: "reversal-of-\(reference.rawValue)"),
                                      kind: .reversal, from: original.to, to: original.from,
                                      amount: original.amount, reverses: reference)
        do {
            return try store.book(request, at: clock.now(), context: context)
        } catch LedgerError.insufficientFunds where original.kind == .payment {
            throw LedgerError.reversalNotCovered(reference)
        }
    }

    // MARK: Payments

    /// What the pay form shows: the daily limit, what is left of it today, and recent payees.
    public func paymentAllowance(for user: UserID) throws -> PaymentAllowance {
        let paid = try store.paidOut(by: user, since: PaymentPolicy.dayStart(clock.now()))
        return PaymentAllowance(dailyLimit: payments.dailyLimit, leftToday: payments.left(afterPaying: paid),
                                recentPayees: try store.recentPayees(of: user, limit: 10))
    }

    /// Confirmation of payee: the customer a username names, masked. Unknown
    /// usernames and oneself are refused with their own messages: payees are
    /// named on purpose, and the rate limit of the session bounds guessing
    /// (docs/security-model.md).
    public func lookUpPayee(_ typed: String, for user: UserRecord) throws -> Payee {
        guard let username = try? Username(validating: typed), let payee = try store.payee(named: username) else {
            throw LedgerError.unknownPayee
        }
        guard payee.userID != user.id else { throw LedgerError.selfPayment }
        return payee
    }

    private func checkAmount(_ amount: Money) throws {
        guard amount > .zero else { throw LedgerError.nonPositiveAmount }
        guard amount <= amountParser.limit else { throw LedgerError.aboveLimit(amountParser.limit) }
    }
}
