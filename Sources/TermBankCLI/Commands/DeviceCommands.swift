import TermBankCore

enum DeviceCommands {
    static let all = [
        Command(["device", "add"], arguments: "NAME --biometry touchid|faceid|none [--not-enrolled] [--passcode]",
                summary: "Register a simulated phone",
                details: ["--not-enrolled: the sensor exists but no finger or face is enrolled.",
                          "--passcode: set a device passcode (read without echo, or one line of stdin; 4 to 16",
                          "characters). iOS allows Touch ID and Face ID only on a device with a passcode."],
                valued: ["biometry"], boolean: ["not-enrolled", "passcode"], run: add),
        Command(["device", "list"], summary: "List simulated phones, their sensors and lockouts", run: list),
        Command(["device", "enroll"], arguments: "NAME",
                summary: "Change a device's enrolled fingers/faces (turns biometric sign-in off for its users)",
                run: enroll),
    ]

    static func add(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        let text = try arguments.expectPositionals(["NAME"])[0]
        guard let name = Device.validName(text) else {
            throw CommandFailure("A device name has 2 to 32 letters a-z, digits, \"_\", \".\" and \"-\".", code: .dataError)
        }
        guard let biometryText = arguments.value("biometry") else { throw CommandFailure.usage("--biometry is required") }
        guard let biometry = BiometryType(parsing: biometryText) else {
            throw CommandFailure.usage("--biometry is touchid, faceid or none")
        }
        let store = try context.store()
        if try store.device(named: name) != nil {
            throw CommandFailure("A device named \(Console.quoted(name)) already exists.", code: .dataError)
        }
        var passcodeHash: Secret?
        if arguments.flag("passcode") {
            guard let passcode = try context.console.readSecret(prompt: "Passcode for \(name): "),
                  (4...16).contains(passcode.codePointCount),
                  !passcode.exposedValue.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
            else { throw CommandFailure("A device passcode has 4 to 16 characters.", code: .dataError) }
            passcodeHash = Secret(try context.bank().hasher.hash(passcode))
        }
        let enrolled = biometry != .none && !arguments.flag("not-enrolled")
        let device = try store.addDevice(
            NewDevice(name: name, biometry: biometry, enrolled: enrolled, passcodeHash: passcodeHash,
                      enrollmentState: enrolled ? context.random.hexIdentifier(bytes: 16) : nil),
            at: context.clock.now(), context: .operatorCLI)
        context.console.print("Added \(device.name): \(describe(device)).")
        return .ok
    }

    static func describe(_ device: Device) -> String {
        var parts = [device.biometry.displayName]
        if device.biometry != .none { parts.append(device.enrolled ? "enrolled" : "not enrolled") }
        parts.append(device.hasPasscode ? "passcode set" : "no passcode")
        return parts.joined(separator: ", ")
    }

    static func list(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        _ = try arguments.expectPositionals([])
        let now = context.clock.now()
        let devices = try context.store().listDevices()
        if devices.isEmpty {
            context.console.print("No devices yet. \"termbank demo reset\" creates three; \"termbank device add\" adds one.")
            return .ok
        }
        let rows = devices.map { device -> [String] in
            var status: [String] = []
            if device.biometryLockedOut { status.append("biometry locked (passcode unlocks)") }
            else if device.biometricFailures > 0 { status.append("\(device.biometricFailures) failed touches") }
            if let retry = device.passcodeRetryAt, now < retry { status.append("passcode locked until \(retry.timeOfDay)") }
            else if device.passcodeFailures > 0 { status.append("\(device.passcodeFailures) wrong passcodes") }
            return [device.name, device.biometry.displayName,
                    device.biometry == .none ? "-" : (device.enrolled ? "yes" : "no"),
                    device.hasPasscode ? "yes" : "no", status.isEmpty ? "ready" : status.joined(separator: "; ")]
        }
        for line in Table.render(header: ["DEVICE", "BIOMETRY", "ENROLLED", "PASSCODE", "STATUS"], rows: rows) {
            context.console.print(line)
        }
        return .ok
    }

    static func enroll(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        let device = try context.existingDevice(try arguments.expectPositionals(["NAME"])[0])
        guard device.biometry != .none else {
            throw CommandFailure("\(device.name) has no biometric sensor to enroll.", code: .dataError)
        }
        let state = context.random.hexIdentifier(bytes: 16)
        try context.store().modifyDevice(device.id) { counters in
            counters.enrolled = true
            counters.enrollmentState = state
        }
        try context.store().append(AuditEvent(at: context.clock.now(), kind: .deviceEnrolled, username: nil, userID: nil,
                                              context: .operatorCLI,
                                              detail: "\(device.name): enrolled \(device.biometry == .faceID ? "faces" : "fingers") changed"))
        context.console.print("Enrolled new \(device.biometry == .faceID ? "face" : "finger") on \(device.name). "
                              + "Biometric sign-in turns itself off for its users until they turn it on again.")
        return .ok
    }
}
