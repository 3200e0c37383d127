import TermBankCore
import XCTest

/// What every `KnownSignInStore` backend promises, against the protocol only:
/// a record answers only for its own identity, device and username.
struct KnownSignInStoreContract {
    let make: MakeContractBackend

    func aRecordAnswersForItsIdentityDeviceAndUsernameOnly() throws {
        let backend = try make()
        let alice = try backend.user("alice")
        let phone = try backend.device("iphone-touchid")
        let other = try backend.device("old-phone")
        try backend.knownSignIns.recordKnownSignIn(identity: "key-a", device: phone.id, username: alice.username,
                                                   user: alice.id, at: backend.clock.now())
        XCTAssertEqual(try backend.knownSignIns.knownSignIn(identity: "key-a", device: phone.id, username: alice.username), alice)
        XCTAssertNil(try backend.knownSignIns.knownSignIn(identity: "key-b", device: phone.id, username: alice.username))
        XCTAssertNil(try backend.knownSignIns.knownSignIn(identity: "key-a", device: other.id, username: alice.username))
        XCTAssertNil(try backend.knownSignIns.knownSignIn(identity: "key-a", device: phone.id,
                                                          username: Username(trusted: "bob")))
        XCTAssertNil(try backend.knownSignIns.knownSignIn(identity: "key-a", device: phone.id,
                                                          username: Username(trusted: "nobody-at-all")),
                     "a name that does not exist looks the same as one never seen here")
    }

    func recordingAgainRefreshesTheOneRecord() throws {
        let backend = try make()
        let bob = try backend.user("bob")
        let phone = try backend.device("iphone-faceid")
        for _ in 0..<3 {
            try backend.knownSignIns.recordKnownSignIn(identity: "key-a", device: phone.id, username: bob.username,
                                                       user: bob.id, at: backend.clock.now())
            backend.clock.advance(seconds: 60)
        }
        XCTAssertEqual(try backend.knownSignIns.knownSignIn(identity: "key-a", device: phone.id, username: bob.username), bob)
    }
}
