import CSodium
import Glibc
import TermBankCore
import TermBankSystem

public enum KeyFileError: Error, Equatable, Sendable, CustomStringConvertible {
    case missing(path: String)
    case unreadable(path: String, reason: String)
    case tooOpen(path: String)
    case damaged(path: String)
    case cannotCreate(path: String, reason: String)
    case wrongKey(path: String)
    case damagedSecret
    /// A bank shared by several hosts (PostgreSQL) records its key's id: this host has no key file at all.
    case notOnThisHost(path: String)
    /// This host's key file is not the key whose id the bank recorded.
    case notTheBanksKey(path: String)

    public var description: String {
        switch self {
        case .missing(let path):
            return "The key file \(path) is missing, so the authenticator secrets in the database cannot be read. "
                + "Restore it from the backup of the database's folder."
        case .unreadable(let path, let reason):
            return "Cannot read the key file \(path): \(reason). It must belong to the user running termbank, mode 0600."
        case .tooOpen(let path):
            return "The key file \(path) can be read by other users; refusing it. Run: chmod 600 \(path)"
        case .damaged(let path): return "The key file \(path) is damaged (it must hold exactly 32 bytes)."
        case .cannotCreate(let path, let reason): return "Cannot create the key file \(path): \(reason)."
        case .wrongKey(let path):
            return "The authenticator secrets were sealed with another key than the one in \(path). "
                + "Restore the key file that belongs to this database."
        case .damagedSecret: return "A stored authenticator secret is damaged and cannot be opened."
        case .notOnThisHost(let path):
            return "This host has no key file \(path), but the bank's authenticator secrets are sealed with one. "
                + "Copy it from another host of this bank (mode 0600; see docs/postgresql.md)."
        case .notTheBanksKey(let path):
            return "The key file \(path) is not the one this bank's authenticator secrets are sealed with. "
                + "Copy the bank's key file from another host of this bank (see docs/postgresql.md)."
        }
    }
}

/// Seals secrets with libsodium's `crypto_secretbox_easy` (XSalsa20-Poly1305)
/// under a 32-byte key kept in a file beside the database (mode 0600): a copy
/// of the database alone does not reveal the secrets. The key file is made on
/// first use: written in full to a temporary file opened with O_CREAT|O_EXCL,
/// then published with link(2), which fails if another process got there first
/// (then its key is used), so every process ends up with the same complete key.
/// Sealed text: "sb1:" key-id ":" nonce ":" ciphertext, in hex; the key id
/// (4 bytes of BLAKE2b of the key) tells a wrong key file from a damaged secret.
public final class SecretBoxSealer: SecretSealer, @unchecked Sendable {
    public let keyFilePath: String
    private let lock = Lock()
    private var cachedKey: [UInt8]?

    public init(keyFilePath: String) {
        self.keyFilePath = keyFilePath
    }

    /// `termbank.sqlite` → `termbank.sqlite.key`.
    public static func keyFile(besideDatabase path: String) -> String { path + ".key" }

    public func seal(_ plaintext: [UInt8]) throws -> String {
        let key = try self.key(creating: true)
        var nonce = [UInt8](repeating: 0, count: Int(crypto_secretbox_NONCEBYTES))
        Sodium.library.randomBytes(&nonce, nonce.count)
        var cipher = [UInt8](repeating: 0, count: plaintext.count + Int(crypto_secretbox_MACBYTES))
        let status = plaintext.withUnsafeBufferPointer { p in
            Sodium.library.secretBoxEasy(&cipher, p.baseAddress, UInt64(p.count), nonce, key)
        }
        precondition(status == 0)
        return "sb1:" + Self.hex(Self.keyID(key)) + ":" + Self.hex(nonce) + ":" + Self.hex(cipher)
    }

    public func open(_ sealed: String) throws -> [UInt8] {
        let parts = sealed.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 4, parts[0] == "sb1", let id = Self.unhex(parts[1]), let nonce = Self.unhex(parts[2]),
              let cipher = Self.unhex(parts[3]), nonce.count == Int(crypto_secretbox_NONCEBYTES),
              cipher.count >= Int(crypto_secretbox_MACBYTES) else { throw KeyFileError.damagedSecret }
        let key = try self.key(creating: false)
        guard id == Self.keyID(key) else { throw KeyFileError.wrongKey(path: keyFilePath) }
        var plain = [UInt8](repeating: 0, count: cipher.count - Int(crypto_secretbox_MACBYTES))
        let status = Sodium.library.secretBoxOpenEasy(&plain, cipher, UInt64(cipher.count), nonce, key)
        guard status == 0 else { throw KeyFileError.damagedSecret }
        return plain
    }

    /// The key's id (4 bytes of its BLAKE2b, in hex, as sealed texts carry
    /// it), for a shared bank to record and every host to compare: nil when
    /// there is no key file and `creating` is false. Never the key itself.
    public func keyIdentifier(creating: Bool) throws -> String? {
        if !creating, !Files.exists(keyFilePath) { return nil }
        return Self.hex(Self.keyID(try key(creating: creating)))
    }

    // MARK: The key file

    private func key(creating: Bool) throws -> [UInt8] {
        try lock.withLock {
            if let cachedKey { return cachedKey }
            let key: [UInt8]
            if let existing = try readKey() {
                key = existing
            } else if creating {
                key = try createKey()
            } else {
                throw KeyFileError.missing(path: keyFilePath)
            }
            cachedKey = key
            return key
        }
    }

    /// nil when there is no key file yet.
    private func readKey() throws -> [UInt8]? {
        let fd = Glibc.open(keyFilePath, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        if fd < 0 {
            let error = errno
            if error == ENOENT { return nil }
            throw KeyFileError.unreadable(path: keyFilePath, reason: String(cString: strerror(error)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw KeyFileError.unreadable(path: keyFilePath, reason: "not a regular file")
        }
        guard info.st_mode & 0o077 == 0 else { throw KeyFileError.tooOpen(path: keyFilePath) }
        guard info.st_size == off_t(crypto_secretbox_KEYBYTES) else { throw KeyFileError.damaged(path: keyFilePath) }
        var key = [UInt8](repeating: 0, count: Int(crypto_secretbox_KEYBYTES))
        guard read(fd, &key, key.count) == key.count else { throw KeyFileError.damaged(path: keyFilePath) }
        return key
    }

    private func createKey() throws -> [UInt8] {
        var key = [UInt8](repeating: 0, count: Int(crypto_secretbox_KEYBYTES))
        Sodium.library.secretBoxKeygen(&key)
        let temporary = keyFilePath + ".tmp-" + SodiumRandomSource().hexIdentifier(bytes: 8)
        let fd = Glibc.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else {
            throw KeyFileError.cannotCreate(path: keyFilePath, reason: String(cString: strerror(errno)))
        }
        defer { unlink(temporary) }
        let wrote = write(fd, key, key.count)
        let synced = fsync(fd)
        close(fd)
        guard wrote == key.count, synced == 0 else {
            throw KeyFileError.cannotCreate(path: keyFilePath, reason: "could not write it in full")
        }
        if link(temporary, keyFilePath) != 0 {
            let error = errno
            guard error == EEXIST, let theirs = try readKey() else {
                throw KeyFileError.cannotCreate(path: keyFilePath, reason: String(cString: strerror(error)))
            }
            return theirs
        }
        return key
    }

    private static func keyID(_ key: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: 16)
        let label = Array("termbank key id".utf8)
        _ = Sodium.library.genericHash(&out, out.count, label, UInt64(label.count), key, key.count)
        return Array(out.prefix(4))
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    static func unhex(_ text: String) -> [UInt8]? {
        let characters = Array(text.utf8)
        guard characters.count % 2 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(characters.count / 2)
        var index = 0
        while index < characters.count {
            guard let high = Self.nibble(characters[index]), let low = Self.nibble(characters[index + 1]) else { return nil }
            out.append(high << 4 | low)
            index += 2
        }
        return out
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x61...0x66: return c - 0x61 + 10
        default: return nil
        }
    }
}
