/// Authenticator apps, recovery codes, trusted devices and the settings that
/// change them, in Brazilian Portuguese.
extension PortugueseBrazilCoreCatalog {
    public func text(_ check: AuthenticatorCheck) -> String {
        switch check {
        case .verified: return "Verificado."
        case .wrongCode(let left):
            return "Esse código não está certo. Confira o relógio do seu celular. \(attemptsLeft(left))"
        case .alreadyUsed(let left):
            return "Esse código já foi usado. Espere o próximo no seu app autenticador. \(attemptsLeft(left))"
        case .locked(let until):
            return "Muitos códigos errados. Os códigos de dois fatores estão bloqueados até as \(time(until))."
        case .notEnrolled: return "Nenhum app autenticador está configurado nesta conta."
        }
    }

    public func text(_ result: ActivationResult) -> String {
        switch result {
        case .activated: return "Seu app autenticador está configurado."
        case .wrongCode(let left): return text(AuthenticatorCheck.wrongCode(attemptsLeft: left))
        case .alreadyUsed(let left): return text(AuthenticatorCheck.alreadyUsed(attemptsLeft: left))
        case .locked(let until): return text(AuthenticatorCheck.locked(until: until))
        case .expired: return "A configuração passou de 10 minutos; recomece para ter um novo QR code."
        case .noEnrolment: return "Nenhuma configuração de autenticador em andamento; comece uma primeiro."
        }
    }

    public func text(_ error: AuthenticatorError) -> String {
        switch error {
        case .sealedForAnotherUser:
            return "Um segredo de autenticador guardado não pertence a esta conta; ele foi recusado."
        }
    }

    public func text(_ check: RecoveryCodeCheck) -> String {
        switch check {
        case .accepted(let proof):
            if proof.remaining == 0 { return "Esse era seu último código de recuperação: gere um novo conjunto agora." }
            let left = plural(proof.remaining, one: "Resta", other: "Restam")
            let codes = plural(proof.remaining, one: "código", other: "códigos")
            return "Código de recuperação aceito. \(left) \(proof.remaining) \(codes)."
        case .wrongCode(let left): return "Esse código de recuperação não está certo. \(attemptsLeft(left))"
        case .alreadyUsed(let left): return "Esse código de recuperação já foi usado. \(attemptsLeft(left))"
        case .locked(let until): return text(AuthenticatorCheck.locked(until: until))
        case .notEnrolled: return "Esta conta não tem códigos de recuperação."
        }
    }

    public func text(_ error: ConfirmationError) -> String {
        switch error {
        case .password(let refusal): return text(refusal)
        case .authenticator(let check): return text(check)
        case .recoveryCode(let check): return text(check)
        case .sms(let check): return text(check)
        case .needsStrongFactor: return "Confirme com um código do seu app autenticador ou um código de recuperação."
        case .noAuthenticator: return "Nenhum app autenticador configurado; confirme com o código enviado ao seu celular."
        case .grantNotValid: return "Entre de novo para gerar novos códigos de recuperação."
        case .nothingToChange(let unchanged): return text(unchanged)
        case .needsSMSCode: return "Confirme esta alteração com o código enviado ao seu celular."
        case .needsNewPhoneCode: return "Digite o código enviado ao novo número: ele prova que o número é seu."
        case .phoneInUse:
            return "Esse número pertence a outro cliente do TermBank. Use um número seu."
        }
    }

    public func text(_ unchanged: ConfirmationError.Unchanged) -> String {
        switch unchanged {
        case .samePhoneNumber: return "Esse já é o seu número de celular."
        case .notASignInFactor: return "O login usa códigos por SMS ou o app autenticador."
        case .smsVerificationAlreadyOff: return "A verificação por SMS já está desativada."
        }
    }

    public func text(_ error: TrustedDeviceError) -> String {
        switch error {
        case .noDevice: return "Só um login feito num aparelho pode torná-lo confiável."
        case .noSecondFactorPassed:
            return "Um aparelho só vira confiável logo após um login que passou pelo segundo fator."
        // One line under the statement, so it fits 60 columns.
        case .signInTooOld: return "Confie no aparelho logo após entrar nele; entre de novo."
        case .notFound: return "Aparelho confiável não encontrado nesta conta."
        case .deviceNotHeld:
            return "Um celular escolhido na lista não pode ser confiável: qualquer pessoa nesta conexão poderia escolhê-lo."
        }
    }

    /// What a change does, as the SMS and the screen say it ("o código confirma: desativar …").
    public func summary(_ change: SecurityChange) -> String {
        switch change {
        case .turnOffSMSVerification: return "desativar os códigos de login por SMS"
        case .turnOffAuthenticator: return "desativar seu app autenticador"
        case .setUpAuthenticator: return "configurar um app autenticador"
        case .replaceAuthenticator: return "configurar um novo app autenticador"
        case .changePhone(let phone): return "trocar seu número de celular para \(phone.masked)"
        case .proveNewPhone: return "este número passa a receber seus códigos do TermBank"
        case .signInWithSMS: return "entrar com códigos por SMS em vez do app autenticador"
        case .regenerateRecoveryCodes: return "gerar novos códigos de recuperação"
        }
    }

    public func text(_ notice: PhoneNotice) -> String {
        let notYou = "Se não foi você, ligue para o TermBank imediatamente."
        switch notice {
        case .turnedOff(let factor, let at):
            let what = factor == .authenticator ? "seu app autenticador" : "códigos por SMS"
            return "TermBank: o login em dois fatores foi desativado (\(what)) às \(time(at)). \(notYou)"
        case .authenticatorAdded(let at):
            return "TermBank: um app autenticador foi configurado para o login às \(time(at)). \(notYou)"
        case .authenticatorReplaced(let at, let oldUntil):
            return "TermBank: seu app autenticador foi substituído às \(time(at)); o antigo para de funcionar às \(time(oldUntil)). \(notYou)"
        case .signInBySMS(let at):
            return "TermBank: agora o login pede um código por SMS em vez do app autenticador (alterado às \(time(at))). \(notYou)"
        case .phoneChanged(let phone, let at):
            return "TermBank: seu número de celular foi trocado para \(phone.masked) às \(time(at)); os códigos não chegam mais aqui. \(notYou)"
        case .phoneAdded(let at):
            return "TermBank: este número agora recebe seus códigos do TermBank (alterado às \(time(at))). \(notYou)"
        case .recoveryCodesReplaced(let at):
            return "TermBank: novos códigos de recuperação foram gerados às \(time(at)); os antigos não funcionam mais. \(notYou)"
        case .paymentReceived(let amount, let payer):
            return "TermBank: você recebeu \(money(amount)) de \(payer)."
        }
    }
}
