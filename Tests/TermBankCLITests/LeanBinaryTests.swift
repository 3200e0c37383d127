import Foundation
@testable import TermBankCLI
import XCTest

/// The shipped binary links no Foundation and so no ICU: a static release
/// build with them is 78 MB (ICU's data alone is 30 MB) and starts 3x slower
/// than C ncurses (docs/benchmarks.md, "A lean binary"). The shipped modules
/// use TermBankSystem (POSIX calls) instead.
final class LeanBinaryTests: XCTestCase {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// Libraries (by name prefix) and symbols that mean Foundation or ICU is in the binary.
    static let foundationLibraries = ["libFoundation", "lib_FoundationICU", "libicu"]
    static let foundationSymbols = ["icudt", "swift_ucol_", "swift_uloc_", "$s10Foundation", "$s20FoundationEssentials",
                                    "$s31FoundationInternationalization"]

    /// What a process pays for at every start though the app never uses it:
    /// libdispatch (126 KiB of tables relocated in each process) and the
    /// regex engine under `_StringProcessing` (780 KB of code, 40 KiB of
    /// relocated metadata), which any `String.contains(String)` links in;
    /// TermBankSystem has threads and TermBankCore `containsText`.
    static let unusedRuntimeSymbols = ["dispatch_", "_dispatch_", "$s8Dispatch", "$s12_RegexParser", "$s17_StringProcessing"]

    func testNoShippedModuleImportsFoundation() throws {
        let sources = Self.packageRoot.appendingPathComponent("Sources")
        let files = try XCTUnwrap(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var offenders: [String] = []
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
                if words.count >= 2, words[0] == "import", words[1].hasPrefix("Foundation") || words[1] == "Dispatch" {
                    offenders.append("\(file.path.dropFirst(sources.path.count + 1)): \(line)")
                }
            }
        }
        XCTAssertEqual(offenders, [], "use TermBankSystem (files, processes, locks, threads) instead of Foundation or Dispatch")
    }

    /// The debug build links Swift's libraries dynamically: Foundation would show as a needed library.
    func testTheBuiltAppNeedsNoFoundationLibrary() throws {
        let binary = Termbank.binary.path
        let needed = try Self.output("/usr/bin/readelf", ["-d", "-W", binary])
            .split(separator: "\n").filter { $0.contains("(NEEDED)") }
        XCTAssertFalse(needed.isEmpty, "readelf listed no needed libraries of \(binary)")
        let foundation = needed.filter { line in Self.foundationLibraries.contains { line.contains("[\($0)") } }
        XCTAssertEqual(foundation, [], "\(binary) links Foundation (and with it ICU)")
    }

    /// A static release build, when there is one as new as the debug build: no ICU or Foundation symbol in it.
    func testTheReleaseBinaryCarriesNoICU() throws {
        let release = try Self.releaseBinary()
        let symbols = try Self.output("/usr/bin/nm", ["--format=just-symbols", release]).split(separator: "\n")
        XCTAssertGreaterThan(symbols.count, 1_000, "nm read no symbols from \(release)")
        let found = symbols.filter { symbol in Self.foundationSymbols.contains { symbol.hasPrefix($0) } }
        XCTAssertEqual(Array(found.prefix(5)), [], "\(release) carries \(found.count) Foundation/ICU symbols")
    }

    func testTheReleaseBinaryCarriesNoDispatchOrRegexEngine() throws {
        let release = try Self.releaseBinary()
        let symbols = try Self.output("/usr/bin/nm", ["--format=just-symbols", release]).split(separator: "\n")
        XCTAssertGreaterThan(symbols.count, 1_000, "nm read no symbols from \(release)")
        let found = symbols.filter { symbol in Self.unusedRuntimeSymbols.contains { symbol.hasPrefix($0) } }
        XCTAssertEqual(Array(found.prefix(5)), [], "\(release) carries \(found.count) libdispatch or regex symbols")
    }

    /// The release link (Package.swift) exports none of the app's functions
    /// (the loader and the runtime's dladdr searched 5,600 of them at every
    /// start), packs its relative relocations (RELR: a 6 KiB table instead
    /// of 730 KiB read at start) and stays under 25 MB with its debug
    /// information (compressed).
    func testTheReleaseBinaryIsLinkedForAQuickStart() throws {
        let release = try Self.releaseBinary()
        let exported = try Self.output("/usr/bin/nm", ["-D", "--defined-only", "--format=just-symbols", release])
            .split(separator: "\n").filter { $0.hasPrefix("$s") }
        XCTAssertEqual(Array(exported.prefix(3)), [], "\(release) exports \(exported.count) Swift symbols")
        let dynamic = try Self.output("/usr/bin/readelf", ["-d", "-W", release])
        XCTAssertTrue(dynamic.contains("(RELR)"), "no packed relative relocations (DT_RELR) in \(release)")
        let sections = try Self.output("/usr/bin/readelf", ["-S", "-W", release])
        XCTAssertTrue(sections.contains(".debug_info"), "the release binary keeps its debug information")
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: release)[.size] as? Int)
        XCTAssertLessThanOrEqual(size, 25_000_000, "\(release) is \(size) bytes")
    }

    /// The code Swift emits without a symbol (".L__unnamed_N" thunks,
    /// ".Lobjectdestroy") is gathered into one small output section at the
    /// start of the program's code (static-libs/unnamed-code.ld): scattered
    /// one per source file, the few a session runs kept 14 windows of 64 KiB
    /// of the binary resident, ~0.9 MB of RssFile (decision 39). Executable, in the same segment as `.text`, before it.
    func testTheCodeWithoutSymbolsIsGatheredBeforeTheProgramsCode() throws {
        let release = try Self.releaseBinary()
        let headers = try Self.output("/usr/bin/readelf", ["-S", "-W", release]).split(separator: "\n")
        func section(_ name: String) -> (address: Int, size: Int, flags: String)? {
            for line in headers {
                let fields = line.split(separator: "]", maxSplits: 1).last?.split(separator: " ") ?? []
                guard fields.count >= 7, fields[0] == name, let address = Int(fields[2], radix: 16),
                      let size = Int(fields[4], radix: 16) else { continue }
                return (address, size, String(fields[6]))
            }
            return nil
        }
        let unnamed = try XCTUnwrap(section(".text.unnamed"), "no .text.unnamed section in \(release)")
        let text = try XCTUnwrap(section(".text"), "no .text section in \(release)")
        XCTAssertTrue(unnamed.flags.contains("A") && unnamed.flags.contains("X"), "flags \(unnamed.flags)")
        XCTAssertLessThan(unnamed.address, text.address)
        XCTAssertGreaterThan(unnamed.size, 1_024, "the unnamed functions were not gathered (\(unnamed.size) bytes)")
        XCTAssertLessThan(unnamed.size, 64 * 1_024, "more than the small unnamed functions went in (\(unnamed.size) bytes)")
        let segments = try Self.output("/usr/bin/readelf", ["-l", "-W", release])
        XCTAssertTrue(segments.split(separator: "\n").contains { $0.contains(".text.unnamed") && $0.contains(" .text ") },
                      "not in the segment with .text:\n\(segments)")
    }

    /// `.build/release/termbank` when it is as new as this debug build, else the test is skipped.
    static func releaseBinary() throws -> String {
        let release = packageRoot.appendingPathComponent(".build/release/termbank").path
        let attributes = { (path: String) in try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date }
        guard let built = attributes(release), let debug = attributes(Termbank.binary.path), built >= debug else {
            throw XCTSkip("no release build as new as this debug build (swift build -c release --static-swift-stdlib)")
        }
        return release
    }

    func testFixedDecimalsRoundLikePrintf() {
        XCTAssertEqual(DecimalText.fixed(0.00125, places: 4), "0.0013")
        XCTAssertEqual(DecimalText.fixed(2.5, places: 0), "3")
        XCTAssertEqual(DecimalText.fixed(12.3, places: 4), "12.3000")
        XCTAssertEqual(DecimalText.fixed(-1.05, places: 1), "-1.1")
        XCTAssertEqual(DecimalText.fixed(-0.00001, places: 2), "0.00")
        XCTAssertEqual(DecimalText.zeroPadded(7, width: 3), "007")
        XCTAssertEqual(DecimalText.zeroPadded(1234, width: 3), "1234")
    }

    func testBase64MatchesTheStandardAndRefusesNonsense() {
        for text in ["", "f", "fo", "foo", "foob", "fooba", "foobar"] {
            let encoded = Base64.encode(Array(text.utf8))
            XCTAssertEqual(encoded, Data(text.utf8).base64EncodedString())
            XCTAssertEqual(Base64.decode(encoded), Array(text.utf8))
        }
        XCTAssertNil(Base64.decode("Zm9v!"))
        XCTAssertNil(Base64.decode("Zg=="+"Zg=="), "padding only at the end")
        XCTAssertNil(Base64.decode("Zm9"), "unpadded")
    }

    static func output(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "\(tool) \(arguments.joined(separator: " "))")
        return String(decoding: data, as: UTF8.self)
    }
}
