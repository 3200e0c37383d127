import TermBankCore

/// Simulated devices and the per-user biometric switch.
extension SQLBankStore: DeviceStore {
    private static let deviceColumns = """
        id, name, biometry, enrolled, CASE WHEN passcode_hash IS NULL THEN 0 ELSE 1 END, biometric_failures, biometry_locked,
        passcode_failures, passcode_retry_at, enrollment_state
        """

    static func decodeDevice(_ row: SQLRow) -> Device {
        Device(id: DeviceID(row.int(0)), name: row.text(1), biometry: BiometryType(rawValue: row.text(2)) ?? .none,
               enrolled: row.int(3) != 0, hasPasscode: row.int(4) != 0, biometricFailures: Int(row.int(5)),
               biometryLockedOut: row.int(6) != 0, passcodeFailures: Int(row.int(7)),
               passcodeRetryAt: row.optionalInt(8).map(Timestamp.init(millisecondsSinceEpoch:)),
               enrollmentState: row.optionalText(9))
    }

    public func addDevice(_ device: NewDevice, at time: Timestamp, context: AuditContext) throws -> Device {
        try withConnection { db in
            try db.writeTransaction { try insertDevice(device, at: time, context: context, db: db) }
        }
    }

    func insertDevice(_ device: NewDevice, at time: Timestamp, context: AuditContext, db: any SQLConnection) throws -> Device {
        let id: Int64
        do {
            id = try db.query("""
                INSERT INTO devices (name, biometry, enrolled, passcode_hash, enrollment_state, created_at)
                VALUES (?, ?, ?, ?, ?, ?) RETURNING id
                """, [device.name, device.biometry.rawValue, device.enrolled, device.passcodeHash?.exposedValue,
                      device.enrollmentState, time.millisecondsSinceEpoch])[0].int(0)
        } catch is SQLConstraintViolation {
            throw StoreError.backend("a device named \"\(device.name)\" already exists")
        }
        try insertAudit(AuditEvent(at: time, kind: .deviceAdded, username: nil, userID: nil, context: context,
                                   detail: "\(device.name): \(device.biometry.displayName)"
                                       + (device.biometry == .none ? "" : device.enrolled ? ", enrolled" : ", not enrolled")
                                       + (device.passcodeHash == nil ? ", no passcode" : ", passcode set")), db: db)
        return try db.query("SELECT \(Self.deviceColumns) FROM devices WHERE id = ?", [id]).map(Self.decodeDevice)[0]
    }

    public func device(named name: String) throws -> Device? {
        try withConnection { db in
            try db.query("SELECT \(Self.deviceColumns) FROM devices WHERE name = ?", [name]).first.map(Self.decodeDevice)
        }
    }

    public func device(id: DeviceID) throws -> Device? {
        try withConnection { db in
            try db.query("SELECT \(Self.deviceColumns) FROM devices WHERE id = ?", [id.rawValue]).first.map(Self.decodeDevice)
        }
    }

    public func listDevices() throws -> [Device] {
        try withConnection { db in
            try db.query("SELECT \(Self.deviceColumns) FROM devices ORDER BY name").map(Self.decodeDevice)
        }
    }

    public func devicePasscodeHash(_ id: DeviceID) throws -> Secret? {
        try withConnection { db in
            try db.query("SELECT passcode_hash FROM devices WHERE id = ?", [id.rawValue]).first?.optionalText(0).map(Secret.init)
        }
    }

    public func device(id: DeviceID, scope: LockoutScope) throws -> Device? {
        try withConnection { db in
            guard let device = try db.query("SELECT \(Self.deviceColumns) FROM devices WHERE id = ?", [id.rawValue])
                .first.map(Self.decodeDevice) else { return nil }
            guard let origin = scope.countingOrigin(on: try Self.bankKind(db: db)) else { return device }
            return device.with(try Self.counters(of: device, origin: origin, db: db))
        }
    }

    public func modifyDevice<T>(_ id: DeviceID, scope: LockoutScope,
                                _ body: (inout DeviceCounters) throws -> T) throws -> T {
        try withConnection { db in
            try db.writeTransaction {
                guard let row = try db.query("SELECT \(Self.deviceColumns) FROM devices WHERE id = ?", [id.rawValue]).first
                else { throw StoreError.backend("device \(id) no longer exists") }
                let device = Self.decodeDevice(row)
                // Decided here, in the transaction that counts (decision 40).
                let origin = scope.countingOrigin(on: try Self.bankKind(db: db))
                var counters = try origin.map { try Self.counters(of: device, origin: $0, db: db) } ?? device.counters
                let before = counters
                let result = try body(&counters)
                guard let origin else {
                    try db.execute("""
                        UPDATE devices SET enrolled = ?, enrollment_state = ?, biometric_failures = ?, biometry_locked = ?,
                                           passcode_failures = ?, passcode_retry_at = ?
                        WHERE id = ?
                        """, [counters.enrolled, counters.enrollmentState, counters.biometricFailures,
                              counters.biometryLockedOut, counters.passcodeFailures,
                              counters.passcodeRetryAt?.millisecondsSinceEpoch, id.rawValue])
                    return result
                }
                // The enrollment is the phone's own, whoever holds it; the lock-outs are the origin's.
                if counters.enrolled != before.enrolled || counters.enrollmentState != before.enrollmentState {
                    try db.execute("UPDATE devices SET enrolled = ?, enrollment_state = ? WHERE id = ?",
                                   [counters.enrolled, counters.enrollmentState, id.rawValue])
                }
                try Self.saveCounters(counters, of: id, origin: origin, db: db)
                return result
            }
        }
    }

    /// One origin's lock-out counters on a device at the shared demo (no row: a clean slate).
    static func counters(of device: Device, origin: String, db: any SQLConnection) throws -> DeviceCounters {
        let row = try db.query("""
            SELECT biometric_failures, biometry_locked, passcode_failures, passcode_retry_at FROM device_throttle
            WHERE device_id = ? AND origin = ?
            """, [device.id.rawValue, origin]).first
        return DeviceCounters(enrolled: device.enrolled, enrollmentState: device.enrollmentState,
                              biometricFailures: row.map { Int($0.int(0)) } ?? 0,
                              biometryLockedOut: row.map { $0.int(1) != 0 } ?? false,
                              passcodeFailures: row.map { Int($0.int(2)) } ?? 0,
                              passcodeRetryAt: row?.optionalInt(3).map(Timestamp.init(millisecondsSinceEpoch:)))
    }

    /// Saves one origin's counters; back at a clean slate, its row goes.
    static func saveCounters(_ counters: DeviceCounters, of device: DeviceID, origin: String,
                             db: any SQLConnection) throws {
        guard counters.biometricFailures > 0 || counters.biometryLockedOut || counters.passcodeFailures > 0
                || counters.passcodeRetryAt != nil else {
            try db.execute("DELETE FROM device_throttle WHERE device_id = ? AND origin = ?", [device.rawValue, origin])
            return
        }
        try db.execute("""
            INSERT INTO device_throttle (device_id, origin, biometric_failures, biometry_locked, passcode_failures,
                                         passcode_retry_at)
            VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT (device_id, origin) DO UPDATE SET biometric_failures = excluded.biometric_failures,
                biometry_locked = excluded.biometry_locked, passcode_failures = excluded.passcode_failures,
                passcode_retry_at = excluded.passcode_retry_at
            """, [device.rawValue, origin, counters.biometricFailures, counters.biometryLockedOut,
                  counters.passcodeFailures, counters.passcodeRetryAt?.millisecondsSinceEpoch])
    }

    public func modifySetting<T>(user: UserID, device: DeviceID, _ body: (inout BiometricSetting?) throws -> T) throws -> T {
        try withConnection { db in
            try db.writeTransaction {
                var setting = try db.query("""
                    SELECT enabled, enrollment_state, reverification_required FROM biometric_settings
                    WHERE user_id = ? AND device_id = ?
                    """, [user.rawValue, device.rawValue]).first.map { row in
                    BiometricSetting(userID: user, deviceID: device, enabled: row.int(0) != 0,
                                     enrollmentState: row.optionalText(1), reverificationRequired: row.int(2) != 0)
                }
                let before = setting
                let result = try body(&setting)
                if setting != before {
                    if let setting {
                        try db.execute("""
                            INSERT INTO biometric_settings (user_id, device_id, enabled, enrollment_state, reverification_required)
                            VALUES (?, ?, ?, ?, ?)
                            ON CONFLICT (user_id, device_id) DO UPDATE SET enabled = excluded.enabled,
                                enrollment_state = excluded.enrollment_state,
                                reverification_required = excluded.reverification_required
                            """, [user.rawValue, device.rawValue, setting.enabled, setting.enrollmentState,
                                  setting.reverificationRequired])
                    } else {
                        try db.execute("DELETE FROM biometric_settings WHERE user_id = ? AND device_id = ?",
                                       [user.rawValue, device.rawValue])
                    }
                }
                return result
            }
        }
    }
}
