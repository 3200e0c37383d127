/// The words on the phone, in the catalog's words (`smsText`, `voiceText`,
/// `smsLockedText`), in the user's language (`SessionLanguage.catalog(for:)`). Each names the bank, the code, when it expires, what it
/// approves, and that it must never be shared.
enum VerificationMessages {
    static func sms(code: String, purpose: VerificationPurpose, expiresIn seconds: Int64,
                    catalog: any CoreCatalog) -> String {
        catalog.smsText(code: code, purpose: purpose, expiresInSeconds: seconds)
    }

    /// The simulated voice call reads the digits one by one, twice.
    static func voice(code: String, purpose: VerificationPurpose, expiresIn seconds: Int64,
                      catalog: any CoreCatalog) -> String {
        catalog.voiceText(code: code, purpose: purpose, expiresInSeconds: seconds)
    }

    /// The 4-digit cap was reached: the phone is told at once.
    static func locked(until: Timestamp, catalog: any CoreCatalog) -> String {
        catalog.smsLockedText(until: until)
    }
}
