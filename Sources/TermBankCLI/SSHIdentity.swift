import TermBankCore
import TermBankSecurity
import TermBankSystem

/// Who is on the other end of an SSH connection, as far as the demo needs:
/// sshd's `ExposeAuthInfo` writes the methods and the public key it accepted
/// to a file named by SSH_USER_AUTH ("publickey ssh-ed25519 AAAA...").
enum SSHIdentity {
    struct Key: Equatable {
        /// As `ssh-keygen -l` prints it: "SHA256:" and unpadded base64.
        let fingerprint: String
        /// A device name derived from it: "ssh-" and 12 hex digits ("web-" for a browser).
        let deviceName: String
        /// The whole SHA-256, in hex: the identity its device's records are kept under.
        let digestHex: String
        /// The web door's browser (its origin file's key type is `termbank-web`), not an SSH client's key.
        var fromBrowser = false

        var binding: DeviceBinding { .sshKey(fingerprintHex: digestHex) }
    }

    static func acceptedKey(environment: [String: String]) -> Key? {
        guard let path = environment["SSH_USER_AUTH"], !path.isEmpty,
              let text = Files.readText(path) else { return nil }
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 3, fields[0] == "publickey", let blob = Base64.decode(String(fields[2])) else { continue }
            let digest = SHA256.digest(blob)
            let fingerprint = "SHA256:" + Base64.encode(digest).filter { $0 != "=" }
            let hex = digest.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
            let fromBrowser = fields[1] == "termbank-web"
            return Key(fingerprint: fingerprint, deviceName: (fromBrowser ? "web-" : "ssh-") + hex.prefix(12),
                       digestHex: hex, fromBrowser: fromBrowser)
        }
        return nil
    }

    /// The device for a key: found, or created on first use as a Touch ID phone
    /// with the demo passcode, so each stakeholder's key is their own phone.
    static func device(for key: Key, bank: Bank, store: any BankBackend) throws -> Device {
        if let existing = try store.device(named: key.deviceName) { return existing }
        do {
            return try store.addDevice(
                NewDevice(name: key.deviceName, biometry: .touchID, enrolled: true,
                          passcodeHash: Secret(try bank.hasher.hash(Secret(DemoBank.devicePasscode))),
                          enrollmentState: bank.random.hexIdentifier(bytes: 16)),
                at: bank.clock.now(), context: AuditContext(sessionID: nil, deviceID: "ssh \(key.fingerprint)"))
        } catch {
            // Two first connections with one key at once: the other made it.
            if let made = try store.device(named: key.deviceName) { return made }
            throw error
        }
    }
}
