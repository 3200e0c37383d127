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

    public func modifyDevice<T>(_ id: DeviceID, _ body: (inout DeviceCounters) throws -> T) throws -> T {
        try withConnection { db in
            try db.writeTransaction {
                guard let row = try db.query("SELECT \(Self.deviceColumns) FROM devices WHERE id = ?", [id.rawValue]).first
                else { throw StoreError.backend("device \(id) no longer exists") }
                var counters = Self.decodeDevice(row).counters
                let result = try body(&counters)
                try db.execute("""
                    UPDATE devices SET enrolled = ?, enrollment_state = ?, biometric_failures = ?, biometry_locked = ?,
                                       passcode_failures = ?, passcode_retry_at = ?
                    WHERE id = ?
                    """, [counters.enrolled, counters.enrollmentState, counters.biometricFailures,
                          counters.biometryLockedOut, counters.passcodeFailures,
                          counters.passcodeRetryAt?.millisecondsSinceEpoch, id.rawValue])
                return result
            }
        }
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
