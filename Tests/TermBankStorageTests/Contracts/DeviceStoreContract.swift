import TermBankCore
import XCTest

/// What every `DeviceStore` backend promises, against the protocol only.
struct DeviceStoreContract {
    let make: MakeContractBackend

    func aDeviceIsFoundByNameAndByIDAndListed() throws {
        let backend = try make()
        let added = try backend.devices.addDevice(
            NewDevice(name: "tablet", biometry: .faceID, enrolled: true, passcodeHash: Secret("digest-of-passcode"),
                      enrollmentState: "faces-1"), at: backend.clock.now(), context: .operatorCLI)
        XCTAssertEqual(added.name, "tablet")
        XCTAssertEqual(added.biometry, .faceID)
        XCTAssertTrue(added.enrolled)
        XCTAssertTrue(added.hasPasscode)
        XCTAssertEqual(added.enrollmentState, "faces-1")
        XCTAssertEqual(added.biometricFailures, 0)
        XCTAssertEqual(try backend.devices.device(named: "tablet"), added)
        XCTAssertEqual(try backend.devices.device(id: added.id), added)
        XCTAssertEqual(try backend.devices.devicePasscodeHash(added.id)?.exposedValue, "digest-of-passcode")
        XCTAssertNil(try backend.devices.device(named: "no-such-device"))
        let names = try backend.devices.listDevices().map(\.name)
        XCTAssertEqual(Set(names), ["iphone-touchid", "iphone-faceid", "old-phone", "tablet"])
    }

    func aDeviceWithoutAPasscodeHasNoHashAndNamesAreUnique() throws {
        let backend = try make()
        let bare = try backend.devices.addDevice(NewDevice(name: "kiosk", biometry: .none, enrolled: false, passcodeHash: nil,
                                                           enrollmentState: nil), at: backend.clock.now(), context: .operatorCLI)
        XCTAssertFalse(bare.hasPasscode)
        XCTAssertNil(try backend.devices.devicePasscodeHash(bare.id))
        XCTAssertThrowsError(try backend.devices.addDevice(
            NewDevice(name: "kiosk", biometry: .touchID, enrolled: true, passcodeHash: nil, enrollmentState: nil),
            at: backend.clock.now(), context: .operatorCLI), "a second device of the same name")
        XCTAssertEqual(try backend.devices.device(named: "kiosk"), bare, "the first one is untouched")
    }

    /// Decision 68: at the shared demo a picker phone's lock-outs are each
    /// origin's own, as wrong passwords and codes are (decisions 40, 46):
    /// one origin's five failed touches and six wrong passcodes leave the
    /// phone clean for another, and for the device's own counters. On a bank
    /// that is not the demo bank, an origin counts in the device's one run.
    func aDemoOriginsLockOutsOnASharedPhoneAreItsOwn() throws {
        let backend = try make()
        let phone = try backend.device("iphone-touchid")
        let first = LockoutScope.perOrigin(DemoOrigin(keyFingerprint: nil, address: "198.51.100.1"))
        let second = LockoutScope.perOrigin(DemoOrigin(keyFingerprint: nil, address: "203.0.113.2"))
        let retry = backend.clock.now().adding(seconds: 60)
        try backend.devices.modifyDevice(phone.id, scope: first) { counters in
            counters.biometricFailures = 5
            counters.biometryLockedOut = true
            counters.passcodeFailures = 6
            counters.passcodeRetryAt = retry
        }
        let locked = try XCTUnwrap(try backend.devices.device(id: phone.id, scope: first))
        XCTAssertEqual([locked.biometricFailures, locked.passcodeFailures], [5, 6])
        XCTAssertTrue(locked.biometryLockedOut)
        XCTAssertEqual(locked.passcodeRetryAt, retry)
        XCTAssertEqual(locked.enrollmentState, phone.enrollmentState, "the enrollment is the phone's")
        XCTAssertEqual(try backend.devices.device(id: phone.id, scope: second), phone, "another origin's phone is clean")
        XCTAssertEqual(try backend.devices.device(id: phone.id), phone, "the device's own counters are untouched")
        XCTAssertEqual(try backend.devices.modifyDevice(phone.id, scope: second) { $0.biometryLockedOut }, false)

        // The right passcode clears that origin's run, and its row.
        try backend.devices.modifyDevice(phone.id, scope: first) { counters in
            counters = phone.counters
        }
        XCTAssertEqual(try backend.devices.device(id: phone.id, scope: first), phone)

        // A bank that is not the demo bank: the origin counts in the device's run.
        try backend.store.reset(to: .custom, users: [], devices: [
            NewDevice(name: "iphone-touchid", biometry: .touchID, enrolled: true, passcodeHash: Secret("digest"),
                      enrollmentState: "fingers-1")], at: backend.clock.now(), context: .operatorCLI)
        let real = try backend.device("iphone-touchid")
        try backend.devices.modifyDevice(real.id, scope: first) { $0.biometricFailures = 2 }
        XCTAssertEqual(try backend.devices.device(id: real.id)?.biometricFailures, 2)
        XCTAssertEqual(try backend.devices.device(id: real.id, scope: second)?.biometricFailures, 2)
    }

    /// A reset wipes every origin's counters with the phones.
    func aResetWipesEveryOriginsLockOuts() throws {
        let backend = try make()
        let phone = try backend.device("iphone-touchid")
        let origin = LockoutScope.perOrigin(DemoOrigin(keyFingerprint: "SHA256:k", address: "198.51.100.1"))
        try backend.devices.modifyDevice(phone.id, scope: origin) { $0.biometryLockedOut = true }
        try backend.store.reset(to: .demo, users: [], devices: [
            NewDevice(name: "iphone-touchid", biometry: .touchID, enrolled: true, passcodeHash: Secret("digest"),
                      enrollmentState: "fingers-1")], at: backend.clock.now(), context: .operatorCLI)
        let again = try backend.device("iphone-touchid")
        XCTAssertEqual(try backend.devices.device(id: again.id, scope: origin)?.biometryLockedOut, false)
    }

    func countersChangeAtomicallyAndAThrowingChangeKeepsNothing() throws {
        let backend = try make()
        let phone = try backend.device("iphone-touchid")
        let returned = try backend.devices.modifyDevice(phone.id) { counters -> Int in
            counters.biometricFailures = 3
            counters.passcodeFailures = 2
            counters.passcodeRetryAt = backend.clock.now().adding(seconds: 60)
            return 42
        }
        XCTAssertEqual(returned, 42, "the body's result comes back")
        let changed = try backend.device("iphone-touchid")
        XCTAssertEqual(changed.biometricFailures, 3)
        XCTAssertEqual(changed.passcodeFailures, 2)
        XCTAssertEqual(changed.passcodeRetryAt, backend.clock.now().adding(seconds: 60))

        XCTAssertThrowsError(try backend.devices.modifyDevice(phone.id) { counters in
            counters.biometryLockedOut = true
            counters.biometricFailures = 5
            throw RolledBack()
        })
        XCTAssertEqual(try backend.device("iphone-touchid"), changed)
    }

    func aUsersSwitchStartsAbsentIsKeptAndAThrowingChangeKeepsNothing() throws {
        let backend = try make()
        let phone = try backend.device("iphone-faceid")
        let carol = try backend.user("carol")
        let seen = try backend.devices.modifySetting(user: carol.id, device: phone.id) { setting -> BiometricSetting? in
            let before = setting
            setting = BiometricSetting(userID: carol.id, deviceID: phone.id, enabled: true, enrollmentState: "faces-1",
                                       reverificationRequired: false)
            return before
        }
        XCTAssertNil(seen, "no row yet")
        let kept = try backend.devices.modifySetting(user: carol.id, device: phone.id) { $0 }
        XCTAssertEqual(kept?.enabled, true)
        XCTAssertEqual(kept?.enrollmentState, "faces-1")

        XCTAssertThrowsError(try backend.devices.modifySetting(user: carol.id, device: phone.id) { setting in
            setting?.enabled = false
            setting?.reverificationRequired = true
            throw RolledBack()
        })
        XCTAssertEqual(try backend.devices.modifySetting(user: carol.id, device: phone.id) { $0 }, kept)
        let alice = try backend.user("alice")
        XCTAssertNil(try backend.devices.modifySetting(user: alice.id, device: phone.id) { $0 }, "switches are per user")
    }
}
