@testable import TermBankPostgres

/// The `postgresql://` URL parser (libpq's own reader underneath): any text
/// is read or refused, and the password it holds is never in what is shown.
enum PostgresURLFuzz {
    static func run(_ bytes: [UInt8]) {
        var input = FuzzBytes(bytes)
        let password = "pw" + input.text(upTo: 12).filter { $0.isLetter || $0.isNumber }
        let url = input.rest().replacingOccurrencesOfMarker(with: password)
        guard let location = try? PostgresLocation(url: url) else { return }
        // Only a password long enough not to be any other part of the URL by chance.
        if password.count >= 6, url.contains(":" + password + "@") {
            FuzzCheck.require(!location.display.contains(password), "the password is shown in \(location.display)")
            FuzzCheck.require(!location.scrub("could not connect: " + url).contains(password), "scrub left the password")
        }
    }
}

extension String {
    /// "$P" marks where the password goes, so the fuzzer can place it anywhere.
    func replacingOccurrencesOfMarker(with password: String) -> String {
        split(separator: "$P", omittingEmptySubsequences: false).joined(separator: password)
    }
}
