import TermBankCore
import TermBankSystem

/// The demo's cap on open connections (`DemoConnectionLimit`), where the
/// processes are: each connection holds one lock-file slot for its SSH key
/// and one for its address (`ConnectionSlots`) for as long as it runs. The
/// one that finds every slot held is refused in one line, in its language,
/// before the screen starts; the operator's log gets the line and who.
enum DemoConnections {
    static func admit(folder: String, limit: DemoConnectionLimit, environment: [String: String],
                      language: Language, log: (String) -> Void) throws {
        let key = SSHIdentity.acceptedKey(environment: environment)
        let origin = DemoSession.origin(environment: environment, key: key)
        var refusal: DemoConnectionLimit.Refusal?
        if let key, try ConnectionSlots.take(folder: folder, name: "key-" + key.digestHex.prefix(32), count: limit.perKey) == nil {
            refusal = .perKey(limit: limit.perKey)
        } else if try ConnectionSlots.take(folder: folder, name: "address-" + origin.address,
                                           count: limit.perAddress) == nil {
            refusal = .perAddress(limit: limit.perAddress)
        }
        guard let refusal else { return }
        log("app over SSH from \(origin.address) refused: \(refusal) (\(origin.name))")
        throw CommandFailure(language.coreCatalog.text(refusal), code: .tempFail)
    }
}
