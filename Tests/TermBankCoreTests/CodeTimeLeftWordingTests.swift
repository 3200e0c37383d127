import TermBankCore
import XCTest

/// How every language words the time a code still works, on the SMS and the
/// voice call: seconds under a minute, else whole minutes rounded down, each
/// with its count's plural form.
final class CodeTimeLeftWordingTests: XCTestCase {
    let cases: [(Language, [Int64: String])] = [
        (.english, [1: "1 second", 23: "23 seconds", 59: "59 seconds", 60: "1 minute", 299: "4 minutes", 300: "5 minutes"]),
        (.portugueseBrazil, [1: "1 segundo", 23: "23 segundos", 59: "59 segundos", 60: "1 minuto", 299: "4 minutos",
                             300: "5 minutos"]),
        (.italian, [1: "1 secondo", 23: "23 secondi", 59: "59 secondi", 60: "1 minuto", 299: "4 minuti", 300: "5 minuti"]),
        (.ukrainian, [1: "1 секунду", 23: "23 секунди", 59: "59 секунд", 60: "1 хвилину", 299: "4 хвилини", 300: "5 хвилин"]),
    ]

    func testEachLanguageSaysSecondsUnderAMinuteAndNeverRoundsUp() {
        for (language, expected) in cases {
            let words = language.coreCatalog
            for (seconds, wording) in expected {
                let sms = words.smsText(code: "401710", purpose: .signIn, expiresInSeconds: seconds)
                let call = words.voiceText(code: "401710", purpose: .signIn, expiresInSeconds: seconds)
                for text in [sms, call] {
                    XCTAssertTrue(text.contains(" \(wording)."), "\(language) \(seconds) s: \(text)")
                }
            }
            // Under a minute no minute is named at all.
            XCTAssertFalse(words.voiceText(code: "1", purpose: .signIn, expiresInSeconds: 23).contains(expected[60]!),
                           "\(language)")
        }
    }
}
