/// Codes by SMS and voice, in Brazilian Portuguese: the refusals, the checks,
/// and the words on the phone. "Código PIN" and "Identificação sem sucesso"
/// follow seed 000's alerts ("Wrong Pin Code", "Unsucessful Identification").
extension PortugueseBrazilCoreCatalog {
    public func text(_ error: VerifyError) -> String {
        switch error {
        case .tooManySends(let next):
            return "Muitos códigos foram enviados para este número na última hora. Tente de novo depois das \(time(next))."
        case .tooManySendsForCustomer(let next):
            return "Muitos códigos e mensagens foram enviados para a sua conta na última hora. "
                + "Tente de novo depois das \(time(next))."
        case .numberBusy(let until):
            return "Um código enviado a esse número para outro pedido ainda está valendo. "
                + "Tente de novo depois das \(time(until))."
        case .smsCodesLocked(let until): return text(CheckResult.smsCodesLocked(until: until))
        case .resendTooSoon(let seconds):
            let unit = plural(Int(clamping: seconds), one: "segundo", other: "segundos")
            return "Você pode pedir um novo código em \(seconds) \(unit)."
        case .noMoreEvents:
            return "Não é possível enviar mais códigos para este pedido. Comece de novo."
        case .notInProgress(let status): return text(CheckResult.notInProgress(status))
        case .notFound: return "Pedido de verificação não encontrado."
        case .delivery(let failure): return text(failure)
        case .providerUnavailable: return "O banco não consegue enviar um código agora; nada foi alterado."
        }
    }

    public func text(_ result: CheckResult) -> String {
        switch result {
        case .verified: return "Verificado."
        case .smsCodesLocked(let until):
            return "Muitos códigos errados. Os códigos por SMS estão bloqueados nesta conta até as \(time(until)); "
                + "se não foi você quem os digitou, troque sua senha e ligue para o TermBank."
        case .wrongCode(let left):
            return "Código PIN incorreto. O código PIN digitado é inválido. \(attemptsLeft(left))"
        case .tooManyWrongCodes: return "Identificação sem sucesso. Saindo da conta. Até logo."
        case .expired: return "Este código expirou. Peça um novo."
        case .notInProgress(let status):
            switch status {
            case .success: return "Este código já foi usado."
            case .failed: return "Esta verificação falhou depois de muitos códigos errados."
            case .expired: return "Este código expirou. Peça um novo."
            case .cancelled: return "Esta verificação foi cancelada."
            case .superseded:
                return "Um código mais recente foi pedido para a sua conta em outra sessão ou aparelho, "
                    + "por isso este código não vale mais. Peça um novo."
            case .inProgress: return "Esta verificação ainda está em andamento."
            }
        case .notFound: return "Pedido de verificação não encontrado."
        }
    }

    /// The reason is the gateway's own words (sanitised before any terminal).
    public func text(_ failure: DeliveryFailure) -> String { "Não foi possível enviar o código: \(failure.reason)" }

    public func text(_ problem: VerifyConfiguration.Invalid) -> String {
        switch problem {
        case .codeLength: return "O código tem 4 ou 6 dígitos."
        case .expiry: return "O código expira depois de 1 a 10 minutos."
        }
    }

    private var never: String { "Nunca compartilhe este código com ninguém, nem com funcionários do TermBank." }

    public func smsText(code: String, purpose: VerificationPurpose, expiresInSeconds seconds: Int64) -> String {
        let expiry = "Ele expira em \(timeLeft(seconds))."
        switch purpose {
        case .signIn:
            return "TermBank: seu código de verificação para entrar é \(code). \(expiry) \(never)"
        case .transfer(let transfer) where transfer.isPayment:
            return "TermBank: o código \(code) aprova o pagamento de \(summary(transfer)). \(expiry) \(never)"
        case .transfer(let transfer):
            return "TermBank: o código \(code) aprova a transferência de \(summary(transfer)). \(expiry) \(never)"
        case .confirmation(let change):
            return "TermBank: o código \(code) confirma: \(summary(change)). \(expiry) \(never)"
        }
    }

    /// The simulated voice call reads the digits one by one, twice.
    public func voiceText(code: String, purpose: VerificationPurpose, expiresInSeconds seconds: Int64) -> String {
        let spoken = code.map(String.init).joined(separator: ", ")
        let what: String
        switch purpose {
        case .signIn: what = "para entrar"
        case .transfer(let transfer) where transfer.isPayment: what = "para aprovar o pagamento de \(summary(transfer))"
        case .transfer(let transfer): what = "para aprovar a transferência de \(summary(transfer))"
        case .confirmation(.proveNewPhone): what = "para confirmar este número para os seus códigos do TermBank"
        case .confirmation(let change): what = "para \(summary(change))"
        }
        return "Ligação do TermBank: seu código \(what) é \(spoken). Repetindo: \(spoken). "
            + "Ele expira em \(timeLeft(seconds)). \(never)"
    }

    public func providerSentText(phone: String, provider: String) -> String {
        "TermBank: seu código foi enviado para \(phone) pela \(provider). Ele não aparece neste celular simulado: veja no celular de verdade."
    }

    public func smsLockedText(until: Timestamp) -> String {
        "TermBank: foram digitados códigos errados demais na sua conta, por isso os códigos por SMS estão bloqueados "
            + "até as \(time(until)). Se não foi você, troque sua senha e ligue para o TermBank."
    }
}
