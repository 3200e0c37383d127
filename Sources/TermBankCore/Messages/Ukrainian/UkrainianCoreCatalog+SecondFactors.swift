/// Authenticator apps, recovery codes, trusted devices and the settings that
/// change them, in Ukrainian: the terms of seed 004 ("двофакторна
/// аутентифікація", "резервні коди", "довірений пристрій", "другий фактор").
/// Seed 004 says "TOTP-приложення"; a Ukrainian bank says "застосунок".
extension UkrainianCoreCatalog {
    public func text(_ check: AuthenticatorCheck) -> String {
        switch check {
        case .verified: return "Підтверджено."
        case .wrongCode(let left):
            return "Код неправильний. Перевірте час на телефоні. \(attemptsLeft(left))"
        case .alreadyUsed(let left):
            return "Цей код уже використано. Дочекайтеся наступного в застосунку-аутентифікаторі. \(attemptsLeft(left))"
        case .locked(let until):
            return "Забагато неправильних кодів. Коди двофакторної аутентифікації заблоковано до \(time(until))."
        case .notEnrolled: return "Для цього акаунта не налаштовано застосунок-аутентифікатор."
        }
    }

    public func text(_ result: ActivationResult) -> String {
        switch result {
        case .activated: return "Застосунок-аутентифікатор налаштовано."
        case .wrongCode(let left): return text(AuthenticatorCheck.wrongCode(attemptsLeft: left))
        case .alreadyUsed(let left): return text(AuthenticatorCheck.alreadyUsed(attemptsLeft: left))
        case .locked(let until): return text(AuthenticatorCheck.locked(until: until))
        case .expired: return "Минуло понад 10 хвилин; почніть знову, щоб отримати новий QR-код."
        case .noEnrolment: return "Налаштування аутентифікатора не розпочато; спершу почніть його."
        }
    }

    public func text(_ error: AuthenticatorError) -> String {
        switch error {
        case .sealedForAnotherUser: return "Збережений секрет аутентифікатора не належить цьому акаунту; його відхилено."
        }
    }

    /// "Залишився 1 резервний код", "Залишилось 3 резервні коди", "Залишилось 5 резервних кодів":
    /// the verb and the adjective agree with the count.
    func recoveryCodesLeft(_ count: Int) -> String {
        let left = plural(count, one: "Залишився", other: "Залишилось")
        let codes = counted(Int64(count), one: "резервний код", few: "резервні коди", many: "резервних кодів")
        return "\(left) \(codes)."
    }

    public func text(_ check: RecoveryCodeCheck) -> String {
        switch check {
        case .accepted(let proof):
            if proof.remaining == 0 { return "Це був ваш останній резервний код: створіть новий набір зараз." }
            return "Резервний код прийнято. \(recoveryCodesLeft(proof.remaining))"
        case .wrongCode(let left): return "Резервний код неправильний. \(attemptsLeft(left))"
        case .alreadyUsed(let left): return "Цей резервний код уже використано. \(attemptsLeft(left))"
        case .locked(let until): return text(AuthenticatorCheck.locked(until: until))
        case .notEnrolled: return "Для цього акаунта немає резервних кодів."
        }
    }

    public func text(_ error: ConfirmationError) -> String {
        switch error {
        case .password(let refusal): return text(refusal)
        case .authenticator(let check): return text(check)
        case .recoveryCode(let check): return text(check)
        case .sms(let check): return text(check)
        case .needsStrongFactor: return "Підтвердьте кодом із застосунку-аутентифікатора або резервним кодом."
        case .noAuthenticator: return "Застосунок-аутентифікатор не налаштовано; підтвердьте кодом, надісланим на ваш телефон."
        case .grantNotValid: return "Увійдіть знову, щоб створити нові резервні коди."
        case .nothingToChange(let unchanged): return text(unchanged)
        case .needsSMSCode: return "Підтвердьте цю зміну кодом, надісланим на ваш телефон."
        case .needsNewPhoneCode: return "Введіть код, надісланий на новий номер: він підтверджує, що номер ваш."
        case .phoneInUse:
            return "Цей номер належить іншому клієнту TermBank. Вкажіть власний номер."
        }
    }

    public func text(_ unchanged: ConfirmationError.Unchanged) -> String {
        switch unchanged {
        case .samePhoneNumber: return "Це вже ваш номер телефону."
        case .notASignInFactor: return "Для входу використовуються коди з SMS або застосунок-аутентифікатор."
        case .smsVerificationAlreadyOff: return "SMS-підтвердження вже вимкнено."
        }
    }

    public func text(_ error: TrustedDeviceError) -> String {
        switch error {
        case .noDevice: return "Довіреним можна зробити лише пристрій, з якого виконано вхід."
        case .noSecondFactorPassed:
            return "Пристрій можна зробити довіреним лише одразу після входу з другим фактором."
        case .signInTooOld: return "Довіряти пристрою можна одразу після входу; увійдіть знову."
        case .notFound: return "Такого довіреного пристрою для цього акаунта немає."
        case .deviceNotHeld:
            return "Телефон, вибраний зі списку, не можна зробити довіреним: його може вибрати будь-хто на цьому з’єднанні."
        }
    }

    /// What a change does, as an infinitive: it follows "підтверджує:" in the
    /// SMS and "щоб" in the voice call.
    public func summary(_ change: SecurityChange) -> String {
        switch change {
        case .turnOffSMSVerification: return "вимкнути коди для входу з SMS"
        case .turnOffAuthenticator: return "вимкнути застосунок-аутентифікатор"
        case .setUpAuthenticator: return "налаштувати застосунок-аутентифікатор"
        case .replaceAuthenticator: return "налаштувати новий застосунок-аутентифікатор"
        case .changePhone(let phone): return "змінити номер телефону на \(phone.masked)"
        case .proveNewPhone: return "відтепер цей номер отримує ваші коди TermBank"
        case .signInWithSMS: return "входити з кодом із SMS замість застосунку-аутентифікатора"
        case .regenerateRecoveryCodes: return "створити нові резервні коди"
        }
    }

    /// The time stands in brackets or after "Час:" / "до", so no preposition
    /// has to agree with the hour ("о 12:00" but "об 11:00").
    public func text(_ notice: PhoneNotice) -> String {
        let notYou = "Якщо це були не ви, негайно зателефонуйте в TermBank."
        switch notice {
        case .turnedOff(let factor, let at):
            let what = factor == .authenticator ? "застосунок-аутентифікатор" : "коди з SMS"
            return "TermBank: двофакторну аутентифікацію для входу вимкнено (\(what)). Час: \(time(at)). \(notYou)"
        case .authenticatorAdded(let at):
            return "TermBank: для входу налаштовано застосунок-аутентифікатор. Час: \(time(at)). \(notYou)"
        case .authenticatorReplaced(let at, let oldUntil):
            return "TermBank: ваш застосунок-аутентифікатор замінено (\(time(at))); старий діє лише до \(time(oldUntil)). \(notYou)"
        case .signInBySMS(let at):
            return "TermBank: для входу тепер потрібен код із SMS замість застосунку-аутентифікатора. Час зміни: \(time(at)). \(notYou)"
        case .phoneChanged(let phone, let at):
            return "TermBank: ваш номер телефону змінено на \(phone.masked) (\(time(at))); коди більше не надходитимуть сюди. \(notYou)"
        case .phoneAdded(let at):
            return "TermBank: відтепер цей номер отримує ваші коди TermBank. Час зміни: \(time(at)). \(notYou)"
        case .recoveryCodesReplaced(let at):
            return "TermBank: створено нові резервні коди (\(time(at))); старі більше не діють. \(notYou)"
        case .paymentReceived(let amount, let payer):
            return "TermBank: ви отримали \(money(amount)) від \(payer)."
        }
    }
}
