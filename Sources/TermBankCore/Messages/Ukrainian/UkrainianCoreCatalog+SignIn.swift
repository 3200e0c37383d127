/// Identity, passwords, sign-in, sessions and demo customers in Ukrainian
/// ("логін", "пароль", "вхід", "сесія": seed 004's words).
extension UkrainianCoreCatalog {
    public func text(_ problem: Username.Problem) -> String {
        switch problem {
        case .length: return "Логін має від 2 до 32 символів."
        case .characters: return "Логін може містити лише латинські літери a-z, цифри, «_», «.» і «-»."
        }
    }

    public func text(_ problem: PasswordPolicy.Problem) -> String {
        switch problem {
        case .tooShort: return "Пароль має містити щонайменше \(characters(PasswordPolicy.minimumLength))."
        case .tooLong: return "Пароль може містити щонайбільше \(characters(PasswordPolicy.maximumLength))."
        case .common: return "Цей пароль надто поширений; оберіть такий, який навряд чи використовують інші."
        case .containsUsername: return "Пароль не може містити логін."
        case .controlCharacters: return "Пароль не може містити керівні символи, як-от Tab чи Enter."
        }
    }

    public func text(_ problem: PhoneNumber.Invalid) -> String {
        "Номер телефону починається з + і коду країни, далі — загалом від 8 до 15 цифр, наприклад +1 555 0100."
    }

    public func text(_ problem: Sitekey.Problem) -> String {
        switch problem {
        case .unknownImage:
            return "Невідоме захисне зображення; оберіть одне з: \(Sitekey.images.joined(separator: ", "))."
        case .phraseLength: return "Захисна фраза має від 1 до 60 друкованих символів."
        }
    }

    public func text(_ refusal: PasswordSignIn.Refusal) -> String {
        switch refusal {
        case .guest(let error): return text(error)
        case .incorrect(let left):
            let base = "Неправильний логін або пароль."
            guard let left, left == 1 else { return base }
            return base + " Ще одна невдала спроба — і вхід буде заблоковано на 15 хвилин."
        case .locked(let until):
            return "Забагато невдалих спроб. Вхід заблоковано до \(time(until))."
        }
    }

    /// A sign-in step by name, for "what is still needed".
    private func step(_ factor: SignInFactor) -> String {
        switch factor {
        case .password: return "пароль"
        case .biometric: return "біометрія"
        case .smsCode: return "код із SMS"
        case .authenticator: return "код із застосунку-аутентифікатора"
        }
    }

    public func text(_ error: SignInFlow.FlowError) -> String {
        switch error {
        case .expired:
            return "Цей вхід розпочато понад \(minutes(SignInFlow.attemptLifetimeSeconds / 60)) тому. "
                + "Почніть знову з логіна й пароля."
        case .wrongFactor: return "Цей крок зараз не потрібен для входу."
        case .incomplete(let factor): return "Вхід не завершено: ще потрібен крок «\(step(factor))»."
        case .proofForAnotherUserOrDevice: return "Це підтвердження належить іншому входу."
        case .deviceNoLongerTrusted: return "Цей пристрій більше не довірений. Увійдіть знову."
        }
    }

    public func text(_ error: SessionError) -> String {
        switch error {
        case .ended(.idle): return "Сесію завершено: 5 хвилин без активності."
        case .ended(.maximumAge): return "Сесію завершено: одна сесія триває не довше 12 годин."
        case .ended(.verificationFailed): return "Ідентифікацію не пройдено. Виконуємо вихід. До побачення."
        case .ended(.trustRevoked): return "Цей пристрій більше не довірений. Увійдіть знову."
        case .ended(.guestExpired): return "Сесію завершено: 24 години цього демо-клієнта минули."
        case .ended: return "Сесію завершено. Увійдіть знову."
        case .notFound: return "Сесію не знайдено. Увійдіть знову."
        }
    }

    public func text(_ error: GuestError) -> String {
        switch error {
        case .notTheDemoBank:
            return "Демо-клієнтів можна створювати лише в демо-банку."
        case .tooMany(let limit, let minutesLeft):
            // The limit stands in brackets, so "клієнт" need not agree with it.
            return "З цього з’єднання за останню годину вже створено найбільше можливих демо-клієнтів (\(limit)). "
                + "Спробуйте через \(minutes(minutesLeft)) або увійдіть як один із них."
        case .noFreeName:
            return "Немає вільного демо-імені; нічого не створено. Спробуйте ще раз."
        case .otherKey(let name):
            return "\(name) створено з іншого SSH-ключа; увійдіть із з’єднання, яке його створило."
        case .otherBrowser(let name):
            return "\(name) створено не в цьому браузері; увійдіть із браузера або SSH-з’єднання, яке його створило."
        case .expired(let name):
            return "Демо-клієнт \(name) діяв 24 години, і його термін минув. Натисніть g, щоб створити нового."
        case .expiredOutsideDemoMode(let name):
            return "Демо-клієнт \(name) діяв 24 години, і його термін минув."
        case .onlyInDemoMode(let name):
            return "\(name) — демо-клієнт, він може увійти лише в демо-режимі (termbank --demo)."
        }
    }
}
