import Foundation
import TermBankApp
import TermBankCore
import XCTest
@testable import TermBankCLI

/// A demo terminal's presence row as `termbank --demo` writes it (decision
/// 0120): the row at start, a screen or language when it changes, key
/// presses throttled, a heartbeat when quiet, the customer from the demo
/// session, the end once.
final class DemoPresenceTests: LiveClientTestCase {
    let origin = DemoOrigin(keyFingerprint: "SHA256:presence-key", address: "203.0.113.9")

    func presence(_ context: CommandContext, screen: String = "login") throws -> DemoPresence {
        DemoPresence(store: try context.store(), clock: clock, random: SeededRandomSource(seed: 7), origin: origin,
                     door: .ssh, device: "ssh-0123456789ab", language: .english, screen: screen)
    }

    func row(_ context: CommandContext, _ presence: DemoPresence) throws -> DemoTerminal {
        try XCTUnwrap(try context.store().demoTerminal(presence.id))
    }

    func testTheRowFollowsTheScreenTheLanguageAndThrottledKeysAndEndsOnce() throws {
        let (_, context) = try clientAndContext(.unbound, device: nil)
        let start = clock.now()
        let presence = try presence(context)
        XCTAssertEqual(presence.id.count, 32)
        XCTAssertEqual(try row(context, presence),
                       .starting(id: presence.id, origin: origin, door: .ssh, device: "ssh-0123456789ab",
                                 language: .english, screen: "login", at: start))

        clock.advance(seconds: 1)
        presence.observe(screen: "login", language: .english, keys: 3)
        clock.advance(seconds: 1)
        presence.observe(screen: "sitekey", language: .italian, keys: 1)
        var read = try row(context, presence)
        XCTAssertEqual(read.screen, "sitekey")
        XCTAssertEqual(read.screenSince, start.adding(seconds: 2))
        XCTAssertEqual(read.language, .italian)
        XCTAssertEqual(read.lastAction, start, "keys within the throttle's seconds wait")

        clock.advance(seconds: 3)
        presence.observe(screen: "sitekey", language: .italian, keys: 0)
        read = try row(context, presence)
        XCTAssertEqual(read.lastAction, start.adding(seconds: 2), "written once due, with the key's own time")
        XCTAssertEqual(read.seenAt, start.adding(seconds: 5))
        clock.advance(seconds: 1)
        presence.observe(screen: "sitekey", language: .italian, keys: 1)
        XCTAssertEqual(try row(context, presence).lastAction, start.adding(seconds: 2), "within the throttle again")

        clock.advance(seconds: DemoPresencePolicy.actionEverySeconds)
        presence.observe(screen: "sitekey", language: .italian, keys: 0)
        read = try row(context, presence)
        XCTAssertEqual(read.lastAction, start.adding(seconds: 6), "the waiting key went out")
        XCTAssertEqual(read.seenAt, clock.now())
        clock.advance(seconds: DemoPresencePolicy.heartbeatSeconds - 1)
        presence.observe(screen: "sitekey", language: .italian, keys: 0)
        XCTAssertEqual(try row(context, presence).seenAt, start.adding(seconds: 11), "no heartbeat yet")
        clock.advance(seconds: 1)
        presence.observe(screen: "sitekey", language: .italian, keys: 0)
        XCTAssertEqual(try row(context, presence).seenAt, clock.now(), "a quiet terminal's heartbeat")

        clock.advance(seconds: 1)
        presence.end()
        let ended = clock.now()
        clock.advance(seconds: 5)
        presence.end()
        presence.observe(screen: "statement", language: .english, keys: 1)
        read = try row(context, presence)
        XCTAssertEqual(read.endedAt, ended)
        XCTAssertEqual(read.screen, "sitekey", "nothing after the end")
    }

    func testTheDoorIsTheWebsWhenTheOriginFileSaysABrowserSSHWithAConnectionElseLocal() throws {
        let sshFile = scratch.path + "/ssh-auth", webFile = scratch.path + "/web-auth"
        try "publickey ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIG9wZW4tc2VzYW1lLWtleS1ieXRlcy0xMjM0NTY3\n"
            .write(toFile: sshFile, atomically: true, encoding: .utf8)
        try "publickey termbank-web AAECAwQFBgcICQoLDA0ODw==\n".write(toFile: webFile, atomically: true, encoding: .utf8)
        let connection = "203.0.113.9 50000 192.0.2.1 22"
        let ssh = SSHIdentity.acceptedKey(environment: ["SSH_USER_AUTH": sshFile])
        let web = SSHIdentity.acceptedKey(environment: ["SSH_USER_AUTH": webFile])
        XCTAssertEqual(DemoPresence.door(environment: ["SSH_CONNECTION": connection], key: ssh), .ssh)
        XCTAssertEqual(DemoPresence.door(environment: ["SSH_CONNECTION": connection], key: web), .web)
        XCTAssertEqual(DemoPresence.door(environment: ["SSH_CONNECTION": connection], key: nil), .ssh)
        XCTAssertEqual(DemoPresence.door(environment: [:], key: nil), .local)
        XCTAssertEqual(ssh.map { String($0.deviceName.prefix(4)) }, "ssh-")
        XCTAssertEqual(web.map { String($0.deviceName.prefix(4)) }, "web-", "a browser's phone is named for its door")
        XCTAssertEqual(DemoSession.origin(environment: ["SSH_CONNECTION": connection], key: web).fromBrowser, true)
        XCTAssertEqual(DemoSession.origin(environment: ["SSH_CONNECTION": connection], key: ssh).fromBrowser, false)
    }

    func testTheDemoSessionNamesTheCustomerTypedAtSignedInAndMadeAndForgetsANotMyImage() throws {
        let (live, context) = try clientAndContext(.unbound, device: "iphone-touchid", lockout: .perOrigin(origin),
                                                   guests: .demo(origin))
        var client = live.client
        let session = DemoSession(bank: try context.bank(), store: try context.store(), origin: origin,
                                  authenticator: try context.authenticatorService())
        let presence = try presence(context)
        session.presence = presence
        session.install(into: &client)
        let bob = try XCTUnwrap(try context.store().user(named: Username(trusted: "bob")))

        _ = try client.signingIn.signIn("nobody-here", Secret("wrong-password"))
        XCTAssertNil(try row(context, presence).customer, "a name that is no customer")
        clock.advance(seconds: 1)
        _ = try client.signingIn.signIn("bob", Secret("wrong-password"))
        var read = try row(context, presence)
        XCTAssertEqual(read.customer, bob.id)
        XCTAssertNil(read.customerSince, "typed at, not signed in: no story yet")

        clock.advance(seconds: 1)
        let signedIn = clock.now()
        guard case .accepted = try client.signingIn.signIn("bob", Secret(Self.passwords["bob"]!)) else {
            return XCTFail("bob's password")
        }
        read = try row(context, presence)
        XCTAssertEqual(read.customer, bob.id)
        XCTAssertEqual(read.customerSince, signedIn, "a shared customer's story counts from here")
        try client.signingIn.notMyImage()
        XCTAssertNil(try row(context, presence).customer)

        let guest = try XCTUnwrap(client.demo).createGuest(.english)
        read = try row(context, presence)
        XCTAssertEqual(read.customer, guest.user.id)
        XCTAssertEqual(read.customerSince, Timestamp(millisecondsSinceEpoch: 0), "a guest's story is its whole life")
    }

    func testDemoPruneRemovesTheRowsOfTerminalsGoneForADayAndKeepsTheRest() throws {
        let (_, context) = try clientAndContext(.unbound, device: nil)
        let store = try context.store()
        let now = SystemClock().now()
        func terminal(_ id: String, seenHoursAgo seen: Int64, endedHoursAgo ended: Int64?) throws {
            try store.startDemoTerminal(.starting(id: id, origin: origin, door: .ssh, device: nil, language: .english,
                                                  screen: "login", at: now.adding(seconds: -(seen + 1) * 3600)))
            try store.recordDemoTerminal(id, .heartbeat, at: now.adding(seconds: -seen * 3600))
            if let ended { try store.recordDemoTerminal(id, .ended, at: now.adding(seconds: -ended * 3600)) }
        }
        try terminal("ended-long-ago", seenHoursAgo: 26, endedHoursAgo: 25)
        try terminal("killed-long-ago", seenHoursAgo: 25, endedHoursAgo: nil)
        try terminal("ended-lately", seenHoursAgo: 2, endedHoursAgo: 1)
        try terminal("connected", seenHoursAgo: 0, endedHoursAgo: nil)
        let pruned = try Termbank.run(["demo", "prune"], database: scratch.database)
        XCTAssertEqual(pruned.status, 0)
        XCTAssertTrue(pruned.stdout.contains("2 presence rows of demo terminals gone for 24 hours removed."), pruned.stdout)
        XCTAssertNil(try store.demoTerminal("ended-long-ago"))
        XCTAssertNil(try store.demoTerminal("killed-long-ago"))
        XCTAssertNotNil(try store.demoTerminal("ended-lately"))
        XCTAssertNotNil(try store.demoTerminal("connected"))
    }
}
