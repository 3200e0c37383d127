import TermBankApp
import TermBankCore

/// The core's message types, worded by the core's catalog of the language.
protocol CoreWorded: CatalogMessage {
    func words(in core: any CoreCatalog) -> String
}

extension CoreWorded {
    public func words(in catalog: any AppCatalog) -> String { words(in: catalog.core) }
}

extension Username.Problem: CoreWorded { func words(in core: any CoreCatalog) -> String { core.text(self) } }
extension PasswordPolicy.Problem: CoreWorded { func words(in core: any CoreCatalog) -> String { core.text(self) } }
extension PhoneNumber.Invalid: CoreWorded { func words(in core: any CoreCatalog) -> String { core.text(self) } }
extension Sitekey.Problem: CoreWorded { func words(in core: any CoreCatalog) -> String { core.text(self) } }
extension PasswordSignIn.Refusal: CoreWorded { func words(in core: any CoreCatalog) -> String { core.text(self) } }
extension SignInFlow.FlowError: CoreWorded { func words(in core: any CoreCatalog) -> String { core.text(self) } }
extension SessionError: CoreWorded { func words(in core: any CoreCatalog) -> String { core.text(self) } }
extension GuestError: CoreWorded { func words(in core: any CoreCatalog) -> String { core.text(self) } }
extension DemoConnectionLimit.Refusal: CoreWorded { func words(in core: any CoreCatalog) -> String { core.text(self) } }
extension AccountKind: CoreWorded { func words(in core: any CoreCatalog) -> String { core.text(self) } }
extension AmountError: CoreWorded { func words(in core: any CoreCatalog) -> String { core.text(self) } }
extension LedgerError: CoreWorded { func words(in core: any CoreCatalog) -> String { core.text(self) } }
extension TransferClientID.Invalid: CoreWorded { func words(in core: any CoreCatalog) -> String { core.text(self) } }
extension TransferStepUp.StepUpError: CoreWorded { func words(in core: any CoreCatalog) -> String { core.text(self) } }
extension PaymentReference.Problem: CoreWorded { func words(in core: any CoreCatalog) -> String { core.text(self) } }
extension DisplayName.Problem: CoreWorded { func words(in core: any CoreCatalog) -> String { core.text(self) } }
extension VerifyError: CoreWorded { func words(in core: any CoreCatalog) -> String { core.text(self) } }
extension CheckResult: CoreWorded { func words(in core: any CoreCatalog) -> String { core.text(self) } }
extension DeliveryFailure: CoreWorded { func words(in core: any CoreCatalog) -> String { core.text(self) } }
extension VerifyConfiguration.Invalid: CoreWorded { func words(in core: any CoreCatalog) -> String { core.text(self) } }
extension AuthenticatorCheck: CoreWorded { func words(in core: any CoreCatalog) -> String { core.text(self) } }
extension ActivationResult: CoreWorded { func words(in core: any CoreCatalog) -> String { core.text(self) } }
extension AuthenticatorError: CoreWorded { func words(in core: any CoreCatalog) -> String { core.text(self) } }
extension RecoveryCodeCheck: CoreWorded { func words(in core: any CoreCatalog) -> String { core.text(self) } }
extension ConfirmationError: CoreWorded { func words(in core: any CoreCatalog) -> String { core.text(self) } }
extension ConfirmationError.Unchanged: CoreWorded { func words(in core: any CoreCatalog) -> String { core.text(self) } }
extension TrustedDeviceError: CoreWorded { func words(in core: any CoreCatalog) -> String { core.text(self) } }
extension SecurityChange: CoreWorded { func words(in core: any CoreCatalog) -> String { core.summary(self) } }
extension PhoneNotice: CoreWorded { func words(in core: any CoreCatalog) -> String { core.text(self) } }
extension BiometricSettings.EnableError: CoreWorded { func words(in core: any CoreCatalog) -> String { core.text(self) } }
extension StoreError: CoreWorded { func words(in core: any CoreCatalog) -> String { core.text(self) } }

extension MessageSample {
    /// Every message of the core's catalog (`CoreCatalog`).
    static var core: [MessageSample] {
        signIn + money + codes + secondFactors + biometrics + store
    }

    private static let time = Argument.time("time", SampleData.time)

    private static var signIn: [MessageSample] {
        let bob = SampleData.bob, name = Argument.text("username", "bob")
        let plain: [any CatalogMessage] = [
            Username.Problem.length, Username.Problem.characters, PasswordPolicy.Problem.tooShort,
            PasswordPolicy.Problem.tooLong, PasswordPolicy.Problem.common, PasswordPolicy.Problem.containsUsername,
            PasswordPolicy.Problem.controlCharacters, PhoneNumber.Invalid(), Sitekey.Problem.phraseLength,
            PasswordSignIn.Refusal.incorrect(attemptsLeft: nil), SignInFlow.FlowError.wrongFactor,
            SignInFlow.FlowError.proofForAnotherUserOrDevice, SignInFlow.FlowError.deviceNoLongerTrusted,
            SignInFlow.FlowError.expired, SessionError.notFound, GuestError.notTheDemoBank, GuestError.noFreeName,
        ] + ([.password, .biometric, .smsCode, .authenticator] as [SignInFactor]).map { SignInFlow.FlowError.incomplete(missing: $0) }
          + ([.signedOut, .idle, .maximumAge, .verificationFailed, .connectionClosed, .terminated, .trustRevoked, .guestExpired]
             as [SessionEndReason]).map(SessionError.ended)
        return plain.map { MessageSample(erased: $0) } + [
            MessageSample(Sitekey.Problem.unknownImage("{image}")),
            MessageSample(PasswordSignIn.Refusal.incorrect(attemptsLeft: 1), variant: "lastAttempt"),
            MessageSample(PasswordSignIn.Refusal.locked(until: SampleData.time), time),
            MessageSample(PasswordSignIn.Refusal.guest(.notTheDemoBank)),
            MessageSample(counting: "minutes", .number("limit", 12)) { GuestError.tooMany(limit: 12, minutesLeft: $0) },
            MessageSample(GuestError.otherKey(bob), name), MessageSample(GuestError.otherBrowser(bob), name),
            MessageSample(GuestError.expired(bob), name),
            MessageSample(GuestError.expiredOutsideDemoMode(bob), name), MessageSample(GuestError.onlyInDemoMode(bob), name),
            MessageSample(counting: "limit") { DemoConnectionLimit.Refusal.perKey(limit: Int($0)) },
            MessageSample(counting: "limit") { DemoConnectionLimit.Refusal.perAddress(limit: Int($0)) },
            MessageSample(counting: "limit") { DemoConnectionLimit.Refusal.allSessions(limit: Int($0)) },
            MessageSample(counting: "limit") { DemoConnectionLimit.Refusal.perBrowser(limit: Int($0)) },
        ]
    }

    private static var money: [MessageSample] {
        let amount = Argument.money("amount", SampleData.money), reference = Argument.text("reference", "TB-000037")
        let plain: [any CatalogMessage] = [
            AmountError.empty, AmountError.negative, AmountError.zero, AmountError.tooManyDecimals, AmountError.exponent,
            AmountError.nonASCIIDigit, AmountError.misplacedGroupSeparator, AmountError.misplacedDecimalPoint,
            AmountError.overflow, LedgerError.sameAccount, LedgerError.nonPositiveAmount, LedgerError.unknownAccount,
            LedgerError.balanceOverflow, LedgerError.selfPayment, LedgerError.unknownPayee, LedgerError.tooManyPayeeLookups,
            invalidClientID, TransferStepUp.StepUpError.needsSMSCode, TransferStepUp.StepUpError.staleApproval,
            PaymentReference.Problem.unprintable, DisplayName.Problem.invalid,
        ] + AccountKind.allCases + AccountKind.allCases.map(LedgerError.insufficientFunds)
        let tb37 = TransferReference(37), tb41 = TransferReference(41)
        return plain.map { MessageSample(erased: $0) } + [
            MessageSample(AmountError.invalidCharacter("x"), .text("character", "x")),
            MessageSample(AmountError.ambiguous(SampleData.money), .amount("amount", SampleData.money)),
            MessageSample(AmountError.aboveLimit(SampleData.money), .amount("amount", SampleData.money)),
            MessageSample(LedgerError.aboveLimit(SampleData.money), .amount("amount", SampleData.money)),
            MessageSample(LedgerError.unknownUser(SampleData.bob), .text("username", "bob")),
            MessageSample(LedgerError.clientIDReused(SampleData.clientID), .text("id", SampleData.clientID.rawValue)),
            MessageSample(LedgerError.transferNotFound(tb37), reference),
            MessageSample(LedgerError.alreadyReversed(tb37, by: tb41), reference, .text("reversal", "TB-000041")),
            MessageSample(LedgerError.notReversible(tb37), reference),
            MessageSample(LedgerError.dailyLimitExceeded(limit: SampleData.limit, left: SampleData.small),
                          .money("limit", SampleData.limit), .money("left", SampleData.small)),
            MessageSample(LedgerError.reversalNotCovered(tb37), reference),
            MessageSample(counting: "maximum") { PaymentReference.Problem.tooLong(maximum: Int($0)) },
            MessageSample(type: "PendingTransfer", caseName: "transfer", [amount]) { $0.core.summary(SampleData.transfer) },
            MessageSample(type: "PendingTransfer", caseName: "payment", [amount, .text("payee", "bob")]) {
                $0.core.summary(SampleData.payment)
            },
        ] + statementLines
    }

    /// A statement line's label: by kind, and for a transfer or a payment by
    /// the way the money went.
    private static var statementLines: [MessageSample] {
        let lines: [(String, TransferKind, Money, [Argument])] = [
            ("opening", .opening, SampleData.money, []), ("deposit", .deposit, SampleData.money, []),
            ("reversal", .reversal, SampleData.money, [.text("reference", "TB-000037")]),
            ("transfer.in", .transfer, SampleData.money, []), ("transfer.out", .transfer, Money(minorUnits: -125_000), []),
            ("payment.in", .payment, SampleData.money, [.text("payee", "bob")]),
            ("payment.out", .payment, Money(minorUnits: -125_000), [.text("payee", "bob")]),
        ]
        return lines.map { name, kind, amount, arguments in
            let parts = name.split(separator: ".").map(String.init)
            return MessageSample(type: "StatementLine", caseName: parts[0], variant: parts.count > 1 ? parts[1] : nil, arguments) {
                $0.core.label(StatementLine(posting: PostingID(1), reference: TransferReference(41), kind: kind,
                                            bookedAt: SampleData.time, account: .checking, amount: amount,
                                            balanceAfter: SampleData.limit, counterparty: .customer(UserID(1), .savings),
                                            reverses: kind == .reversal ? TransferReference(37) : nil,
                                            counterpartyName: kind == .payment ? SampleData.bob : nil))
            }
        }
    }

    /// The core makes this refusal only by refusing a transfer's id.
    private static var invalidClientID: TransferClientID.Invalid {
        do {
            _ = try TransferClientID(validating: "")
            preconditionFailure("an empty transfer id was accepted")
        } catch {
            return error
        }
    }

    private static var codes: [MessageSample] {
        let statuses: [VerificationStatus] = VerificationStatus.allCases
        let plain: [any CatalogMessage] = [
            VerifyError.noMoreEvents, VerifyError.notFound, VerifyError.providerUnavailable, CheckResult.tooManyWrongCodes,
            CheckResult.expired,
            CheckResult.notFound, VerifyConfiguration.Invalid.codeLength, VerifyConfiguration.Invalid.expiry,
        ] + statuses.map(VerifyError.notInProgress) + statuses.map(CheckResult.notInProgress)
        let changes: [SecurityChange] = [
            .turnOffSMSVerification, .turnOffAuthenticator, .setUpAuthenticator, .replaceAuthenticator,
            .changePhone(to: SampleData.phone), .proveNewPhone(SampleData.phone), .signInWithSMS, .regenerateRecoveryCodes,
        ]
        let amount = Argument.money("amount", SampleData.money), phone = Argument.text("phone", SampleData.phone.masked)
        let purposes: [(String, VerificationPurpose, [Argument])] = [
            ("signIn", .signIn, []), ("transfer", .transfer(SampleData.transfer), [amount]),
            ("payment", .transfer(SampleData.payment), [amount, .text("payee", "bob")]),
        ] + changes.map { change in
            ("confirmation." + MessageKey.parts(of: change).joined(separator: "."), .confirmation(change),
             change == .changePhone(to: SampleData.phone) ? [phone] : [])
        }
        let code = Argument.text("code", "482913")
        return plain.map { MessageSample(erased: $0) } + changes.map {
            MessageSample($0, $0 == .changePhone(to: SampleData.phone) ? [phone] : [], variant: nil, note: nil, count: nil,
                          words: { [change = $0] _, catalog in change.words(in: catalog) })
        } + [
            MessageSample(VerifyError.tooManySends(nextAllowedAt: SampleData.time), time),
            MessageSample(VerifyError.tooManySendsForCustomer(nextAllowedAt: SampleData.time), time),
            MessageSample(VerifyError.numberBusy(until: SampleData.time), time),
            MessageSample(VerifyError.smsCodesLocked(until: SampleData.time), time),
            MessageSample(counting: "seconds") { VerifyError.resendTooSoon(secondsLeft: $0) },
            MessageSample(VerifyError.delivery(DeliveryFailure(reason: "{reason}"))),
            MessageSample(counting: "count") { CheckResult.wrongCode(attemptsLeft: Int($0)) },
            MessageSample(CheckResult.smsCodesLocked(until: SampleData.time), time),
            MessageSample(DeliveryFailure(reason: "{reason}")),
            MessageSample(type: "CoreCatalog", caseName: "smsLockedText", [time]) { $0.core.smsLockedText(until: SampleData.time) },
            MessageSample(type: "CoreCatalog", caseName: "providerSentText", [phone, .text("provider", "Vonage")]) {
                $0.core.providerSentText(phone: SampleData.phone.masked, provider: "Vonage")
            },
        ] + purposes.flatMap { name, purpose, arguments in [
            MessageSample(type: "CoreCatalog", caseName: "smsText", variant: name, [code] + arguments) {
                $0.core.smsText(code: "482913", purpose: purpose, expiresInSeconds: 300)
            },
            MessageSample(type: "CoreCatalog", caseName: "voiceText", variant: name,
                          [.text("code", "4, 8, 2, 9, 1, 3")] + arguments) {
                $0.core.voiceText(code: "482913", purpose: purpose, expiresInSeconds: 300)
            },
        ] }
    }

    private static var secondFactors: [MessageSample] {
        let plain: [any CatalogMessage] = [
            AuthenticatorCheck.notEnrolled, ActivationResult.expired, ActivationResult.noEnrolment,
            AuthenticatorError.sealedForAnotherUser, RecoveryCodeCheck.notEnrolled, ConfirmationError.needsStrongFactor,
            ConfirmationError.noAuthenticator, ConfirmationError.grantNotValid, ConfirmationError.needsSMSCode,
            ConfirmationError.needsNewPhoneCode, ConfirmationError.phoneInUse, ConfirmationError.password(.incorrect(attemptsLeft: nil)),
            ConfirmationError.authenticator(.notEnrolled), ConfirmationError.recoveryCode(.notEnrolled), ConfirmationError.sms(.expired),
            TrustedDeviceError.noDevice, TrustedDeviceError.noSecondFactorPassed, TrustedDeviceError.signInTooOld,
            TrustedDeviceError.notFound, TrustedDeviceError.deviceNotHeld, BiometricSettings.EnableError.needsBiometricEvaluation,
        ] + ([.samePhoneNumber, .notASignInFactor, .smsVerificationAlreadyOff] as [ConfirmationError.Unchanged])
            .flatMap { [$0, ConfirmationError.nothingToChange($0)] as [any CatalogMessage] }
        let at = Argument.time("time", SampleData.time)
        return plain.map { MessageSample(erased: $0) } + [
            MessageSample(counting: "count") { AuthenticatorCheck.wrongCode(attemptsLeft: Int($0)) },
            MessageSample(counting: "count") { AuthenticatorCheck.alreadyUsed(attemptsLeft: Int($0)) },
            MessageSample(AuthenticatorCheck.locked(until: SampleData.time), at),
            MessageSample(ActivationResult.activated(recoveryCodes: [], previousValidUntil: nil)),
            MessageSample(counting: "count") { ActivationResult.wrongCode(attemptsLeft: Int($0)) },
            MessageSample(counting: "count") { ActivationResult.alreadyUsed(attemptsLeft: Int($0)) },
            MessageSample(ActivationResult.locked(until: SampleData.time), at),
            MessageSample(counting: "count") { RecoveryCodeCheck.wrongCode(attemptsLeft: Int($0)) },
            MessageSample(counting: "count") { RecoveryCodeCheck.alreadyUsed(attemptsLeft: Int($0)) },
            MessageSample(RecoveryCodeCheck.locked(until: SampleData.time), at),
        ] + phoneNotices
    }

    private static var phoneNotices: [MessageSample] {
        let at = Argument.time("time", SampleData.time)
        let factors: [SignInFactor] = [.password, .biometric, .smsCode, .authenticator]
        return factors.map { MessageSample(PhoneNotice.turnedOff($0, at: SampleData.time), at) } + [
            MessageSample(PhoneNotice.authenticatorAdded(at: SampleData.time), at),
            MessageSample(PhoneNotice.authenticatorReplaced(at: SampleData.time, oldUntil: SampleData.later), at,
                          .time("oldUntil", SampleData.later)),
            MessageSample(PhoneNotice.signInBySMS(at: SampleData.time), at),
            MessageSample(PhoneNotice.phoneChanged(to: SampleData.phone, at: SampleData.time), at,
                          .text("phone", SampleData.phone.masked)),
            MessageSample(PhoneNotice.phoneAdded(at: SampleData.time), at),
            MessageSample(PhoneNotice.recoveryCodesReplaced(at: SampleData.time), at),
            MessageSample(PhoneNotice.paymentReceived(SampleData.money, from: SampleData.bob),
                          .money("amount", SampleData.money), .text("payer", "bob")),
        ]
    }

    private static var biometrics: [MessageSample] {
        let outcomes = BiometricOutcome.allCases.flatMap { outcome in
            BiometryType.allCases.map { biometry in
                MessageSample(type: "BiometricOutcome", caseName: outcome.rawValue, variant: biometry.rawValue) {
                    $0.core.text(outcome, biometry: biometry) ?? ""
                }
            }
        }
        let notices: [(String, @Sendable (Int64) -> BiometricNotice, Bool)] = [
            ("biometryLockedOut", { _ in .biometryLockedOut }, false), ("tryAgain", { _ in .tryAgain }, false),
            ("deviceLocked", { .deviceLocked(minutes: $0) }, true),
            ("wrongPasscode", { .wrongPasscode(lockedForMinutes: $0) }, true),
            ("wrongPasscode.none", { _ in .wrongPasscode(lockedForMinutes: nil) }, false),
        ]
        return outcomes + notices.flatMap { name, notice, counted in
            BiometryType.allCases.map { biometry in
                let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
                let variant = (parts.dropFirst() + [biometry.rawValue]).joined(separator: ".")
                guard counted else {
                    return MessageSample(type: "BiometricNotice", caseName: parts[0], variant: variant) {
                        $0.core.text(notice(0), biometry: biometry)
                    }
                }
                return MessageSample(type: "BiometricNotice", caseName: parts[0], variant: variant, counting: "minutes") {
                    $1.core.text(notice($0), biometry: biometry)
                }
            }
        }
    }

    private static var store: [MessageSample] {
        let path = "{path}", location = "{location}"
        let plain: [StoreError] = [
            .directoryMissing(path: path), .noBank(path: path), .permissionDenied(path: path), .readOnly(path: path),
            .notATermBankDatabase(path: path), .symbolicLink(path: path), .readableByOthers(path: path),
            .sharedFolder(path: path), .diskFull(path: path), .corrupt(path: path), .needsUnicodeLibrary(path: path),
            .serverUnavailable(location: location, reason: "{reason}"), .authenticationFailed(location: location),
            .connectionLost(location: location), .readOnlyStandby(location: location), .backend("{reason}"),
        ]
        return plain.map { MessageSample($0) } + [
            MessageSample(StoreError.newerSchema(path: path, found: 37, supported: 16), .number("found", 37),
                          .number("supported", 16)),
            MessageSample(StoreError.busy(path: path, waitedMilliseconds: 5_000), .number("seconds", 5)),
            MessageSample(StoreError.duplicateUser(SampleData.bob), .text("username", "bob")),
            MessageSample(StoreError.unknownUser(SampleData.bob), .text("username", "bob")),
            MessageSample(StoreError.phoneInUse(SampleData.phone), .text("phone", SampleData.phone.masked)),
            MessageSample(StoreError.sharedPhoneNumbers(path: path, users: ["alice", "bob"]), .text("usernames", "alice; bob")),
        ]
    }
}

extension MessageSample {
    /// A sample of a value known only as a message (a list of several types).
    init(erased message: any CatalogMessage) {
        func open<Message: CatalogMessage>(_ message: Message) -> MessageSample { MessageSample(message) }
        self = open(message)
    }
}
