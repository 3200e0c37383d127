/// The simulated phone's biometric sheet and the biometric sign-in switch,
/// in the words of the LocalAuthentication tables (seeds 001 and 002) and of
/// iOS in Italian ("Riprova", "Face ID e codice").
extension ItalianCoreCatalog {
    public func text(_ error: BiometricSettings.EnableError) -> String {
        "L'accesso biometrico si attiva dopo una verifica Touch ID o Face ID riuscita."
    }

    public func text(_ outcome: BiometricOutcome, biometry: BiometryType) -> String? {
        let sensor = biometry == .none ? "Face ID / Touch ID" : biometry.displayName
        switch outcome {
        case .success, .userCancel, .userFallback:
            return nil
        case .authenticationFailed:
            return "Autenticazione \(sensor) non riuscita. Accesso interrotto."
        case .systemCancel:
            return "Autenticazione annullata dal sistema."
        case .biometryNotAvailable:
            return "Face ID / Touch ID non è disponibile su questo dispositivo. Usa il codice di accesso."
        case .biometryNotEnrolled:
            // The menus as iOS names them in Italian.
            let settings = biometry == .faceID ? "Face ID e codice" : "Touch ID e codice"
            return "Nessun dato biometrico registrato. Configura \(sensor) in Impostazioni > \(settings)."
        case .biometryLockout:
            return "Troppi tentativi falliti. Sblocca la biometria con il codice di accesso."
        case .passcodeNotSet:
            return "Per usare l'autenticazione biometrica serve un codice di accesso al dispositivo. Impostalo in Impostazioni."
        }
    }

    public func text(_ notice: BiometricNotice, biometry: BiometryType) -> String {
        switch notice {
        case .biometryLockedOut: return text(.biometryLockout, biometry: biometry) ?? ""
        case .tryAgain: return "Riprova"
        case .deviceLocked(let minutesLeft): return "Dispositivo bloccato. Riprova tra \(minutes(minutesLeft))."
        case .wrongPasscode(lockedForMinutes: nil): return "Codice errato. Riprova."
        case .wrongPasscode(lockedForMinutes: let minutesLeft?):
            return "Codice errato. Dispositivo bloccato; riprova tra \(minutes(minutesLeft))."
        }
    }
}
