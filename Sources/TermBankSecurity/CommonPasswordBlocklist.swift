import CCrack
import Foundation
import TermBankCore

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

    private let dictionary: OpaquePointer?
    private let commonPasswords: Set<String>
    private let lock = NSLock()

    /// Which sources were found; `termbank --version` reports them so an
    /// operator can see a weakened check.
    public let sources: [String]

    public init(cracklibDictionary: String = CommonPasswordBlocklist.defaultCracklibDictionary,
                commonList: String = CommonPasswordBlocklist.defaultCommonList) {
        var found: [String] = []
        if FileManager.default.fileExists(atPath: cracklibDictionary + ".pwd") {
            var mode: [CChar] = Array("r".utf8CString)
            dictionary = OpaquePointer(PWOpen(cracklibDictionary, &mode))
        } else {
            dictionary = nil
        }
        if dictionary != nil { found.append(cracklibDictionary) }
        var words = Set<String>()
        if let text = try? String(contentsOfFile: commonList, encoding: .isoLatin1) {
            for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#!comment") {
                words.insert(line.lowercased())
            }
            found.append(commonList)
        }
        commonPasswords = words
        sources = found
    }

    deinit {
        if let dictionary { PWClose(UnsafeMutablePointer(dictionary)) }
    }

    public func contains(_ candidate: String) -> Bool {
        let folded = candidate.lowercased()
        if commonPasswords.contains(folded) { return true }
        guard let dictionary else { return false }
        // FindPW compares bytes up to cracklib's 32-byte word limit; longer
        // candidates cannot be in the dictionary.
        guard folded.utf8.count < 32 else { return false }
        var bytes = Array(folded.utf8CString)
        return lock.withLock { termbank_pwdict_contains(UnsafeMutablePointer(dictionary), &bytes) != 0 }
    }
}
