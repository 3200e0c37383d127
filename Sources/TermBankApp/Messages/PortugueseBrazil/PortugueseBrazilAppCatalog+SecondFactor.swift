import TermBankCore

/// The second factor's words in Brazilian Portuguese. The biometric sheet
/// uses iOS's pt-BR words ("Digitar Código", "Digite o Código do iPhone");
/// the PIN screen seed 000's ("código PIN").
extension PortugueseBrazilAppCatalog {
    public func text(_ text: SecondFactorText) -> String {
        switch text {
        case .sensor(let biometry): return biometry == .faceID ? "Face ID" : biometry == .touchID ? "Touch ID" : "Código"
        case .sheetAppName: return "“TermBank”"
        case .biometricReason(.signIn): return "Entrar no TermBank"
        // The sheet is 38 columns wide: the amount and where it goes.
        case .biometricReason(.transfer(let transfer)):
            return "Transferir \(core.money(transfer.amount)) para a \(core.text(transfer.to))"
        case .biometricReason(.turnOnBiometricSignIn): return "Ativar o login por biometria"
        case .enterPasscodeButton: return "Digitar Código"
        case .cancelButton: return "Cancelar"
        case .enterDevicePasscode: return "Digite o Código do iPhone"
        case .passcodeFull(let limit): return "Limite: no máximo \(limit) caracteres."
        case .verifyItsYou: return "Confirme que é você"
        case .approveThisTransfer: return "Aprove esta transferência"
        case .approveThisPayment: return "Aprove este pagamento"
        case .pay(let payment): return "Pagar \(core.summary(payment))"
        case .approvesThisPaymentOnly: return "Ele aprova este pagamento e nada mais."
        case .move(let transfer): return "Transferir \(core.summary(transfer))"
        case .weSentACode(let masked): return "Enviamos um código para \(masked)"
        case .codeAlreadySent(let masked): return "O código já foi enviado para \(masked)"
        case .expiresIn(let seconds): return "Expira em \(AppView.minutesSeconds(seconds))"
        case .expired: return "Expirado"
        case .attemptsLeft(let left): return attemptsLeft(left)
        case .codesLeftThisHour(let left):
            return left == 0 ? "Nenhum código restante nesta hora"
                : "\(core.plural(left, one: "Resta", other: "Restam")) \(left) \(core.plural(left, one: "código", other: "códigos")) nesta hora"
        case .resendOrCall: return "r  Reenviar (por ligação)   c  Ligar agora"
        case .resendBySMS: return "r  Enviar um novo código por SMS"
        case .noMoreCodesForThisRequest: return "Sem novos códigos para este pedido"
        case .resendOrCallIn(let wait): return "Reenviar ou ligar em \(wait) s"
        case .useARecoveryCodeInstead: return "u  Usar um código de recuperação"
        case .checking: return "Verificando…"
        case .sendingANewCode: return "Enviando um novo código…"
        case .calling(let masked): return "Ligando para \(masked): ouça seu código."
        case .newCodeSent(let masked): return "Enviamos um novo código para \(masked)."
        case .askForANewCodeIn(let wait): return "Você pode pedir um novo código em \(wait) s."
        case .noMoreCodesPressEsc: return "Não dá para enviar mais códigos; tecle Esc e recomece."
        // Seed 000's "Wrong Pin Code. The pin code you entered is invalid."
        case .wrongPinCode: return "Código PIN incorreto. O código PIN digitado é inválido."
        case .codeExpiredPressR: return "Este código expirou. Tecle r para pedir outro."
        case .codeSupersededPressR:
            return "Um código mais recente foi pedido em outra sessão ou aparelho, e este não vale mais. "
                + "Tecle r para pedir outro."
        case .replacedByANewerCode: return "Substituído por outro código"
        case .enterTheAuthenticatorCode: return "Digite o código do seu app autenticador"
        case .theSixDigitsNow: return "Os 6 dígitos que ele mostra agora para o TermBank."
        case .approvesThisTransferOnly: return "Ele aprova esta transferência e nada mais."
        case .codeNotRight(let left): return "Código incorreto. \(attemptsLeft(left).capitalisedFirst)."
        case .authenticatorCodeExpired: return "Esse código expirou. Digite o que o app mostra agora."
        case .useARecoveryCodeTitle: return "Usar um código de recuperação"
        case .recoveryCodeIntro(let authenticator):
            let instead = authenticator ? "do código do app autenticador" : "do código por SMS"
            return "Digite um dos códigos de recuperação que você salvou ao configurar o app autenticador. "
                + "Cada um vale uma vez, no lugar \(instead)."
        case .codeLabel: return "Código"
        case .caseDoesNotMatter: return "Maiúsculas, espaços e hífens não importam."
        case .typeARecoveryCode: return "Digite um dos seus códigos de recuperação."
        case .recoveryCodeNoLongerWorks: return "Esse código de recuperação não vale mais."
        case .newRecoveryCodesTitle: return "Novos códigos de recuperação"
        case .thatWasYourLastCode: return "Esse era seu último código de recuperação."
        case .makeANewSet: return "Gere 10 novos códigos agora: você entrou com o último,"
        case .noSecondFactorNeeded: return "então não é preciso código de segundo fator para isso."
        case .confirmWithPassword: return "Confirme com sua senha:"
        case .makingNewCodes: return "Gerando novos códigos…"
        case .saveThemNow: return "Salve-os agora: eles aparecem uma vez só, nunca mais."
        case .eachWorksOnce: return "Cada um substitui uma vez o código do autenticador."
        case .writeThemDown: return "Anote-os ou guarde-os num gerenciador de senhas."
        case .oldCodesNoLongerWork: return "Os códigos antigos não valem mais."
        case .pressEnterWhenSaved: return "Pressione Enter depois de salvá-los."
        }
    }
}

fileprivate extension String {
    /// "nenhuma tentativa" → "Nenhuma tentativa", for a count that starts a sentence.
    var capitalisedFirst: String { prefix(1).uppercased() + dropFirst() }
}
