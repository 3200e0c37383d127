/// The simulated phone's biometric sheet and the biometric sign-in switch in
/// Ukrainian, after the LocalAuthentication table (seed 001) and iOS's own
/// Ukrainian words ("код-пароль", "Параметри > Face ID і код-пароль").
extension UkrainianCoreCatalog {
    public func text(_ error: BiometricSettings.EnableError) -> String {
        "Щоб увімкнути вхід за біометрією, потрібна успішна перевірка Touch ID або Face ID."
    }

    public func text(_ outcome: BiometricOutcome, biometry: BiometryType) -> String? {
        let sensor = biometry == .none ? "Face ID / Touch ID" : biometry.displayName
        switch outcome {
        case .success, .userCancel, .userFallback:
            return nil
        case .authenticationFailed:
            return "\(sensor): аутентифікацію не пройдено. Вхід зупинено."
        case .systemCancel:
            return "Аутентифікацію скасувала система."
        case .biometryNotAvailable:
            return "Face ID / Touch ID недоступні на цьому пристрої. Скористайтеся код-паролем."
        case .biometryNotEnrolled:
            let settings = biometry == .faceID ? "Face ID і код-пароль" : "Touch ID і код-пароль"
            return "Біометричні дані не додано. Налаштуйте \(sensor) у розділі «Параметри > \(settings)»."
        case .biometryLockout:
            return "Забагато невдалих спроб. Розблокуйте біометрію код-паролем."
        case .passcodeNotSet:
            return "Для біометричної аутентифікації потрібен код-пароль пристрою. Встановіть його в Параметрах."
        }
    }

    public func text(_ notice: BiometricNotice, biometry: BiometryType) -> String {
        switch notice {
        case .biometryLockedOut: return text(.biometryLockout, biometry: biometry) ?? ""
        case .tryAgain: return "Спробуйте ще раз"
        case .deviceLocked(let minutesLeft): return "Пристрій заблоковано. Спробуйте через \(minutes(minutesLeft))."
        case .wrongPasscode(lockedForMinutes: nil): return "Неправильний код-пароль. Спробуйте ще раз."
        case .wrongPasscode(lockedForMinutes: let minutesLeft?):
            return "Неправильний код-пароль. Пристрій заблоковано; спробуйте через \(minutes(minutesLeft))."
        }
    }
}
