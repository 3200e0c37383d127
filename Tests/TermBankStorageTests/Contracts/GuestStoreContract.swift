import TermBankCore
import XCTest

/// What every `GuestStore` backend promises (demo mode's guest customers),
/// against the protocol only: the per-address limit counted in the same
/// transaction as the creation, names and numbers that stay unique, expiry,
/// and a removal that sweeps the money back through the ledger.
struct GuestStoreContract {
    let make: MakeContractBackend

    private func newGuest(_ backend: ContractBackend, _ name: String, phone: String) throws -> NewUser {
        let alice = try backend.user("alice")
        let hash = try XCTUnwrap(backend.store.passwordHash(of: alice.id))
        return NewUser(username: Username(trusted: name), passwordHash: hash,
                       phone: PhoneNumber(trusted: phone), smsVerification: false, sitekey: alice.sitekey,
                       openingBalances: [.checking: Money(minorUnits: 50_000), .savings: Money(minorUnits: 25_000)])
    }

    private func insert(_ backend: ContractBackend, _ user: NewUser, origin: DemoOrigin, limit: Int = 5,
                        lifetime: Int64 = 3_600) throws -> GuestInsert {
        let now = backend.clock.now()
        return try backend.guests.insertGuest(user, origin: origin, expiresAt: now.adding(seconds: lifetime), limit: limit,
                                              windowStart: now.adding(seconds: -3_600), at: now, context: .operatorCLI)
    }

    func aGuestIsACustomerWithAGuestRowAndItsOpeningBalances() throws {
        let backend = try make()
        let origin = DemoOrigin(keyFingerprint: "SHA256:key-a", address: "192.0.2.7")
        guard case .created(let user) = try insert(backend, try newGuest(backend, "guest-otter", phone: "+15550170001"),
                                                   origin: origin) else { return XCTFail("not created") }
        XCTAssertEqual(try backend.store.balances(of: user.id),
                       [.checking: Money(minorUnits: 50_000), .savings: Money(minorUnits: 25_000)])
        let record = try XCTUnwrap(try backend.store.guest(user.id))
        XCTAssertEqual(record.username, Username(trusted: "guest-otter"))
        XCTAssertEqual(record.keyFingerprint, "SHA256:key-a")
        XCTAssertEqual(record.address, "192.0.2.7")
        XCTAssertEqual(record.expiresAt, backend.clock.now().adding(seconds: 3_600))
        XCTAssertNil(try backend.store.guest(try backend.user("alice").id), "a customer who is no guest")
        XCTAssertEqual(try backend.store.checkInvariants().problems, [])
    }

    func aTakenNameOrNumberIsRefusedAndNothingIsMade() throws {
        let backend = try make()
        let alice = try backend.user("alice")
        XCTAssertEqual(try insert(backend, try newGuest(backend, "alice", phone: "+15550170002"), origin: .local), .usernameTaken)
        XCTAssertEqual(try insert(backend, try newGuest(backend, "guest-heron", phone: alice.phone.e164), origin: .local),
                       .phoneTaken)
        XCTAssertNil(try backend.store.user(named: Username(trusted: "guest-heron")))
    }

    func anAddressMakesAtMostItsLimitInTheWindow() throws {
        let backend = try make()
        let origin = DemoOrigin(keyFingerprint: nil, address: "198.51.100.9")
        let first = backend.clock.now()
        for index in 1...2 {
            guard case .created = try insert(backend, try newGuest(backend, "guest-\(index)", phone: "+1555017010\(index)"),
                                             origin: origin, limit: 2) else { return XCTFail("guest \(index) not created") }
            backend.clock.advance(seconds: 60)
        }
        XCTAssertEqual(try insert(backend, try newGuest(backend, "guest-3", phone: "+15550170103"), origin: origin, limit: 2),
                       .rateLimited(retryAt: first.adding(seconds: 3_600)), "the oldest ages out of the hour")
        guard case .created = try insert(backend, try newGuest(backend, "guest-4", phone: "+15550170104"),
                                         origin: DemoOrigin(keyFingerprint: nil, address: "203.0.113.1"), limit: 2) else {
            return XCTFail("another address has its own limit")
        }
    }

    func expiredGuestsAreFoundAndRemovalSweepsTheirMoneyBackOnce() throws {
        let backend = try make()
        let key = DemoOrigin(keyFingerprint: "SHA256:key-b", address: "192.0.2.8")
        guard case .created(let short) = try insert(backend, try newGuest(backend, "guest-short", phone: "+15550170201"),
                                                    origin: key, lifetime: 60),
              case .created(let long) = try insert(backend, try newGuest(backend, "guest-long", phone: "+15550170202"),
                                                   origin: key, lifetime: 7_200) else { return XCTFail("not created") }
        let before = try backend.store.checkInvariants()
        XCTAssertEqual(try backend.guests.guests(boundTo: "SHA256:key-b", at: backend.clock.now()).map(\.userID),
                       [long.id, short.id].sorted { $0.rawValue > $1.rawValue }, "live guests of the key, newest first")
        backend.clock.advance(seconds: 60)
        XCTAssertEqual(try backend.guests.expiredGuests(at: backend.clock.now()).map(\.userID), [short.id])
        XCTAssertEqual(try backend.guests.guests(boundTo: "SHA256:key-b", at: backend.clock.now()).map(\.userID), [long.id])

        let removal = try XCTUnwrap(try backend.guests.removeGuest(short.id, at: backend.clock.now(), context: .operatorCLI))
        XCTAssertEqual(removal.username, short.username)
        XCTAssertEqual(removal.swept, Money(minorUnits: 75_000))
        XCTAssertEqual(try backend.store.balances(of: short.id), [.checking: .zero, .savings: .zero])
        let after = try backend.store.checkInvariants()
        XCTAssertEqual(after.problems, [])
        XCTAssertEqual(after.customerTotal, Money(minorUnits: before.customerTotal.minorUnits - 75_000))
        XCTAssertEqual(try backend.guests.expiredGuests(at: backend.clock.now()), [], "removed is not expired again")
        XCTAssertNotNil(try backend.store.guest(short.id), "the row stays, removed")
        _ = try backend.guests.removeGuest(short.id, at: backend.clock.now(), context: .operatorCLI)
        XCTAssertEqual(try backend.store.checkInvariants().customerTotal, after.customerTotal, "a second removal sweeps nothing")
    }
}
