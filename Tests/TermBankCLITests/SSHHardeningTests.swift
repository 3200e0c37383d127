import Foundation
import XCTest

/// The demo SSH endpoint's hardening, checked against a real sshd on loopback:
/// the settings in force, no way past TermBank, no forwarding, no TTY no app.
final class SSHHardeningTests: SSHDemoTestCase {
    func testTheSettingsInForceAreTheHardenedOnes() throws {
        let demo = try running()
        let effective = try SSHDemo.run(SSHDemo.repository.path + "/scripts/ssh-demo", ["config", "--state", demo.state])
        XCTAssertEqual(effective.status, 0, effective.stderr)
        let lines = Set(effective.stdout.split(separator: "\n").map(String.init))
        for expected in ["disableforwarding yes", "permittty yes", "permituserenvironment no", "x11forwarding no",
                         "allowusers \(demo.account)", "clientaliveinterval 15", "maxauthtries 3", "logingracetime 30",
                         "allowtcpforwarding no", "allowagentforwarding no", "allowstreamlocalforwarding no",
                         "permittunnel no", "permitrootlogin no", "exposeauthinfo yes",
                         "forcecommand \(demo.binary) --db \(demo.database) --device ssh --demo "
                            + "--connection-slots \(demo.state)/run/connections",
                         "port \(demo.port)", "listenaddress 127.0.0.1:\(demo.port)"] {
            XCTAssertTrue(lines.contains(expected), "sshd -T lacks \"\(expected)\"")
        }
        XCTAssertFalse(lines.contains { $0.hasPrefix("subsystem ") }, "no sftp or other subsystem")
        XCTAssertFalse(lines.contains("port 22"), "the port in force is the demo's, not sshd's default")
    }

    func testWithoutATerminalOneClearLineAndAnExit() throws {
        let demo = try running()
        let run = try SSHDemo.run("/usr/bin/ssh", demo.sshArguments(extra: ["-T"]), timeout: 30)
        XCTAssertEqual(run.status, 69)
        XCTAssertEqual(run.stderr, "termbank: TermBank needs a terminal: connect with \"ssh -t\" and no command.\n")
        XCTAssertEqual(run.stdout, "")
    }

    func testACommandOnTheSSHLineRunsNothingButTermBank() throws {
        let demo = try running()
        let run = try SSHDemo.run("/usr/bin/ssh", demo.sshArguments(extra: ["-T"]) + ["cat /etc/passwd; id"], timeout: 30)
        XCTAssertFalse(run.stdout.contains("root:") || run.stdout.contains("uid="), run.stdout)
        XCTAssertEqual(run.status, 69, "TermBank ran instead, and asked for a terminal")
    }

    func testSFTPGetsNoFileOfTheHost() throws {
        let demo = try running()
        let fetched = demo.keys + "/fetched-passwd"
        let batch = demo.keys + "/sftp-batch"
        try "ls /\nget /etc/passwd \(fetched)\n".write(toFile: batch, atomically: true, encoding: .utf8)
        let run = try SSHDemo.run("/usr/bin/sftp", ["-b", batch, "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
                                                    "-o", "LogLevel=ERROR", "-o", "IdentitiesOnly=yes", "-i", demo.keys + "/alice",
                                                    "-P", String(demo.port), "\(demo.account)@127.0.0.1"], timeout: 30)
        XCTAssertNotEqual(run.status, 0)
        XCTAssertTrue(run.stderr.contains("subsystem request failed"), "no sftp subsystem: \(run.stderr)")
        XCTAssertFalse(run.stdout.contains("etc"), run.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: fetched))
    }

    func testRemoteForwardingIsRefused() throws {
        let demo = try running()
        let target = try SSHDemo.freePort()
        let run = try SSHDemo.run("/usr/bin/ssh", demo.sshArguments(extra: [
            "-N", "-o", "ExitOnForwardFailure=yes", "-R", "127.0.0.1:\(target):127.0.0.1:\(demo.port)"]), timeout: 30)
        XCTAssertNotEqual(run.status, 0)
        XCTAssertTrue(run.stderr.contains("remote port forwarding failed"), run.stderr)
    }

    func testLocalForwardingIsRefused() throws {
        let demo = try running()
        let local = try SSHDemo.freePort()
        let client = Process()
        client.executableURL = URL(fileURLWithPath: "/usr/bin/ssh")
        client.arguments = demo.sshArguments(extra: ["-N", "-v", "-L", "127.0.0.1:\(local):127.0.0.1:\(demo.port)"])
        let errors = Pipe()
        client.standardError = errors
        client.standardInput = FileHandle.nullDevice
        try client.run()
        defer {
            client.terminate()
            client.waitUntilExit()
        }
        // Once the tunnel listens, a connection through it must get nothing from the other side.
        var answer: String?
        for _ in 0..<600 where answer == nil {  // up to a minute: a hang guard
            usleep(100_000)
            answer = try? connectAndRead(port: local)
        }
        XCTAssertEqual(answer, "", "the forwarded connection was closed without an SSH banner")
        client.terminate()
        client.waitUntilExit()
        let log = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(log.contains("administratively prohibited"), log)
    }

    func testAgentForwardingIsRefused() throws {
        let demo = try running()
        // A real agent, in the foreground so the test owns it, offered with -A.
        let agentSocket = demo.keys + "/agent.sock"
        let agent = Process()
        agent.executableURL = URL(fileURLWithPath: "/usr/bin/ssh-agent")
        agent.arguments = ["-D", "-a", agentSocket]
        agent.standardOutput = FileHandle.nullDevice
        agent.standardError = FileHandle.nullDevice
        try agent.run()
        defer {
            agent.terminate()
            agent.waitUntilExit()
        }
        for _ in 0..<600 where !FileManager.default.fileExists(atPath: agentSocket) { usleep(100_000) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: agentSocket), "the agent is listening")
        let session = try TmuxSession(["/usr/bin/env", "SSH_AUTH_SOCK=\(agentSocket)", "/usr/bin/ssh", "-tt", "-A"]
                                      + demo.sshArguments(key: "alice"))
        addTeardownBlock { session.kill() }
        try session.waitFor("Welcome to the TermBank demo")
        // Where forwarding is allowed, sshd makes the agent's socket for the
        // session in /tmp/ssh-XXXX owned by the account: there must be none.
        let sockets = try SSHDemo.run("/usr/bin/find", ["/tmp", "-maxdepth", "1", "-name", "ssh-*", "-user", demo.account])
        XCTAssertEqual(sockets.stdout, "", "an agent socket was forwarded")
    }

    /// Connects, reads until the other side closes or 3 s pass; nil if nothing listens.
    func connectAndRead(port: Int) throws -> String? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return nil }
        var timeout = timeval(tv_sec: 3, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 256)
        var received: [UInt8] = []
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count <= 0 { break }
            received += buffer.prefix(count)
        }
        return String(decoding: received, as: UTF8.self)
    }
}
