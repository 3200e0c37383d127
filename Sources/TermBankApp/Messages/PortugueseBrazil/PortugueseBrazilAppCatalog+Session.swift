/// The session's words in Brazilian Portuguese. Notices are one line under
/// the statement or the settings, so they keep to 58 columns where they can.
extension PortugueseBrazilAppCatalog {
    public func text(_ text: SessionText) -> String {
        switch text {
        case .signedOutTitle: return "Você saiu"
        case .signedOut: return "Você saiu da sua conta."
        case .signInAgainOrQuit: return "Pressione Enter para entrar de novo ou q para fechar."
        case .noRecoveryCodesLeft: return "Sem códigos de recuperação. Gere novos: termbank recovery regenerate."
        case .recoveryCodesLeft(let left):
            let codes = core.plural(left, one: "código restante", other: "códigos restantes")
            return "Você entrou com um código de recuperação. \(left == 0 ? "Nenhum" : String(left)) \(codes)."
        case .notMyImage:
            return "Você disse que esta não é a sua imagem, então nada foi acessado. Se alguém puder saber sua senha, "
                + "troque-a e ligue para o banco."
        case .smsVerificationOff: return "A verificação por SMS no login está desativada."
        case .smsVerificationOn: return "A verificação por SMS no login está ativada."
        case .authenticatorOff: return "Autenticador desativado; códigos de recuperação apagados."
        case .phoneChanged: return "Seu número foi trocado; os dois números foram avisados."
        case .biometricOnAgain: return "Login por biometria ativado de novo neste aparelho."
        case .signInAsksForSMS: return "Agora o login pede um código por SMS."
        case .signInAsksForTheApp: return "Agora o login pede o código do seu app autenticador."
        case .deviceTrusted(let until):
            return "Aparelho confiável até \(core.dates.dayAndTime(until)) UTC: login sem segundo fator."
        case .deviceNoLongerTrusted: return "Esse aparelho deixou de ser confiável: o próximo login pede o 2º fator."
        case .setUpAnAppFirst: return "Configure antes um app autenticador (e): depois você escolhe."
        case .setUpCancelled: return "Configuração cancelada; nada mudou. Tecle e para recomeçar."
        case .authenticatorOn: return "App autenticador ativado: o login pede os códigos dele."
        case .biometricStaysOff: return "O login por biometria continua desativado."
        case .bankDoesNotOfferThat: return "Este banco não oferece isso."
        case .somethingWentWrong: return "Algo deu errado; nada foi alterado. Tente de novo."
        case .bankUnreachable: return "Não foi possível falar com o banco agora; nada foi alterado. Tente de novo em instantes."
        case .bankConnectionLost:
            return "A conexão com o banco caiu; uma transferência nunca é lançada duas vezes, então pode tentar de novo."
        case .bankCannotDoThatNow: return "O banco não consegue fazer isso agora; nada foi alterado. Tente de novo mais tarde."
        }
    }
}
