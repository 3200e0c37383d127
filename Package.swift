// swift-tools-version:6.0
// TermBank: a full-screen terminal bank. See README.md for the module graph.
import PackageDescription

/// Release builds link the libraries in static-libs/ (libstdc++) into the binary (see its README),
/// with LLVM's lld, which does what each session's start-up and memory need (docs/benchmarks.md, "A lean binary"):
/// - the functions a session runs first placed together (static-libs/startup-order.txt);
/// - the 33,000 relative relocations packed (RELR, glibc 2.36): a 6 KiB table read at start instead of 730 KiB;
/// - no dynamic symbol table of the app's own 5,600 functions (the Swift driver's -export-dynamic), which
///   the loader's lookups and the Swift runtime's dladdr at start searched;
/// - the debug information kept, compressed (the binary stays under 25 MB).
let releaseStaticLibraries: [LinkerSetting] = [
    .unsafeFlags(["-L\(Context.packageDirectory)/static-libs"], .when(configuration: .release)),
    .unsafeFlags(["-use-ld=lld",
                  "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/static-libs/startup-order.txt",
                  "-Xlinker", "--no-warn-symbol-ordering",
                  "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                  "-Xlinker", "--no-export-dynamic",
                  "-Xlinker", "--compress-debug-sections=zlib",
                  "-Xlinker", "-T", "-Xlinker", "\(Context.packageDirectory)/static-libs/unnamed-code.ld"],
                 .when(configuration: .release)),
]

let package = Package(
    name: "TermBank",
    products: [
        .executable(name: "termbank", targets: ["termbank"]),
    ],
    targets: [
        // C boundaries: one tiny system-library target per Debian library.
        // Headers only: libsqlite3 and libsodium are opened on first use, not linked (SQLiteLibrary.swift,
        // Sodium.swift). No pkgConfig either: pkg-config's --libs would link them again.
        .systemLibrary(name: "CSQLite", path: "Sources/CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CSodium", path: "Sources/CSodium", providers: [.apt(["libsodium-dev"])]),
        .systemLibrary(name: "CCrack", path: "Sources/CCrack",
                       providers: [.apt(["libcrack2-dev", "cracklib-runtime"])]),
        .systemLibrary(name: "CNcursesw", path: "Sources/CNcursesw",
                       providers: [.apt(["libncursesw5-dev"])]),
        // Headers only: libcrypto is opened on first use, not linked (see OpenSSLHMAC.swift).
        .systemLibrary(name: "CCrypto", path: "Sources/CCrypto", providers: [.apt(["libssl-dev"])]),
        // Headers only, like CCrypto: libcrack and libqrencode are opened on first use, not linked.
        .systemLibrary(name: "CQREncode", path: "Sources/CQREncode", providers: [.apt(["libqrencode-dev"])]),
        // Headers only, like CCrypto: libpq is opened when a postgresql:// URL is given (PostgresLibrary.swift).
        .systemLibrary(name: "CPostgreSQL", path: "Sources/CPostgreSQL", providers: [.apt(["libpq-dev"])]),
        // Headers only, like CCrypto: libutf8proc is opened when a text first needs composing (UTF8ProcLibrary.swift).
        .systemLibrary(name: "CUTF8Proc", path: "Sources/CUTF8Proc", providers: [.apt(["libutf8proc-dev"])]),
        // Headers only, like CCrypto: libwebsockets is opened when `termbank web` starts (WebSocketsLibrary.swift).
        .systemLibrary(name: "CWebSockets", path: "Sources/CWebSockets", providers: [.apt(["libwebsockets-dev"])]),
        // Headers only, like CCrypto: libcurl is opened when a Verify provider is first called (CurlLibrary.swift).
        .systemLibrary(name: "CCurl", path: "Sources/CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),

        // Pure domain: money, ledger rules, sign-in. No I/O, no C.
        .target(name: "TermBankCore"),
        // Files, child processes, threads and locks on POSIX calls: what the
        // shipped modules would otherwise take from Foundation (which links ICU).
        .target(name: "TermBankSystem"),
        // The bank's store written once in SQL over a small connection protocol: no C library, no engine.
        .target(name: "TermBankSQL", dependencies: ["TermBankCore", "TermBankSystem"]),
        // That store on SQLite (one file, one host): the only module that speaks to SQLite.
        .target(name: "TermBankStorage", dependencies: ["TermBankCore", "TermBankSystem", "TermBankSQL", "CSQLite"]),
        // That store on PostgreSQL, for several hosts on one ledger: the only module that speaks to libpq.
        .target(name: "TermBankPostgres", dependencies: ["TermBankCore", "TermBankSystem", "TermBankSQL", "CPostgreSQL"]),
        // Live crypto and password-blocklist adapters for the core's protocols.
        .target(name: "TermBankSecurity", dependencies: ["TermBankCore", "TermBankSystem", "CSodium", "CCrack", "CCrypto"]),
        // Unicode normalisation (utf8proc) for the core's UnicodeNormalizer: NFC text, NFKC passwords.
        .target(name: "TermBankUnicode", dependencies: ["TermBankCore", "TermBankSystem", "CUTF8Proc"]),
        // QR code symbols (libqrencode) as a matrix of modules, for the app to draw.
        .target(name: "TermBankQR", dependencies: ["TermBankSystem", "CQREncode"]),
        // The Verify services (Vonage, Twilio) as the core's VerificationProvider, over libcurl.
        .target(name: "TermBankVerify", dependencies: ["TermBankCore", "TermBankSystem", "CCurl"]),
        // Pure UI foundation: frames, keys, sitekey pictures. No curses, no SQLite.
        .target(name: "TermBankApp", dependencies: ["TermBankCore"]),
        // The only module that speaks ncurses: paints frames, reads keys.
        .target(name: "TermBankTerminal", dependencies: ["TermBankApp", "TermBankCore", "CNcursesw"]),
        // Operator command line and wiring of live implementations.
        .target(name: "TermBankCLI", dependencies: [
            "TermBankCore", "TermBankSystem", "TermBankStorage", "TermBankPostgres", "TermBankSecurity", "TermBankQR",
            "TermBankApp", "TermBankTerminal", "TermBankUnicode", "TermBankVerify",
        ]),
        // A program in a pseudo-terminal of its own, and a model of the screen it draws:
        // what the benchmarks and tests drive programs through.
        .target(name: "TermBankHarness", dependencies: ["TermBankCore", "TermBankSystem"]),
        // `termbank bench ...`: the ledger, UI and SSH benchmarks, added to the command table by the executable.
        .target(name: "TermBankBenchmarks", dependencies: [
            "TermBankCLI", "TermBankHarness", "TermBankCore", "TermBankSystem", "TermBankStorage", "TermBankPostgres",
            "TermBankSecurity",
        ]),
        // The translators' round trip (scripts/messages): every catalog message as a gettext PO entry, and the
        // check of a translated file. A tool of its own, not part of the bank's binary.
        .target(name: "TermBankMessages", dependencies: ["TermBankApp", "TermBankCore", "TermBankSystem"]),
        .executableTarget(name: "termbank-messages", dependencies: ["TermBankMessages", "TermBankSystem"]),
        // `termbank web`: the demo in a browser (libwebsockets, xterm.js), added to the command table by the executable.
        .target(name: "TermBankWeb", dependencies: ["TermBankCLI", "TermBankApp", "TermBankCore", "TermBankSystem",
                                                    "CWebSockets"]),
        .executableTarget(name: "termbank", dependencies: ["TermBankCLI", "TermBankBenchmarks", "TermBankWeb"],
                          linkerSettings: releaseStaticLibraries),
        // The yardstick of `termbank bench ui`: a login box in Swift and ncursesw, nothing else.
        .executableTarget(name: "curses-floor", dependencies: ["CNcursesw"], path: "benchmarks/CursesFloor",
                          linkerSettings: releaseStaticLibraries),

        // What the test targets share (docs/tests.md, "Helpers"): the one sign-in, waits with one
        // deadline, golden files, codes off the simulated phone. XCTest and Foundation only.
        .target(name: "TermBankTestKit", path: "Tests/TermBankTestKit"),

        .testTarget(name: "TermBankCoreTests", dependencies: ["TermBankCore"]),
        .testTarget(name: "TermBankSystemTests", dependencies: ["TermBankSystem"]),
        .testTarget(name: "TermBankAppTests", dependencies: ["TermBankApp", "TermBankCore", "TermBankQR", "TermBankTerminal",
                                                            "TermBankUnicode", "TermBankTestKit"], exclude: ["Golden"]),
        .testTarget(name: "TermBankSecurityTests", dependencies: ["TermBankSecurity", "TermBankCore"]),
        .testTarget(name: "TermBankQRTests", dependencies: ["TermBankQR"]),
        .testTarget(name: "TermBankUnicodeTests", dependencies: ["TermBankUnicode", "TermBankCore"]),
        .testTarget(name: "TermBankStorageTests",
                    dependencies: ["TermBankStorage", "TermBankPostgres", "TermBankSQL", "TermBankCore", "TermBankSecurity",
                                   "TermBankSystem", "TermBankHarness", "TermBankUnicode", "TermBankTestKit"]),
        .testTarget(name: "TermBankHarnessTests", dependencies: ["TermBankHarness"]),
        .testTarget(name: "TermBankBenchmarksTests", dependencies: [
            "TermBankBenchmarks", "TermBankHarness", "TermBankStorage", "TermBankCore", "TermBankSecurity", "TermBankSystem",
        ]),
        .testTarget(name: "TermBankMessagesTests",
                    dependencies: ["TermBankMessages", "TermBankApp", "TermBankCore", "TermBankSystem", "termbank-messages"]),
        // TmuxSession.swift is TermBankCLITests' own, linked: the recorded browser session is played back as the SSH one is.
        .testTarget(name: "TermBankWebTests", dependencies: ["TermBankWeb", "TermBankCLI", "TermBankBenchmarks", "TermBankCore",
                                                          "TermBankStorage", "TermBankTestKit", "termbank"]),
        .testTarget(name: "TermBankCLITests",
                    dependencies: ["TermBankCLI", "TermBankApp", "TermBankStorage", "TermBankCore", "TermBankSecurity",
                                   "TermBankHarness", "TermBankBenchmarks", "termbank", "TermBankTestKit", "TermBankVerify"]),
    ]
)

// Release builds put each Swift function in a section of its own, so the link
// can place the code that runs before the first frame together
// (static-libs/startup-order.txt): a session then maps a few hundred KiB of
// the binary's code instead of most of it (docs/benchmarks.md, "A lean binary").
for target in package.targets where target.type == .regular || target.type == .executable {
    target.swiftSettings = (target.swiftSettings ?? [])
        + [.unsafeFlags(["-Xfrontend", "-function-sections"], .when(configuration: .release))]
}

// The fuzzing binary (fuzz/, docs/tests.md "Fuzzing"): only in the manifest
// when scripts/fuzz builds it (TERMBANK_FUZZ=1, its own scratch path, with
// -sanitize=fuzzer,address), so `swift build` and `swift test` never see it:
// without libFuzzer it would not link.
if Context.environment["TERMBANK_FUZZ"] == "1" {
    package.targets.append(.executableTarget(
        name: "termbank-fuzz",
        dependencies: ["TermBankApp", "TermBankCore", "TermBankTerminal", "TermBankCLI", "TermBankPostgres", "TermBankSQL",
                       "TermBankStorage", "TermBankUnicode", "TermBankVerify", "TermBankWeb", "TermBankMessages"],
        path: "fuzz/Sources",
        // lld lets SwiftPM's `main` stand over libFuzzer's (fuzz/Sources/main.swift); gold stops at the two.
        linkerSettings: [.unsafeFlags(["-use-ld=lld"])]))
}
