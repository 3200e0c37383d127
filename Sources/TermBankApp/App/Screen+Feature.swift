/// The screen table's one switch: the screen on show's value, as the
/// `ScreenFeature` that reduces its keys, lists its bindings and draws it.
extension Screen {
    var feature: any ScreenFeature {
        switch self {
        case .pickDevice(let picker): return picker
        case .welcome(let screen): return screen
        case .guestCard(let card): return card
        case .phoneWindow(let screen): return screen
        case .login(let form): return form
        case .sitekeyFirst(let form): return form
        case .sitekey(let screen): return screen
        case .biometric(let screen): return screen
        case .pin(let entry): return entry
        case .authenticator(let entry): return entry
        case .recoveryCode(let entry): return entry
        case .newRecoveryCodes(let screen): return screen
        case .statement(let screen): return screen
        case .security(let screen): return screen
        case .enrolment(let screen): return screen
        case .transfer(let form): return form
        case .receipt(let receipt): return ReceiptScreen(receipt: receipt)
        case .pay(let form): return form
        case .paid(let receipt, let payee): return PaidScreen(receipt: receipt, payee: payee)
        case .signedOut(let message): return SignedOutScreen(message: message)
        case .added(let added): return added.feature
        case .presenter(let screen): return screen
        }
    }
}

extension Screen {
    /// The screen on show's stable name (`ScreenFeature.stableName`): what the demo's presence rows record.
    public var stableName: String { feature.stableName }
}
