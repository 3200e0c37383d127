import Glibc
import TermBankCore
import TermBankSystem

/// The terminal's stand-in for the iOS Keychain: trusted-device tokens in
/// 0600 files under the user's config directory, in a folder of their own per
/// device identity (an SSH key, an OS account: `DeviceBinding.identity`), one
/// file per bank, simulated device and user:
/// `$XDG_CONFIG_HOME/termbank/trusted-devices/IDENTITY/BANK+DEVICE+USER.token`
/// (else `~/.config/termbank/...`). Over the demo's shared SSH account every
/// connection has the same home: the folder per identity is what keeps one
/// key's tokens from being read for another. Folders are made 0700. A token
/// file anyone else could read is treated as absent (the second factor is asked).
public struct FileDeviceKeychain: DeviceKeychain {
    public let directory: String

    public init(directory: String) { self.directory = directory }

    /// `$XDG_CONFIG_HOME/termbank`, else `~/.config/termbank`.
    public static func configDirectory(environment: [String: String]) -> String {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg + "/termbank" }
        return Paths.home(environment: environment) + "/.config/termbank"
    }

    /// The keychain of one device identity (see `DeviceBinding.identity`).
    public init(environment: [String: String], identity: String) {
        self.init(directory: FileDeviceKeychain.configDirectory(environment: environment) + "/trusted-devices/" + identity)
    }

    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// Names are already limited to a-z 0-9 . _ - ; "+" cannot occur in any of them.
    func path(_ key: DeviceKeychainKey) throws -> String {
        for part in [key.bankID, key.deviceName, key.username.rawValue] {
            guard !part.isEmpty, !part.hasPrefix("."), !part.contains("/"), !part.contains("+") else {
                throw Failure(description: "not a usable keychain name")
            }
        }
        return directory + "/" + key.bankID + "+" + key.deviceName + "+" + key.username.rawValue + ".token"
    }

    public func token(for key: DeviceKeychainKey) throws -> Secret? {
        let fd = open(try path(key), O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_mode & 0o077 == 0,
              info.st_uid == geteuid(), info.st_size > 0, info.st_size <= 256 else { return nil }
        var buffer = [UInt8](repeating: 0, count: Int(info.st_size))
        guard read(fd, &buffer, buffer.count) == buffer.count else { return nil }
        let text = String(decoding: buffer, as: UTF8.self).trimmingWhitespace()
        return text.isEmpty ? nil : Secret(text)
    }

    public func store(_ token: Secret, for key: DeviceKeychainKey) throws {
        let target = try path(key)
        do {
            // Every folder made on the way is 0700, the identity's own included.
            try Files.createDirectories(directory, mode: 0o700)
        } catch {
            throw Failure(description: "Cannot create \(directory) for the trusted-device token.")
        }
        let temporary = target + ".tmp-" + SodiumRandomSource().hexIdentifier(bytes: 8)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw Failure(description: "Cannot write the trusted-device token in \(directory).") }
        let bytes = Array((token.exposedValue + "\n").utf8)
        let wrote = write(fd, bytes, bytes.count)
        let synced = fsync(fd)
        close(fd)
        guard wrote == bytes.count, synced == 0, rename(temporary, target) == 0 else {
            unlink(temporary)
            throw Failure(description: "Cannot write the trusted-device token in \(directory).")
        }
    }

    public func remove(for key: DeviceKeychainKey) throws {
        unlink(try path(key))
    }
}

extension Blake2bCodeHasher: TokenDigester {
    /// Tokens are 256 random bits: a fast hash is enough to keep them out of the database.
    public func tokenDigest(_ token: Secret) -> String { bindingDigest("trusted-device/v1|" + token.exposedValue) }
}
