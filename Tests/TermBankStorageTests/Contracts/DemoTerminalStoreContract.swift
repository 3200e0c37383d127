import TermBankCore
import XCTest

/// What every `DemoTerminalStore` backend promises (the shared demo's
/// presence rows, decision 0120): a row reads back as started; each change
/// writes its column and the heartbeat; the same screen again keeps its
/// "since"; only terminals not ended and seen lately are connected, the
/// longest connected first; prune deletes only rows gone before its time.
struct DemoTerminalStoreContract {
    let make: MakeContractBackend

    func aTerminalReadsBackAsStartedAndEachChangeWritesItsColumnAndTheHeartbeat() throws {
        let backend = try make()
        let bob = try backend.user("bob")
        let start = backend.clock.now()
        let origin = DemoOrigin(keyFingerprint: "SHA256:Ab3fQx", address: "192.0.2.7")
        let row = DemoTerminal.starting(id: "a1b2", origin: origin, door: .ssh, device: "ssh-0123456789ab",
                                        language: .italian, screen: "login", at: start)
        try backend.presence.startDemoTerminal(row)
        XCTAssertEqual(try backend.presence.demoTerminal("a1b2"), row)
        XCTAssertEqual(row.origin, "key SHA256:Ab3fQx", "the origin as the per-origin throttles name it")

        backend.clock.advance(seconds: 3)
        XCTAssertTrue(try backend.presence.recordDemoTerminal("a1b2", .screen("sitekey"), at: backend.clock.now()))
        backend.clock.advance(seconds: 2)
        try backend.presence.recordDemoTerminal("a1b2", .screen("sitekey"), at: backend.clock.now())
        try backend.presence.recordDemoTerminal("a1b2", .customer(bob.id, storySince: start), at: backend.clock.now())
        try backend.presence.recordDemoTerminal("a1b2", .language(.ukrainian), at: backend.clock.now())
        backend.clock.advance(seconds: 4)
        try backend.presence.recordDemoTerminal("a1b2", .action(start.adding(seconds: 7)), at: backend.clock.now())
        backend.clock.advance(seconds: 30)
        try backend.presence.recordDemoTerminal("a1b2", .heartbeat, at: backend.clock.now())
        var read = try XCTUnwrap(backend.presence.demoTerminal("a1b2"))
        XCTAssertEqual(read.screen, "sitekey")
        XCTAssertEqual(read.screenSince, start.adding(seconds: 3), "the same screen again keeps its since")
        XCTAssertEqual(read.customer, bob.id)
        XCTAssertEqual(read.customerSince, start)
        XCTAssertEqual(read.language, .ukrainian)
        XCTAssertEqual(read.lastAction, start.adding(seconds: 7), "the key's own time")
        XCTAssertEqual(read.seenAt, start.adding(seconds: 39))
        XCTAssertNil(read.endedAt)

        try backend.presence.recordDemoTerminal("a1b2", .customer(nil, storySince: nil), at: backend.clock.now())
        backend.clock.advance(seconds: 1)
        try backend.presence.recordDemoTerminal("a1b2", .ended, at: backend.clock.now())
        backend.clock.advance(seconds: 1)
        try backend.presence.recordDemoTerminal("a1b2", .ended, at: backend.clock.now())
        read = try XCTUnwrap(backend.presence.demoTerminal("a1b2"))
        XCTAssertNil(read.customer)
        XCTAssertNil(read.customerSince)
        XCTAssertEqual(read.endedAt, start.adding(seconds: 40), "the first exit's time stays")
        XCTAssertFalse(try backend.presence.recordDemoTerminal("nope", .heartbeat, at: backend.clock.now()), "no such row")
    }

    func onlyTerminalsNotEndedAndSeenLatelyAreConnectedTheLongestFirst() throws {
        let backend = try make()
        let start = backend.clock.now()
        func begin(_ id: String, door: Stakeholder.Door, after seconds: Int64) throws {
            try backend.presence.startDemoTerminal(.starting(
                id: id, origin: DemoOrigin(keyFingerprint: nil, address: "198.51.100.\(seconds)"), door: door,
                device: nil, language: .english, screen: "login", at: start.adding(seconds: seconds)))
        }
        try begin("late", door: .web, after: 20)
        try begin("early", door: .ssh, after: 10)
        try begin("ended", door: .local, after: 5)
        try begin("killed", door: .ssh, after: 0)
        backend.clock.advance(seconds: 100)
        let now = backend.clock.now()
        try backend.presence.recordDemoTerminal("late", .heartbeat, at: now)
        try backend.presence.recordDemoTerminal("early", .heartbeat, at: now)
        try backend.presence.recordDemoTerminal("ended", .ended, at: now)
        let connected = try backend.presence.connectedDemoTerminals(seenSince: now.adding(seconds: -90))
        XCTAssertEqual(connected.map(\.id), ["early", "late"])
        XCTAssertEqual(connected.map(\.door), [.ssh, .web])

        // Gone before `now - 60`: only the killed one (last seen at the start).
        XCTAssertEqual(try backend.presence.pruneDemoTerminals(goneBefore: now.adding(seconds: -60)), 1)
        XCTAssertNil(try backend.presence.demoTerminal("killed"))
        XCTAssertNotNil(try backend.presence.demoTerminal("ended"), "ended just now")
        XCTAssertEqual(try backend.presence.pruneDemoTerminals(goneBefore: now.adding(seconds: 1)), 3)
        XCTAssertEqual(try backend.presence.connectedDemoTerminals(seenSince: start), [])
    }

    func aResetWipesThePresenceRows() throws {
        let backend = try make()
        try backend.presence.startDemoTerminal(.starting(id: "x", origin: .local, door: .local, device: "demo-phone",
                                                         language: .english, screen: "login", at: backend.clock.now()))
        try DemoBank.reset(backend.bank, context: .operatorCLI)
        XCTAssertNil(try backend.presence.demoTerminal("x"))
        XCTAssertFalse(try backend.presence.recordDemoTerminal("x", .heartbeat, at: backend.clock.now()))
    }
}

final class DemoTerminalStoreContractTests: ContractTestCase {
    var contract: DemoTerminalStoreContract { DemoTerminalStoreContract(make: on.make) }
    func testATerminalReadsBackAsStartedAndEachChangeWritesItsColumnAndTheHeartbeat() throws {
        try onEachBackend { try contract.aTerminalReadsBackAsStartedAndEachChangeWritesItsColumnAndTheHeartbeat() }
    }
    func testOnlyTerminalsNotEndedAndSeenLatelyAreConnectedTheLongestFirst() throws {
        try onEachBackend { try contract.onlyTerminalsNotEndedAndSeenLatelyAreConnectedTheLongestFirst() }
    }
    func testAResetWipesThePresenceRows() throws {
        try onEachBackend { try contract.aResetWipesThePresenceRows() }
    }
}
