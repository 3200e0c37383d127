import TermBankCore
import XCTest

/// What every `PhoneInboxStore` backend promises, against the protocol only:
/// each phone's messages in the order they came, and none after a reset.
struct PhoneInboxStoreContract {
    let make: MakeContractBackend

    private func message(_ text: String, to phone: String, channel: OutgoingMessage.Channel = .sms) -> OutgoingMessage {
        OutgoingMessage(to: PhoneNumber(trusted: phone), userID: nil, channel: channel, text: text)
    }

    func messagesComeBackPerPhoneOldestFirstAfterAnID() throws {
        let backend = try make()
        let phone = PhoneNumber(trusted: "+15550100123")
        try backend.phoneInbox.receive(message("first", to: phone.e164), at: backend.clock.now())
        try backend.phoneInbox.receive(message("elsewhere", to: "+15550100999"), at: backend.clock.now())
        backend.clock.advance(seconds: 30)
        try backend.phoneInbox.receive(message("second", to: phone.e164, channel: .voice), at: backend.clock.now())
        try backend.phoneInbox.receive(message("third", to: phone.e164), at: backend.clock.now())

        let all = try backend.phoneInbox.inbox(of: phone)
        XCTAssertEqual(all.map(\.text), ["first", "second", "third"])
        XCTAssertEqual(all.map(\.id), all.map(\.id).sorted(), "ids grow")
        XCTAssertEqual(Set(all.map(\.id)).count, 3)
        XCTAssertEqual(all.map(\.channel), [.sms, .voice, .sms])
        XCTAssertEqual(all[1].at, backend.clock.now())
        XCTAssertTrue(all.allSatisfy { $0.phone == phone })
        XCTAssertEqual(try backend.phoneInbox.inbox(of: phone, after: all[0].id).map(\.text), ["second", "third"])
        XCTAssertEqual(try backend.phoneInbox.inbox(of: phone, after: 0, limit: 2).map(\.text), ["first", "second"])
        XCTAssertEqual(try backend.phoneInbox.lastInboxMessage(of: phone), all[2])
        XCTAssertEqual(try backend.phoneInbox.inbox(of: PhoneNumber(trusted: "+15550100999")).map(\.text), ["elsewhere"])
        XCTAssertEqual(try backend.phoneInbox.inbox(of: PhoneNumber(trusted: "+15550100000")), [])
        XCTAssertNil(try backend.phoneInbox.lastInboxMessage(of: PhoneNumber(trusted: "+15550100000")))
    }

    /// Where a running code's messages begin: the newest message strictly before a time, per phone.
    func theNewestMessageBeforeATimeIsThePhonesOwn() throws {
        let backend = try make()
        let phone = PhoneNumber(trusted: "+15550100123")
        try backend.phoneInbox.receive(message("old", to: phone.e164), at: backend.clock.now())
        backend.clock.advance(seconds: 30)
        let later = backend.clock.now()
        try backend.phoneInbox.receive(message("elsewhere", to: "+15550100999"), at: later.adding(seconds: -1))
        try backend.phoneInbox.receive(message("at the time", to: phone.e164), at: later)
        XCTAssertEqual(try backend.phoneInbox.lastInboxMessage(of: phone, before: later)?.text, "old")
        XCTAssertEqual(try backend.phoneInbox.lastInboxMessage(of: phone, before: later.adding(seconds: 1))?.text, "at the time")
        XCTAssertNil(try backend.phoneInbox.lastInboxMessage(of: phone, before: later.adding(seconds: -30)))
    }

    /// A phone read oldest first stopped at its 1,000th message,
    /// and a code sent after that never showed. The newest come back,
    /// cut by time and id in the query.
    func aPhoneWithFifteenHundredMessagesShowsItsNewest() throws {
        let backend = try make()
        let phone = PhoneNumber(trusted: "+15550100123")
        var times: [Timestamp] = []
        for number in 1...1_500 {
            backend.clock.advance(seconds: 1)
            times.append(backend.clock.now())
            try backend.phoneInbox.receive(message("m\(number)", to: phone.e164), at: backend.clock.now())
        }
        try backend.phoneInbox.receive(message("elsewhere", to: "+15550100999"), at: backend.clock.now())
        let newest = try backend.phoneInbox.newestInbox(of: phone, after: 0, since: nil, limit: 20)
        XCTAssertEqual(newest.map(\.text), (1_481...1_500).map { "m\($0)" }, "the newest 20, oldest first")
        let recent = try backend.phoneInbox.newestInbox(of: phone, after: 0, since: times[1_494], limit: 20)
        XCTAssertEqual(recent.map(\.text), (1_495...1_500).map { "m\($0)" }, "delivered at or after the time")
        let after = try backend.phoneInbox.newestInbox(of: phone, after: newest[15].id, since: nil, limit: 20)
        XCTAssertEqual(after.map(\.text), (1_497...1_500).map { "m\($0)" }, "after an id")
        XCTAssertEqual(try backend.phoneInbox.newestInbox(of: phone, after: 0, since: times[1_499].adding(seconds: 1),
                                                          limit: 20), [], "none since")
    }

    func theSimulatedPhoneDeliversIntoTheInboxAtTheClocksTime() throws {
        let backend = try make()
        let gateway = SimulatedPhoneGateway(store: backend.phoneInbox, clock: backend.clock)
        let alice = try backend.user("alice")
        try gateway.deliver(OutgoingMessage(to: alice.phone, userID: alice.id, channel: .sms, text: "TermBank: code 123456"))
        let last = try XCTUnwrap(try backend.phoneInbox.lastInboxMessage(of: alice.phone))
        XCTAssertEqual(last.text, "TermBank: code 123456")
        XCTAssertEqual(last.at, backend.clock.now())
    }

    func aBankResetEmptiesEveryPhone() throws {
        let backend = try make()
        let phone = PhoneNumber(trusted: "+15550100123")
        try backend.phoneInbox.receive(message("before the reset", to: phone.e164), at: backend.clock.now())
        try backend.store.reset(to: .demo, users: [], devices: [], at: backend.clock.now(), context: .operatorCLI)
        XCTAssertEqual(try backend.phoneInbox.inbox(of: phone), [])
    }
}
