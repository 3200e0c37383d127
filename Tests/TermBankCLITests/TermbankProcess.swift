import Foundation
import TermBankStorage
import XCTest

/// Runs the real `termbank` binary, as an operator or a test harness would.
enum Termbank {
    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// `swift test` runs the test bundle from the build products folder, where
    /// the `termbank` executable is built too (the test target depends on it).
    static let binary: URL = {
        if let override = ProcessInfo.processInfo.environment["TERMBANK_BINARY"] {
            return URL(fileURLWithPath: override)
        }
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("termbank")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return Bundle.main.bundleURL.appendingPathComponent("termbank")
    }()

    /// `stdin`: the text on standard input; `stdinFile`: a file's (for input too big to hold in memory twice).
    static func start(_ arguments: [String], database: String?, stdin: String? = nil, stdinFile: String? = nil,
                      environment: [String: String] = [:], prefix: [String] = [],
                      binary: [String] = []) throws -> (Process, URL, URL) {
        let executable = binary.first ?? Termbank.binary.path
        let process = Process()
        let directory = URL(fileURLWithPath: try ScratchFolder.make("termbank-run"))
        let out = directory.appendingPathComponent("out")
        let err = directory.appendingPathComponent("err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        if prefix.isEmpty {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments + (database.map { ["--db", $0] } ?? [])
        } else {
            process.executableURL = URL(fileURLWithPath: prefix[0])
            process.arguments = Array(prefix.dropFirst()) + [executable] + arguments + (database.map { ["--db", $0] } ?? [])
        }
        var env = ProcessInfo.processInfo.environment
        env["TERMBANK_DB"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        // Standard input is always a file, never a pipe: a child that exits
        // before it reads (a library it cannot load) made the write raise
        // SIGPIPE, whose default ends the whole test process.
        let input = directory.appendingPathComponent("in")
        _ = FileManager.default.createFile(atPath: input.path, contents: Data((stdin ?? "").utf8))
        process.standardInput = try FileHandle(forReadingFrom: stdinFile.map { URL(fileURLWithPath: $0) } ?? input)
        try process.run()
        return (process, out, err)
    }

    @discardableResult
    static func run(_ arguments: [String], database: String?, stdin: String? = nil, stdinFile: String? = nil,
                    environment: [String: String] = [:], prefix: [String] = [], binary: [String] = []) throws -> Run {
        let (process, out, err) = try start(arguments, database: database, stdin: stdin, stdinFile: stdinFile,
                                            environment: environment, prefix: prefix, binary: binary)
        process.waitUntilExit()
        return finish(process, out, err)
    }

    static func finish(_ process: Process, _ out: URL, _ err: URL) -> Run {
        defer { try? FileManager.default.removeItem(at: out.deletingLastPathComponent()) }
        return Run(status: process.terminationStatus,
                   stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
                   stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }
}

/// A fresh demo bank (`termbank demo reset`) in a scratch folder of its own.
func demoBank(file: StaticString = #filePath, line: UInt = #line) throws -> Scratch {
    let scratch = Scratch()
    let reset = try Termbank.run(["demo", "reset"], database: scratch.database)
    XCTAssertEqual(reset.status, 0, reset.stderr, file: file, line: line)
    return scratch
}

/// A fresh folder for a test's database, removed afterwards.
final class Scratch {
    let path: String

    init() {
        path = try! ScratchFolder.make("termbank-cli")
    }

    var database: String { path + "/bank.sqlite" }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
