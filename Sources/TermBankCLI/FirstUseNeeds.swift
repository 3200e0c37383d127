import TermBankQR
import TermBankSecurity
import TermBankUnicode
import TermBankVerify

/// What the binary opens only on first use (so `readelf`'s NEEDED never shows
/// it), and how much a host needs each: scripts/package turns every entry into
/// the package that holds it, under Depends, Recommends or Suggests (decision
/// 0105). The names are the ones the code opens, not a copy.
/// `termbank help --package-needs` prints them, one a line.
enum FirstUseNeeds {
    enum Level: String { case depends, recommends, suggests }

    struct Need {
        let level: Level
        /// A library's soname, or a file's absolute path.
        let name: String
        let use: String
    }

    static var all: [Need] {
        [
            // No command works without the bank or the password hashes.
            Need(level: .depends, name: sqliteSoname, use: "the bank"),
            Need(level: .depends, name: SecurityLibraries.sodiumSoname, use: "passwords, codes, keys"),
            // Each of these turns one feature off when missing, and --version says so.
            Need(level: .recommends, name: OpenSSLHMACSHA1.librarySoname, use: "authenticator codes"),
            Need(level: .recommends, name: QRMatrix.librarySoname, use: "QR codes"),
            Need(level: .recommends, name: UTF8ProcNormalizer.librarySoname, use: "accented letters typed decomposed"),
            Need(level: .recommends, name: CommonPasswordBlocklist.librarySoname, use: "password dictionary"),
            Need(level: .recommends, name: CommonPasswordBlocklist.defaultCommonList, use: "common passwords"),
            // cracklib's packed dictionary is made on the host, by this program's package.
            Need(level: .recommends, name: "/usr/sbin/update-cracklib",
                 use: "makes \(CommonPasswordBlocklist.defaultCracklibDictionary), the packed dictionary"),
            // Only a real Verify service (--verify vonage|twilio) opens it.
            Need(level: .suggests, name: HTTPClient.librarySoname, use: "codes sent by Vonage or Twilio Verify"),
            // Only a postgresql:// bank opens it.
            Need(level: .suggests, name: postgresSoname, use: "a postgresql:// database"),
        ]
    }

    static var text: String {
        all.map { "\($0.level.rawValue)\t\($0.name)\t\($0.use)" }.joined(separator: "\n")
    }
}
