import Foundation
import TermBankCore
import XCTest

/// The month names and separators compiled into the core are glibc's, read
/// here from glibc's own locale sources (Debian's `locales` package,
/// installed by scripts/setup-deps for this test only: the app never reads
/// them). CLDR's figures (minimum grouping digits, the dollar's symbol, the
/// currency's place) are cited in NumberConventions+Languages.swift.
final class ConventionsMatchGlibcTests: XCTestCase {
    let directory = "/usr/share/i18n/locales/"

    /// A category's `key` values, with `<Uxxxx>` decoded, `%` comments
    /// dropped and `/` line continuations joined.
    func values(_ key: String, category: String, locale: String) throws -> [String] {
        let source = try String(contentsOfFile: directory + locale, encoding: .utf8)
        let lines = source.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: category),
              let end = lines[start...].firstIndex(of: "END " + category) else {
            XCTFail("\(locale) has no \(category)")
            return []
        }
        var joined: [String] = []
        var pending = ""
        for line in lines[(start + 1)..<end] {
            // A "%" outside quotes starts a comment; uk_UA puts one between a
            // value and its "/" continuation ("січ"; %sich /).
            let continues = line.trimmingCharacters(in: .whitespaces).hasSuffix("/")
            var text = line
            if let percent = text.firstIndex(of: "%"), text[..<percent].filter({ $0 == "\"" }).count % 2 == 0 {
                text = String(text[..<percent])
            }
            text = text.trimmingCharacters(in: .whitespaces)
            if continues {
                pending += text.hasSuffix("/") ? String(text.dropLast()) : text
            } else {
                joined.append(pending + text)
                pending = ""
            }
        }
        guard let entry = joined.first(where: { $0.hasPrefix(key + " ") || $0.hasPrefix(key + "\t") }) else {
            XCTFail("\(locale) \(category) has no \(key)")
            return []
        }
        let quoted = entry.components(separatedBy: "\"").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        return quoted.map(decode)
    }

    func decode(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "<U") {
            result += rest[..<open.lowerBound]
            let after = rest[open.upperBound...]
            guard let close = after.firstIndex(of: ">"), let value = UInt32(after[..<close], radix: 16),
                  let scalar = Unicode.Scalar(value) else { break }
            result.unicodeScalars.append(scalar)
            rest = after[after.index(after: close)...]
        }
        return result + rest
    }

    let languages: [(locale: String, numbers: NumberConventions, dates: DateConventions)] = [
        ("en_US", .english, .english), ("pt_BR", .portugueseBrazil, .portugueseBrazil),
        ("it_IT", .italian, .italian), ("uk_UA", .ukrainian, .ukrainian),
    ]

    func testTheLocaleSourcesAreInstalled() {
        for language in languages {
            XCTAssertTrue(FileManager.default.fileExists(atPath: directory + language.locale),
                          "scripts/setup-deps installs Debian's locales package")
        }
    }

    func testMonthNamesAreGlibcs() throws {
        for language in languages {
            XCTAssertEqual(try values("mon", category: "LC_TIME", locale: language.locale), language.dates.monthNames,
                           language.locale)
            XCTAssertEqual(try values("abmon", category: "LC_TIME", locale: language.locale),
                           language.dates.monthAbbreviations, language.locale)
        }
    }

    func testUkrainianNominativeMonthsAreTheOnesNotUsedAfterADay() throws {
        let nominative = try values("alt_mon", category: "LC_TIME", locale: "uk_UA")
        XCTAssertEqual(nominative[10], "листопад")
        XCTAssertEqual(DateConventions.ukrainian.monthNames[10], "листопада")
    }

    func testSeparatorsAreGlibcs() throws {
        for language in languages {
            let decimal = try values("decimal_point", category: "LC_NUMERIC", locale: language.locale)
            let group = try values("thousands_sep", category: "LC_NUMERIC", locale: language.locale)
            XCTAssertEqual(decimal, [String(language.numbers.decimalSeparator)], language.locale)
            // Ukrainian writes CLDR's U+00A0 and reads glibc's U+202F too.
            XCTAssertEqual(group.count, 1, language.locale)
            XCTAssertTrue(group.allSatisfy { language.numbers.groupSeparatorsRead.contains(Character($0)) },
                          language.locale)
            let monetary = try values("mon_decimal_point", category: "LC_MONETARY", locale: language.locale)
            XCTAssertEqual(monetary, [String(language.numbers.decimalSeparator)], language.locale)
        }
    }
}
