/// What the process that started a verification keeps: the request id, and
/// the code in memory only (never stored) so the voice call can read it again.
public struct VerificationTicket: Equatable, Sendable {
    public let id: VerificationID
    public let purpose: VerificationPurpose
    public let phone: PhoneNumber
    public let codeLength: Int
    public let expiresAt: Timestamp
    public let lastEventAt: Timestamp
    public let events: Int
    /// True when `start` found this request already running for the number.
    public let reused: Bool
    /// Codes this number and customer may still be sent this hour, after this
    /// one (the lower of the two limits' rests); nil when no one counted.
    public let sendsLeftThisHour: Int?
    let code: Secret?

    init(id: VerificationID, purpose: VerificationPurpose, phone: PhoneNumber, codeLength: Int, expiresAt: Timestamp,
         lastEventAt: Timestamp, events: Int, reused: Bool, code: Secret?, sendsLeftThisHour: Int? = nil) {
        self.sendsLeftThisHour = sendsLeftThisHour
        self.id = id
        self.purpose = purpose
        self.phone = phone
        self.codeLength = codeLength
        self.expiresAt = expiresAt
        self.lastEventAt = lastEventAt
        self.events = events
        self.reused = reused
        self.code = code
    }

    /// A ticket as a screen knows it, without the code (for views and tests).
    public init(id: VerificationID, purpose: VerificationPurpose, phone: PhoneNumber, codeLength: Int,
                expiresAt: Timestamp, lastEventAt: Timestamp, events: Int, sendsLeftThisHour: Int? = nil) {
        self.init(id: id, purpose: purpose, phone: phone, codeLength: codeLength, expiresAt: expiresAt,
                  lastEventAt: lastEventAt, events: events, reused: false, code: nil, sendsLeftThisHour: sendsLeftThisHour)
    }

    /// Says how many codes are left when few are (the code screen's line); nil otherwise.
    public var fewSendsLeft: Int? {
        guard let left = sendsLeftThisHour, left <= VerifyConfiguration.standard.fewSendsLeft else { return nil }
        return left
    }

    /// Compares what the ticket says, never the code it carries.
    public static func == (lhs: VerificationTicket, rhs: VerificationTicket) -> Bool {
        lhs.id == rhs.id && lhs.purpose == rhs.purpose && lhs.phone == rhs.phone && lhs.codeLength == rhs.codeLength
            && lhs.expiresAt == rhs.expiresAt && lhs.lastEventAt == rhs.lastEventAt && lhs.events == rhs.events
            && lhs.reused == rhs.reused && lhs.sendsLeftThisHour == rhs.sendsLeftThisHour
    }
}

/// Proof that a code was checked and accepted. Only the service makes one.
public struct VerificationProof: Equatable, Sendable {
    public let id: VerificationID
    public let userID: UserID
    public let purposeKind: String
    public let at: Timestamp
}

public enum VerifyError: Error, Equatable, Sendable, CustomStringConvertible {
    case tooManySends(nextAllowedAt: Timestamp)
    /// The per-customer limit, across every number.
    case tooManySendsForCustomer(nextAllowedAt: Timestamp)
    /// Another customer's code to that number is still running: it is never cancelled for this one.
    case numberBusy(until: Timestamp)
    /// Too many wrong 4-digit codes across requests.
    case smsCodesLocked(until: Timestamp)
    case resendTooSoon(secondsLeft: Int64)
    case noMoreEvents
    case notInProgress(VerificationStatus)
    case notFound
    case delivery(DeliveryFailure)
    /// The verification provider could not be reached or refused the request:
    /// nothing was changed (decision 0100).
    case providerUnavailable

    public var description: String { EnglishCoreCatalog().text(self) }
}

public enum CheckResult: Equatable, Sendable, CustomStringConvertible {
    case verified(VerificationProof)
    case wrongCode(attemptsLeft: Int)
    /// The third wrong code: the request is FAILED and the app signs out.
    case tooManyWrongCodes
    case expired
    case notInProgress(VerificationStatus)
    case notFound
    /// Too many wrong 4-digit codes across requests: no SMS code is checked or sent until then.
    case smsCodesLocked(until: Timestamp)

    public var description: String { EnglishCoreCatalog().text(self) }
}

/// SMS PIN verification modelled on Vonage Verify: one request in progress per
/// number, codes from a CSPRNG stored only as salted hashes bound to their
/// purpose, 3 wrong checks fail the request, codes expire and are accepted
/// once, resends after 30 s (SMS, voice, then SMS with a fresh code), and at
/// most 10 codes per number and per customer an hour (announcements are not
/// codes: decision 52). At the shared demo each origin has its own hourly
/// counts (`scope`, decision 46).
public struct VerifyService: Sendable {
    let store: VerificationStore
    let gateway: SMSGateway
    let hasher: CodeHasher
    let random: RandomSource
    let clock: TimeSource
    public let configuration: VerifyConfiguration
    /// The language of the phone's texts when the user saved none (Verify's
    /// `locale`): the session's. A saved preference comes first.
    public let language: SessionLanguage
    /// Whose sends count together toward the hourly limits: everyone's, or
    /// at the shared demo (`--demo` on the demo bank) this terminal's origin's.
    public let scope: LockoutScope
    /// Who makes, sends and checks the codes: the bank (simulated), or a Verify service.
    public let codes: CodeProvider

    public init(store: VerificationStore, gateway: SMSGateway, hasher: CodeHasher, random: RandomSource,
                clock: TimeSource, configuration: VerifyConfiguration = .standard,
                language: SessionLanguage = SessionLanguage(), scope: LockoutScope = .perCustomer,
                codes: CodeProvider = .simulated) {
        self.codes = codes
        self.scope = scope
        self.store = store
        self.gateway = gateway
        self.hasher = hasher
        self.random = random
        self.clock = clock
        self.configuration = configuration
        self.language = language
    }

    func binding(_ purpose: VerificationPurpose, user: UserID) -> String {
        purpose.binding + "|for=\(user.rawValue)"
    }

    private func newCode() -> (code: Secret, salt: String) {
        var modulus: UInt64 = 1
        for _ in 0..<configuration.codeLength { modulus *= 10 }
        let digits = String(random.uniform(below: modulus))
        let code = String(repeating: "0", count: configuration.codeLength - digits.count) + digits
        return (Secret(code), random.hexIdentifier(bytes: 16))
    }

    /// Whole seconds the code still works, rounded down: the text on the
    /// phone says no more than is left (a voice call 37 s into a 1-minute
    /// code says 23 seconds, not "1 minute").
    private func secondsLeft(_ request: VerificationRequest, at now: Timestamp) -> Int64 {
        max(0, (request.expiresAt.millisecondsSinceEpoch - now.millisecondsSinceEpoch) / 1000)
    }

    func audit(_ tx: VerificationTransaction, _ kind: AuditEventKind, _ user: UserRecord?, _ userID: UserID,
                       _ context: AuditContext, _ detail: String) throws {
        try tx.append(AuditEvent(at: clock.now(), kind: kind, username: user?.username, userID: userID,
                                 context: context, detail: detail))
    }

    // MARK: Start

    /// `holder`: who will wait on the code (a terminal, the operator), so
    /// that its leaving gives up only its own wait (`release`); nil for a
    /// code no one gives up (a confirmation runs to its end).
    public func start(for user: UserRecord, purpose: VerificationPurpose, context: AuditContext,
                      holder: VerificationHolder? = nil) throws -> VerificationTicket {
        let now = clock.now()
        if case .transfer(let transfer) = purpose { try refuseOverLimit(transfer, user, context) }
        let bound = binding(purpose, user: user.id)
        let digest = hasher.bindingDigest(bound)
        let (code, salt) = newCode()
        let id = VerificationID(trusted: random.hexIdentifier(bytes: 16))

        let phone = purpose.destination(for: user)
        // Set in the transaction: a demo guest's codes always go to the simulated phone.
        var remote = codes.remote
        // Requests a provider's request replaced or let expire here: cancelled there too, after the commit.
        var endedAtProvider: [VerificationRequest] = []

        // `undelivered`: the message still to send, after the commit, when the
        // gateway could not deliver it inside the transaction (nil: sent, or nothing to send).
        let started: (ticket: VerificationTicket, undelivered: String?) = try inTransaction(user, context) { tx in
            try refuseWhileLocked(tx, user, context)
            // No SMS ever goes to a number nobody verified (a demo guest's): closes off SMS pumping.
            if remote != nil, try tx.guestExpiry(of: user.id) != nil { remote = nil }
            let origin = try countingOrigin(tx)
            if var active = try tx.activeVerification(for: phone) {
                if now >= active.expiresAt {
                    active.status = .expired
                    active.finishedAt = active.expiresAt
                    try tx.save(active)
                    endedAtProvider.append(active)
                } else if active.userID != user.id {
                    // Another customer's request (a number being proved for
                    // a phone change): it runs to its end, whoever asks.
                    throw RefusalToAudit(refusal: .numberBusy(until: active.expiresAt),
                                         detail: "\(phone.masked) busy with another customer's request")
                } else if active.bindingDigest == digest {
                    // Verify's rule: one request per number; asking again returns it,
                    // and the asker waits on it too.
                    if let holder { try tx.hold(active.id, by: holder) }
                    let ticket = VerificationTicket(id: active.id, purpose: purpose, phone: phone,
                                                    codeLength: active.codeLength, expiresAt: active.expiresAt,
                                                    lastEventAt: active.lastEventAt, events: active.events,
                                                    reused: true, code: nil,
                                                    sendsLeftThisHour: try sendsLeft(tx, phone: phone, user: user,
                                                                                     origin: origin))
                    return (ticket, nil)
                } else {
                    // A changed request voids the old approval: one live code
                    // per number. Marked superseded, so the session that holds
                    // it is told why its code stopped working.
                    active.status = .superseded
                    active.finishedAt = now
                    try tx.save(active)
                    endedAtProvider.append(active)
                    try audit(tx, .verificationCancelled, user, active.userID, context, "\(active.id) superseded")
                }
            }
            try refuseOverSendLimits(tx, phone: phone, user: user, origin: origin)
            // With a provider the bank holds no code: the provider's reference
            // takes the salt's place once it answers (`ProviderReference.stored`).
            let request = VerificationRequest(
                id: id, userID: user.id, phone: phone, purposeKind: purpose.kind, bindingDigest: digest,
                codeSalt: remote == nil ? salt : ProviderReference.pending,
                codeHash: remote == nil ? hasher.digest(code: code.exposedValue, binding: bound, salt: salt) : "",
                codeLength: configuration.codeLength, status: .inProgress, createdAt: now,
                expiresAt: now.adding(seconds: configuration.expirySeconds), wrongChecks: 0, events: 1,
                lastEventAt: now, finishedAt: nil)
            try tx.save(request)
            if let holder { try tx.hold(id, by: holder) }
            try tx.recordSend(to: phone, for: user.id, request: id, event: 1, at: now, origin: origin)
            if remote != nil {
                // Audited when the provider answers, with its request id (`startAtProvider`).
                let ticket = VerificationTicket(id: id, purpose: purpose, phone: phone, codeLength: request.codeLength,
                                                expiresAt: request.expiresAt, lastEventAt: now, events: 1, reused: false,
                                                code: nil, sendsLeftThisHour: try sendsLeft(tx, phone: phone, user: user,
                                                                                            origin: origin))
                return (ticket, nil)
            }
            try audit(tx, .verificationStarted, user, user.id, context,
                      "\(id) \(purpose.kind) by sms to \(phone.masked)\(Self.from(origin))")
            let ticket = VerificationTicket(id: id, purpose: purpose, phone: phone, codeLength: request.codeLength,
                                            expiresAt: request.expiresAt, lastEventAt: now, events: 1, reused: false,
                                            code: code, sendsLeftThisHour: try sendsLeft(tx, phone: phone, user: user,
                                                                                         origin: origin))
            let text = VerificationMessages.sms(code: code.exposedValue, purpose: purpose,
                                                expiresIn: secondsLeft(request, at: now), catalog: language.catalog(for: user))
            let delivered = try gateway.deliver(OutgoingMessage(to: phone, userID: user.id, channel: .sms, text: text),
                                                within: tx)
            return (ticket, delivered ? nil : text)
        }
        if let remote {
            cancelAtProvider(remote, endedAtProvider, purpose: purpose)
            guard !started.ticket.reused else { return started.ticket }
            return try startAtProvider(remote, started.ticket, for: user, context: context)
        }
        guard let text = started.undelivered else { return started.ticket }

        do {
            try gateway.deliver(OutgoingMessage(to: phone, userID: user.id, channel: .sms, text: text))
        } catch {
            let failure = error as? DeliveryFailure ?? DeliveryFailure(reason: "\(type(of: error))")
            // Not counted as sent, and the request cannot be used.
            try store.inVerificationTransaction { tx in
                if var current = try tx.verification(id), current.status == .inProgress, current.events == 1 {
                    current.status = .cancelled
                    current.finishedAt = now
                    try tx.save(current)
                }
                try tx.forgetSend(request: id, event: 1)
                try audit(tx, .deliveryFailed, user, user.id, context, "\(id): \(failure.reason)")
            }
            throw VerifyError.delivery(failure)
        }
        return started.ticket
    }

    /// A refusal decided in a transaction whose audit row must outlive it:
    /// the store rolls a transaction back when its body throws, so
    /// `inTransaction` writes the row after, in a transaction of its own.
    struct RefusalToAudit: Error {
        let refusal: VerifyError
        let detail: String
    }

    /// One write transaction; a `RefusalToAudit` it throws reaches the audit
    /// trail (as a failed delivery) and the caller as its `VerifyError`.
    func inTransaction<T>(_ user: UserRecord, _ context: AuditContext,
                                  _ body: (VerificationTransaction) throws -> T) throws -> T {
        do {
            return try store.inVerificationTransaction(body)
        } catch let refused as RefusalToAudit {
            try store.inVerificationTransaction { tx in
                try audit(tx, .deliveryFailed, user, user.id, context, refused.detail)
            }
            throw refused.refusal
        }
    }

    /// The origin whose own hourly counts this send is in: at the shared
    /// demo on the demo bank only (the store says which bank it is, in this
    /// transaction); nil everywhere else, where one count is everyone's.
    func countingOrigin(_ tx: VerificationTransaction) throws -> String? {
        guard case .perOrigin = scope else { return nil }
        return scope.countingOrigin(on: try tx.bankKind())
    }

    /// How the audit trail names a demo origin's count: the operator sees whose limit it was.
    static func from(_ origin: String?) -> String { origin.map { " from \($0)" } ?? "" }

    /// Codes this number and customer may still be sent in the hour that ends now.
    func sendsLeft(_ tx: VerificationTransaction, phone: PhoneNumber, user: UserRecord,
                           origin: String?) throws -> Int {
        let windowStart = clock.now().adding(seconds: -3600)
        let toNumber = configuration.maximumSendsPerHour - (try tx.sendCount(to: phone, since: windowStart, origin: origin))
        let forCustomer = configuration.maximumSendsPerCustomerPerHour
            - (try tx.sendCount(for: user.id, since: windowStart, origin: origin))
        return max(0, min(toNumber, forCustomer))
    }

    /// Both hourly limits: per number (whoever asks) and per customer
    /// (whatever the number), within `origin`'s sends at the shared demo.
    /// Codes only: an announcement is not a code (decision 52).
    private func refuseOverSendLimits(_ tx: VerificationTransaction, phone: PhoneNumber, user: UserRecord,
                                      origin: String?) throws {
        let now = clock.now()
        let windowStart = now.adding(seconds: -3600)
        if try tx.sendCount(to: phone, since: windowStart, origin: origin) >= configuration.maximumSendsPerHour {
            let oldest = try tx.oldestSend(to: phone, since: windowStart, origin: origin) ?? now
            throw RefusalToAudit(refusal: .tooManySends(nextAllowedAt: oldest.adding(seconds: 3600)),
                                 detail: "hourly send limit reached for \(phone.masked)\(Self.from(origin))")
        }
        if try tx.sendCount(for: user.id, since: windowStart, origin: origin) >= configuration.maximumSendsPerCustomerPerHour {
            let oldest = try tx.oldestSend(for: user.id, since: windowStart, origin: origin) ?? now
            throw RefusalToAudit(refusal: .tooManySendsForCustomer(nextAllowedAt: oldest.adding(seconds: 3600)),
                                 detail: "hourly send limit reached for the customer\(Self.from(origin))")
        }
    }

    /// When the customer's SMS codes unlock, while they are locked (nothing is
    /// sent or checked until then): for the review to say so before Enter.
    public func smsCodesLockedUntil(for user: UserRecord) throws -> Timestamp? {
        try store.inVerificationTransaction { tx in try lockedUntil(tx, user) }
    }

    private func lockedUntil(_ tx: VerificationTransaction, _ user: UserRecord) throws -> Timestamp? {
        guard let until = try tx.smsCodesLockedUntil(for: user.id), clock.now() < until else { return nil }
        return until
    }

    private func refuseWhileLocked(_ tx: VerificationTransaction, _ user: UserRecord, _ context: AuditContext) throws {
        if let until = try lockedUntil(tx, user) { throw VerifyError.smsCodesLocked(until: until) }
    }

    // MARK: Announcements

    /// A message that tells the phone about a change: it always goes out (a
    /// full limit must never hide a change from the customer). It is recorded
    /// (the operator sees it) but counts toward no code limit: a notice is
    /// not a code, and each follows a change the customer confirmed with the
    /// password and a second factor, or a lock (decision 52). A failed
    /// delivery is audited and its row forgotten.
    public func announce(_ text: String, to phone: PhoneNumber, for user: UserRecord, context: AuditContext) {
        let now = clock.now()
        let row = try? store.inVerificationTransaction { tx in
            try tx.recordAnnouncement(to: phone, for: user.id, at: now, origin: try countingOrigin(tx))
        }
        do {
            try gateway.deliver(OutgoingMessage(to: phone, userID: user.id, channel: .sms, text: text))
        } catch {
            let reason = (error as? DeliveryFailure)?.reason ?? "\(type(of: error))"
            try? store.inVerificationTransaction { tx in
                if let row { try tx.forgetAnnouncement(row) }
                try audit(tx, .deliveryFailed, user, user.id, context, "announcement to \(phone.masked): \(reason)")
            }
        }
    }

    /// A notice that is news, not security (money received), for a customer
    /// other than the session's: delivered without counting toward the hourly
    /// limits, so another customer's payments can never use up the sends this
    /// customer's own codes need. In their saved language (else English: the
    /// payer's screen language says nothing about the payee). A failed
    /// delivery is audited.
    public func notify(_ notice: PhoneNotice, to user: UserRecord, context: AuditContext) {
        do {
            try gateway.deliver(OutgoingMessage(to: user.phone, userID: user.id, channel: .sms,
                                                text: (user.language ?? .english).coreCatalog.text(notice)))
        } catch {
            let reason = (error as? DeliveryFailure)?.reason ?? "\(type(of: error))"
            try? store.inVerificationTransaction { tx in
                try audit(tx, .deliveryFailed, user, user.id, context, "notice to \(user.phone.masked): \(reason)")
            }
        }
    }

    // MARK: Next event

    /// Verify's "next event": after 30 s, a voice call reading the same code;
    /// then an SMS with a fresh code. Returns the updated ticket.
    /// `holder`: who waits on the new request, when asking again starts one.
    public func resend(_ ticket: VerificationTicket, for user: UserRecord, context: AuditContext,
                       holder: VerificationHolder? = nil) throws -> VerificationTicket {
        let now = clock.now()
        let bound = binding(ticket.purpose, user: user.id)
        let (freshCode, freshSalt) = newCode()
        var left: Int?

        let channel = { (request: VerificationRequest) -> OutgoingMessage.Channel in request.events == 2 ? .voice : .sms }
        let words = language.catalog(for: user)
        func message(_ request: VerificationRequest, _ code: Secret) -> OutgoingMessage {
            let seconds = secondsLeft(request, at: now)
            let text = channel(request) == .voice
                ? VerificationMessages.voice(code: code.exposedValue, purpose: ticket.purpose, expiresIn: seconds, catalog: words)
                : VerificationMessages.sms(code: code.exposedValue, purpose: ticket.purpose, expiresIn: seconds, catalog: words)
            return OutgoingMessage(to: request.phone, userID: user.id, channel: channel(request), text: text)
        }
        let (previous, updated, code, delivered) = try inTransaction(user, context) {
            tx -> (VerificationRequest, VerificationRequest, Secret, Bool) in
            guard var request = try tx.verification(ticket.id), request.userID == user.id else { throw VerifyError.notFound }
            if request.status == .inProgress, now >= request.expiresAt {
                request.status = .expired
                request.finishedAt = request.expiresAt
                try tx.save(request)
            }
            if request.status == .expired || request.status == .superseded { return (request, request, Secret(""), false) }
            guard request.status == .inProgress else { throw VerifyError.notInProgress(request.status) }
            let waited = (now.millisecondsSinceEpoch - request.lastEventAt.millisecondsSinceEpoch) / 1000
            if waited < configuration.resendCooldownSeconds {
                throw VerifyError.resendTooSoon(secondsLeft: configuration.resendCooldownSeconds - waited)
            }
            if request.events >= configuration.maximumEvents { throw VerifyError.noMoreEvents }
            try refuseWhileLocked(tx, user, context)
            let origin = try countingOrigin(tx)
            try refuseOverSendLimits(tx, phone: request.phone, user: user, origin: origin)
            let previous = request
            request.events += 1
            request.lastEventAt = now
            var code = ticket.code
            // With a provider the bank holds no code: it sends its own on its next channel.
            if !request.isProviders, request.events == configuration.maximumEvents || code == nil {
                code = freshCode
                request.codeSalt = freshSalt
                request.codeHash = hasher.digest(code: freshCode.exposedValue, binding: bound, salt: freshSalt)
            }
            try tx.save(request)
            try tx.recordSend(to: request.phone, for: user.id, request: request.id, event: request.events, at: now,
                              origin: origin)
            try audit(tx, .verificationResent, user, user.id, context,
                      "\(request.id) event \(request.events) by \(request.events == 2 ? "voice" : "sms")\(Self.from(origin))")
            left = try sendsLeft(tx, phone: request.phone, user: user, origin: origin)
            // The simulated phone's message is written with the send: both or neither.
            if request.isProviders { return (previous, request, Secret(""), false) }
            return (previous, request, code!, try gateway.deliver(message(request, code!), within: tx))
        }
        // An expired code is over, and the screen offers a new one ("Press r for a new one"):
        // asking again starts a new request for the same purpose, bound the same way,
        // under the same send limits and lock. Refusing it left the customer with no way on.
        // A superseded code is over too (a newer one went out for another
        // request of this customer): asking again starts a new request, which in
        // its turn supersedes that one, so a number still has one live code.
        if updated.status == .expired || updated.status == .superseded {
            return try start(for: user, purpose: ticket.purpose, context: context, holder: holder)
        }

        if updated.isProviders {
            guard let remote = codes.remote else { throw VerifyError.providerUnavailable }
            try nextChannelAtProvider(remote, previous: previous, updated: updated, purpose: ticket.purpose, for: user,
                                      context: context)
            return VerificationTicket(id: updated.id, purpose: ticket.purpose, phone: updated.phone,
                                      codeLength: updated.codeLength, expiresAt: updated.expiresAt,
                                      lastEventAt: updated.lastEventAt, events: updated.events, reused: false, code: nil,
                                      sendsLeftThisHour: left)
        }
        do {
            if !delivered { try gateway.deliver(message(updated, code)) }
        } catch {
            let failure = error as? DeliveryFailure ?? DeliveryFailure(reason: "\(type(of: error))")
            try store.inVerificationTransaction { tx in
                if try tx.verification(updated.id) == updated { try tx.save(previous) }
                try tx.forgetSend(request: updated.id, event: updated.events)
                try audit(tx, .deliveryFailed, user, user.id, context, "\(updated.id) event \(updated.events): \(failure.reason)")
            }
            throw VerifyError.delivery(failure)
        }
        return VerificationTicket(id: updated.id, purpose: ticket.purpose, phone: updated.phone,
                                  codeLength: updated.codeLength, expiresAt: updated.expiresAt,
                                  lastEventAt: updated.lastEventAt, events: updated.events, reused: false, code: code,
                                  sendsLeftThisHour: left)
    }

    // MARK: Check

    /// Checks a sign-in code (or any purpose that books nothing).
    public func check(_ id: VerificationID, code: String, purpose: VerificationPurpose, for user: UserRecord,
                      context: AuditContext) throws -> CheckResult {
        var lockedNow = false
        let answer = try askProvider(id, code: code, purpose: purpose, for: user)
        let result = try store.inVerificationTransaction { tx in
            try checkInTransaction(tx, id, code: code, purpose: purpose, user: user, context: context, lockedNow: &lockedNow,
                                   answer: answer)
        }
        if lockedNow, case .smsCodesLocked(let until) = result { announceLock(until, user, context) }
        endAtProviderAfter(result, id, purpose: purpose, for: user)
        return result
    }

    private func announceLock(_ until: Timestamp, _ user: UserRecord, _ context: AuditContext) {
        announce(VerificationMessages.locked(until: until, catalog: language.catalog(for: user)), to: user.phone, for: user,
                 context: context)
    }

    public enum ApprovalResult: Equatable, Sendable {
        case executed(TransferReceipt)
        case rejected(CheckResult)
    }

    /// Checks a transfer code and, in the same transaction, books exactly the
    /// transfer it was issued for. A code for another amount, direction or
    /// transfer is a wrong code. If booking fails (funds gone), nothing is
    /// written and the code stays unused.
    public func approve(_ id: VerificationID, code: String, transfer: PendingTransfer, for user: UserRecord,
                        payments: PaymentPolicy = .standard, context: AuditContext) throws -> ApprovalResult {
        try refuseOverLimit(transfer, user, context)
        var lockedNow = false
        let answer = try askProvider(id, code: code, purpose: .transfer(transfer), for: user)
        let result = try store.inVerificationTransaction { tx -> ApprovalResult in
            let result = try checkInTransaction(tx, id, code: code, purpose: .transfer(transfer), user: user,
                                                context: context, lockedNow: &lockedNow, answer: answer)
            guard case .verified = result, transfer.userID == user.id else { return .rejected(result) }
            return .executed(try transfer.book(in: tx, policy: payments, at: clock.now(), context: context))
        }
        if lockedNow, case .rejected(.smsCodesLocked(let until)) = result { announceLock(until, user, context) }
        if case .rejected(let rejected) = result { endAtProviderAfter(rejected, id, purpose: .transfer(transfer), for: user) }
        return result
    }

    /// The per-transfer limit, whatever the client sent: refused and audited.
    private func refuseOverLimit(_ transfer: PendingTransfer, _ user: UserRecord, _ context: AuditContext) throws {
        do {
            try transfer.checkLimit()
        } catch {
            try store.inVerificationTransaction { tx in
                try audit(tx, .transferRefused, user, user.id, context, "\(transfer.auditSummary): \(error)")
            }
            throw error
        }
    }

    private func checkInTransaction(_ tx: VerificationTransaction, _ id: VerificationID, code: String,
                                    purpose: VerificationPurpose, user: UserRecord, context: AuditContext,
                                    lockedNow: inout Bool, answer: ProviderCheck?) throws -> CheckResult {
        let now = clock.now()
        guard var request = try tx.verification(id), request.userID == user.id else { return .notFound }
        guard request.status == .inProgress else { return .notInProgress(request.status) }
        if let until = try lockedUntil(tx, user) { return .smsCodesLocked(until: until) }
        if now >= request.expiresAt {
            request.status = .expired
            request.finishedAt = request.expiresAt
            try tx.save(request)
            try audit(tx, .verificationExpired, user, user.id, context, "\(id)")
            return .expired
        }
        let matches: Bool
        if request.isProviders {
            // A provider's request with no provider configured (the bank restarted without --verify).
            guard codes.remote != nil else { throw VerifyError.providerUnavailable }
            // The provider's answer counts only for the purpose the request
            // was started for: a code approved for one never approves another.
            let sameBinding = hasher.constantTimeEqual(hasher.bindingDigest(binding(purpose, user: user.id)),
                                                       request.bindingDigest)
            switch sameBinding ? answer : .wrongCode {
            case .approved?: matches = true
            case .wrongCode?, nil: matches = false
            case .expired?:
                request.status = .expired
                request.finishedAt = now
                try tx.save(request)
                try audit(tx, .verificationExpired, user, user.id, context, "\(id) at the provider")
                return .expired
            case .tooManyWrongCodes?:
                request.wrongChecks += 1
                request.status = .failed
                request.finishedAt = now
                try tx.save(request)
                try audit(tx, .verificationFailed, user, user.id, context, "\(id) wrong code too many times at the provider")
                return .tooManyWrongCodes
            }
        } else {
            let candidate = hasher.digest(code: code, binding: binding(purpose, user: user.id), salt: request.codeSalt)
            matches = hasher.constantTimeEqual(candidate, request.codeHash)
                && code.count == request.codeLength && code.allSatisfy { $0.isASCII && $0.isNumber }
        }
        if matches {
            request.status = .success
            request.finishedAt = now
            try tx.save(request)
            try audit(tx, .verificationSucceeded, user, user.id, context, "\(id) \(request.purposeKind)")
            return .verified(VerificationProof(id: id, userID: user.id, purposeKind: request.purposeKind, at: now))
        }
        request.wrongChecks += 1
        if let cap = configuration.accountWideWrongCodeCap {
            try tx.save(request)
            let recent = try tx.wrongChecks(for: user.id, since: now.adding(seconds: -configuration.wrongCodeWindowSeconds))
            if recent >= cap {
                let until = now.adding(seconds: configuration.smsLockSeconds)
                request.status = .failed
                request.finishedAt = now
                try tx.save(request)
                try tx.lockSMSCodes(for: user.id, until: until)
                try audit(tx, .secondFactorLocked, user, user.id, context,
                          "\(id) wrong code; \(recent) wrong SMS codes in 24 hours: SMS codes locked until \(until)")
                lockedNow = true
                return .smsCodesLocked(until: until)
            }
        }
        if request.wrongChecks >= configuration.maximumWrongChecks {
            request.status = .failed
            request.finishedAt = now
            try tx.save(request)
            try audit(tx, .verificationFailed, user, user.id, context, "\(id) wrong code too many times")
            return .tooManyWrongCodes
        }
        try tx.save(request)
        try audit(tx, .verificationWrongCode, user, user.id, context, "\(id) wrong code \(request.wrongChecks)")
        return .wrongCode(attemptsLeft: configuration.maximumWrongChecks - request.wrongChecks)
    }

    // MARK: Cancel and status

    public func cancel(_ id: VerificationID, for user: UserRecord, reason: String, context: AuditContext) throws {
        let cancelled = try store.inVerificationTransaction { tx in
            guard var request = try tx.verification(id), request.userID == user.id else { throw VerifyError.notFound }
            guard request.status == .inProgress else { throw VerifyError.notInProgress(request.status) }
            request.status = .cancelled
            request.finishedAt = clock.now()
            try tx.save(request)
            try audit(tx, .verificationCancelled, user, user.id, context, "\(id) \(reason)")
            return request
        }
        if let remote = codes.remote { cancelAtProvider(remote, [cancelled], purpose: nil) }
    }

    /// A holder leaves (its session ended, its sign-in expired, a recovery
    /// code was used instead): it no longer waits on the request, and the
    /// request is cancelled only if no one else does. Another terminal of
    /// the customer waiting on the same code (Verify's rule gave it the same
    /// request) keeps it: leaving one session is no reason to void the code
    /// another is typing. Returns whether the request was cancelled; a
    /// request already over is left as it is.
    @discardableResult
    public func release(_ id: VerificationID, for user: UserRecord, holder: VerificationHolder, reason: String,
                        context: AuditContext) throws -> Bool {
        let cancelled = try store.inVerificationTransaction { tx -> VerificationRequest? in
            guard var request = try tx.verification(id), request.userID == user.id else { throw VerifyError.notFound }
            guard request.status == .inProgress else { return nil }
            guard try tx.release(id, by: holder) == 0 else { return nil }
            request.status = .cancelled
            request.finishedAt = clock.now()
            try tx.save(request)
            try audit(tx, .verificationCancelled, user, user.id, context, "\(id) \(reason)")
            return request
        }
        guard let cancelled else { return false }
        if let remote = codes.remote { cancelAtProvider(remote, [cancelled], purpose: nil) }
        return true
    }

    public func status(_ id: VerificationID) throws -> VerificationRequest? {
        try store.inVerificationTransaction { tx in try tx.verification(id) }
    }
}

extension VerificationRequest {
    /// Whether a provider makes and checks this request's code (the bank holds none).
    var isProviders: Bool {
        codeSalt == ProviderReference.pending || ProviderReference(stored: codeSalt) != nil
    }
}
