import CCrack
import TermBankCore
import TermBankSystem

/// Common passwords, from two maintained Debian sources:
/// - cracklib's packed dictionary (`cracklib-runtime`): dictionary words and
///   common passwords, looked up with libcrack's own `FindPW`;
/// - Openwall's list of the most common passwords (`john-data`).
///
/// Lookups are exact (after case folding), not cracklib's "based on a
/// dictionary word" mangling, which refuses passphrases like
/// "wonderland-42" that NIST SP 800-63B wants allowed.
public final class CommonPasswordBlocklist: PasswordBlocklist, @unchecked Sendable {
    public static let defaultCracklibDictionary = "/var/cache/cracklib/cracklib_dict"
    public static let defaultCommonList = "/usr/share/john/password.lst"

    private let dictionaryPath: String?
    private let commonList: String?
    /// Read on first use: signing in never needs it, so the app starts faster.
    private var commonPasswords: Set<String>?
    private let lock = Lock()

    /// Which sources were found; `termbank --version` reports them so an
    /// operator can see a weakened check.
    public let sources: [String]

    public init(cracklibDictionary: String = CommonPasswordBlocklist.defaultCracklibDictionary,
                commonList: String = CommonPasswordBlocklist.defaultCommonList) {
        var found: [String] = []
        // Opened on first lookup, like the list: signing in never needs either.
        if Files.isReadable(cracklibDictionary + ".pwd") {
            dictionaryPath = cracklibDictionary
            found.append(cracklibDictionary)
        } else {
            dictionaryPath = nil
        }
        if Files.isReadable(commonList) {
            self.commonList = commonList
            found.append(commonList)
        } else {
            self.commonList = nil
        }
        sources = found
    }

    private func loadedCommonPasswords() -> Set<String> {
        lock.withLock {
            if let commonPasswords { return commonPasswords }
            var words = Set<String>()
            // The list is ISO 8859-1: each byte is the Unicode scalar of that number.
            if let commonList, let bytes = Files.read(commonList) {
                var text = ""
                text.unicodeScalars.append(contentsOf: bytes.map { Unicode.Scalar($0) })
                for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#!comment") {
                    words.insert(line.lowercased())
                }
            }
            commonPasswords = words
            return words
        }
    }

    /// libcrack's name, without loading it.
    public static let librarySoname = CracklibLibrary.soname

    /// "libcrack.so.2 loaded" or MISSING and why (this loads libcrack; it has no version call).
    public static var libraryStatus: String {
        CracklibLibrary.shared == nil ? "\(CracklibLibrary.soname) MISSING (\(CracklibLibrary.loadError))"
            : "\(CracklibLibrary.soname) loaded"
    }

    public func contains(_ candidate: String) -> Bool {
        let folded = candidate.lowercased()
        if loadedCommonPasswords().contains(folded) { return true }
        return dictionaryPath.flatMap(CracklibDictionary.shared(at:))?.contains(folded) ?? false
    }
}

/// libcrack keeps the open dictionary in static storage: one per process, and
/// a second `PWOpen` fails. So each path is opened once, kept for the life of
/// the process, and every lookup is serialised.
final class CracklibDictionary: @unchecked Sendable {
    private static let registryLock = Lock()
    nonisolated(unsafe) private static var opened: [String: CracklibDictionary] = [:]

    private let handle: UnsafeMutablePointer<PWDICT>
    private let find: termbank_findpw_t
    private let lock = Lock()

    private init(handle: UnsafeMutablePointer<PWDICT>, find: termbank_findpw_t) {
        self.handle = handle
        self.find = find
    }

    static func shared(at path: String) -> CracklibDictionary? {
        registryLock.withLock {
            if let existing = opened[path] { return existing }
            guard opened.isEmpty, Files.exists(path + ".pwd") else { return nil }
            // The dictionary is there but not the library that reads it
            // (cracklib-runtime depends on libcrack2): stop rather than pass
            // dictionary words unchecked, as OpenSSLHMACSHA1 does without libcrypto.
            guard let library = CracklibLibrary.shared else {
                preconditionFailure("libcrack (\(CracklibLibrary.soname), Debian package libcrack2) cannot be loaded: \(CracklibLibrary.loadError)")
            }
            var mode: [CChar] = Array("r".utf8CString)
            guard let handle = library.open(path, &mode) else { return nil }
            let dictionary = CracklibDictionary(handle: handle, find: library.find)
            opened[path] = dictionary
            return dictionary
        }
    }

    func contains(_ word: String) -> Bool {
        // FindPW compares up to cracklib's 32-byte word limit; longer words
        // cannot be in the dictionary.
        guard word.utf8.count < 32 else { return false }
        var bytes = Array(word.utf8CString)
        return lock.withLock { termbank_pwdict_contains(find, handle, &bytes) != 0 }
    }
}
