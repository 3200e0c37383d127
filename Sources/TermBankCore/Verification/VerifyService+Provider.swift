/// The calls to a Verify provider (decision 0100): each made outside any
/// database transaction (it may wait on the network), between the
/// transactions that keep the core's own rules. A provider that cannot be
/// reached leaves nothing changed: the request it was to start is cancelled
/// and its send uncounted (unless the request may have reached the provider,
/// when an SMS may have gone), and no code is counted wrong.
extension VerifyService {
    /// The request's first code, sent by the provider once the core recorded
    /// the request (with its send counted and the number taken); the
    /// provider's reference is then stored with it and audited.
    func startAtProvider(_ provider: any VerificationProvider, _ ticket: VerificationTicket, for user: UserRecord,
                         context: AuditContext) throws -> VerificationTicket {
        let asked = providerRequest(ticket.purpose.providerPurpose, phone: ticket.phone, user: user)
        let reference: ProviderReference
        do throws(ProviderFailure) {
            reference = try provider.start(asked)
        } catch {
            let now = clock.now()
            try store.inVerificationTransaction { tx in
                if var current = try tx.verification(ticket.id), current.status == .inProgress, current.events == 1 {
                    current.status = .cancelled
                    current.finishedAt = now
                    try tx.save(current)
                }
                // A request that may have reached the provider may have sent an SMS: it stays counted.
                if !error.mayHaveReached { try tx.forgetSend(request: ticket.id, event: 1) }
                try audit(tx, .deliveryFailed, user, user.id, context, "\(ticket.id) \(provider.name) \(error)")
            }
            throw error.refusal(now: now, busyUntil: ticket.expiresAt)
        }
        try store.inVerificationTransaction { tx in
            if var current = try tx.verification(ticket.id), current.codeSalt == ProviderReference.pending {
                current.codeSalt = reference.stored
                try tx.save(current)
            }
            try audit(tx, .verificationStarted, user, user.id, context,
                      "\(ticket.id) \(ticket.purpose.kind) by sms to \(ticket.phone.masked) via \(provider.name) "
                        + "request \(reference)")
            // The simulated phone (the demo's phone panel, `termbank phone`) says where the code
            // went instead of showing it; a gateway outside the database (`--sms-command`) is not told.
            let note = language.catalog(for: user).providerSentText(phone: ticket.phone.masked,
                                                                      provider: Self.displayName(provider))
            _ = try gateway.deliver(OutgoingMessage(to: ticket.phone, userID: user.id, channel: .sms, text: note), within: tx)
        }
        return ticket
    }

    /// The provider's next channel for a request the core has just moved
    /// to its next event; undone when the provider does not send it.
    func nextChannelAtProvider(_ provider: any VerificationProvider, previous: VerificationRequest,
                               updated: VerificationRequest, purpose: VerificationPurpose, for user: UserRecord,
                               context: AuditContext) throws {
        do throws(ProviderFailure) {
            guard let reference = ProviderReference(stored: updated.codeSalt) else {
                throw ProviderFailure.unreachable(reason: "the provider has not answered the start", mayHaveReached: false)
            }
            try provider.nextChannel(reference, request: providerRequest(purpose.providerPurpose, phone: updated.phone,
                                                                         user: user),
                                     event: updated.events)
        } catch {
            let failure = error
            let now = clock.now()
            try store.inVerificationTransaction { tx in
                if try tx.verification(updated.id) == updated { try tx.save(previous) }
                if !failure.mayHaveReached { try tx.forgetSend(request: updated.id, event: updated.events) }
                try audit(tx, .deliveryFailed, user, user.id, context,
                          "\(updated.id) event \(updated.events) \(provider.name) \(failure)")
            }
            throw failure.refusal(now: now, busyUntil: updated.expiresAt)
        }
    }

    /// The provider's answer to a code, asked only when the core's own rules
    /// let it be checked at all: the request is this customer's, in
    /// progress, not expired, for this very purpose, the code has the
    /// request's length in digits, and SMS codes are not locked. nil: the
    /// provider was not asked (the check then finds why, or counts a wrong code).
    func askProvider(_ id: VerificationID, code: String, purpose: VerificationPurpose,
                     for user: UserRecord) throws -> ProviderCheck? {
        // The simulated phone's checks stay exactly as they were: one transaction, no read before it.
        guard let provider = codes.remote else { return nil }
        let now = clock.now()
        let found = try store.inVerificationTransaction { tx -> VerificationRequest? in
            guard let request = try tx.verification(id), request.userID == user.id, request.status == .inProgress,
                  now < request.expiresAt else { return nil }
            if let until = try tx.smsCodesLockedUntil(for: user.id), now < until { return nil }
            return request
        }
        guard let request = found, request.isProviders else { return nil }
        guard hasher.constantTimeEqual(hasher.bindingDigest(binding(purpose, user: user.id)), request.bindingDigest),
              code.count == request.codeLength, code.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        guard let reference = ProviderReference(stored: request.codeSalt) else { throw VerifyError.providerUnavailable }
        do throws(ProviderFailure) {
            return try provider.check(reference, code: code,
                                      request: providerRequest(purpose.providerPurpose, phone: request.phone, user: user))
        } catch {
            throw error.refusal(now: now, busyUntil: request.expiresAt)
        }
    }

    /// A request the core ended on a check (too many wrong codes, SMS codes
    /// locked, expired) is cancelled at the provider too, so no code of it
    /// can work there and a new one to the number is not refused as concurrent.
    func endAtProviderAfter(_ result: CheckResult, _ id: VerificationID, purpose: VerificationPurpose,
                            for user: UserRecord) {
        guard let provider = codes.remote else { return }
        switch result {
        case .tooManyWrongCodes, .smsCodesLocked, .expired:
            if let request = try? status(id), request.userID == user.id {
                cancelAtProvider(provider, [request], purpose: purpose)
            }
        default: return
        }
    }

    /// Best effort: a request the core ended (cancelled, superseded,
    /// expired, failed) is cancelled at the provider, so that a new one to
    /// the number is not refused as concurrent. A failure changes nothing:
    /// the core's request is over whatever the provider says.
    func cancelAtProvider(_ provider: any VerificationProvider, _ requests: [VerificationRequest],
                          purpose: VerificationPurpose?) {
        for request in requests {
            guard let reference = ProviderReference(stored: request.codeSalt) else { continue }
            let asked = ProviderRequest(phone: request.phone, purpose: purpose?.providerPurpose ?? .signIn,
                                        language: language.language, codeLength: request.codeLength,
                                        expirySeconds: configuration.expirySeconds)
            try? provider.cancel(reference, request: asked)
        }
    }

    /// The provider's view of a request the core holds (the operator's `verify status`);
    /// nil for the simulated phone's, or a request the provider never answered.
    public func providerStatus(of request: VerificationRequest) throws -> ProviderStatus? {
        guard let provider = codes.remote, let reference = ProviderReference(stored: request.codeSalt) else { return nil }
        let asked = ProviderRequest(phone: request.phone, purpose: .signIn, language: language.language,
                                    codeLength: request.codeLength, expirySeconds: configuration.expirySeconds)
        do throws(ProviderFailure) {
            return try provider.status(reference, request: asked)
        } catch {
            throw error.refusal(now: clock.now(), busyUntil: request.expiresAt)
        }
    }

    /// The provider's reference of a request, for the operator (nil: the simulated phone's).
    public static func providerReference(of request: VerificationRequest) -> ProviderReference? {
        ProviderReference(stored: request.codeSalt)
    }

    /// "Vonage", "Twilio": the provider's name as a brand.
    static func displayName(_ provider: any VerificationProvider) -> String {
        provider.name.prefix(1).uppercased() + provider.name.dropFirst()
    }

    func providerRequest(_ purpose: ProviderPurpose, phone: PhoneNumber, user: UserRecord) -> ProviderRequest {
        ProviderRequest(phone: phone, purpose: purpose, language: user.language ?? language.language,
                        codeLength: configuration.codeLength, expirySeconds: configuration.expirySeconds)
    }
}

extension ProviderFailure {
    var mayHaveReached: Bool {
        if case .unreachable(_, let mayHaveReached) = self { return mayHaveReached }
        return false
    }

    /// What the customer is told: a provider that cannot be reached or
    /// refuses the bank's request is "cannot send a code just now".
    func refusal(now: Timestamp, busyUntil: Timestamp) -> VerifyError {
        switch self {
        case .unreachable, .refused: return .providerUnavailable
        case .concurrent: return .numberBusy(until: busyUntil)
        case .rateLimited: return .tooManySends(nextAllowedAt: now.adding(seconds: 3600))
        case .noMoreChannels: return .noMoreEvents
        }
    }
}
