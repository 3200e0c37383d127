import TermBankCore

/// Messages more than one feature shows, as values (their words are in the catalog's `SessionText`).
enum AppText {
    static let signedOut = AppMessage.session(.signedOut)
    static let unsuccessful = AppMessage.core(.check(.tooManyWrongCodes))
    static let noRecoveryCodesLeft = AppMessage.session(.noRecoveryCodesLeft)
    static func recoveryCodesLeft(_ left: Int) -> AppMessage { .session(.recoveryCodesLeft(left)) }
    static let notMyImage = AppMessage.session(.notMyImage)
    /// How long a trusted device stays trusted: the core's number, in days.
    static var trustDays: Int64 { TrustedDeviceService.lifetimeSeconds / 86_400 }
}
