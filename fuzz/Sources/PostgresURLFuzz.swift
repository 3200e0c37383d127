@testable import TermBankPostgres

/// The `postgresql://` URL parser (libpq's own reader underneath): any text
/// is read or refused, and the password libpq would connect with is never in
/// what is shown: not in the database's name for messages, not in a message
/// of libpq's that quotes it.
enum PostgresURLFuzz {
    static func run(_ bytes: [UInt8]) {
        var input = FuzzBytes(bytes)
        let password = "pw" + input.text(upTo: 12).filter { $0.isLetter || $0.isNumber }
        var url = input.rest().replacingOccurrencesOfMarker(with: password)
        // TermBank reads only what names a PostgreSQL database this way (anything else is a SQLite path).
        if !PostgresLocation.isURL(url) { url = "postgresql://" + url }
        guard let location = try? PostgresLocation(url: url), let used = passwordLibpqReads(in: url), used.count >= 4 else { return }
        FuzzCheck.require(!location.display.contains(used), "the password is shown in \(location.display)")
        FuzzCheck.require(!location.scrub("could not connect to \(url): password \(used)").contains(used), "scrub left the password")
    }

    /// The password field as libpq parses the URL (percent escapes decoded).
    static func passwordLibpqReads(in url: String) -> String? {
        guard let library = PostgresLibrary.shared else { return nil }
        var error: UnsafeMutablePointer<CChar>?
        guard let options = library.conninfoParse(url, &error) else {
            if let error { library.freemem(error) }
            return nil
        }
        defer { library.conninfoFree(options) }
        var option = options
        while let keyword = option.pointee.keyword {
            if String(cString: keyword) == "password", let value = option.pointee.val { return String(cString: value) }
            option += 1
        }
        return nil
    }
}

extension String {
    /// "$P" marks where the password goes, so the fuzzer can place it anywhere.
    func replacingOccurrencesOfMarker(with password: String) -> String {
        split(separator: "$P", omittingEmptySubsequences: false).joined(separator: password)
    }
}
