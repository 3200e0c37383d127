/// The security feature's words in Brazilian Portuguese. The overview's
/// labels stop before column 36 and its values at 19 columns; "Sim" and
/// "Não" answer every row whatever its gender.
extension PortugueseBrazilAppCatalog {
    public func text(_ text: SecurityText) -> String {
        switch text {
        case .title: return "Segurança"
        case .loading: return "Carregando suas configurações de segurança…"
        case .smsRow: return "Verificação por SMS no login"
        case .authenticatorRow: return "App autenticador"
        case .factorRow: return "Segundo fator no login"
        case .recoveryCodesRow: return "Códigos de recuperação"
        case .biometricRow: return "Login por biometria aqui"
        case .phoneRow: return "Número do celular"
        case .on: return "Sim"
        case .off: return "Não"
        case .offNewEnrollment: return "Não: biometria nova"
        case .turnOff: return "Desativar"
        case .turnOn: return "Ativar"
        case .setUpANewOne: return "Configurar outro"
        case .setUp: return "Configurar"
        case .useTheApp: return "Usar o app"
        case .useSMSCodes: return "Usar código SMS"
        case .changeNumber: return "Trocar"
        case .factorAuthenticator: return "Código do app"
        case .factorSMS: return "Código por SMS"
        case .factorNothing: return "Só a senha"
        case .trustedDevices: return "Aparelhos confiáveis"
        case .trustedDevicesExplanation: return "(sem 2º fator no login, 30 dias)"
        case .noTrustedDevices: return "Nenhum."
        case .trustedUntil(let time): return "até " + core.dates.dayAndTime(time)
        case .lastUsedAt(let time): return "   último uso: " + (time.map(core.dates.dayAndTime) ?? "nunca")
        case .formTitle(let purpose, let active):
            switch purpose {
            case .enrolAuthenticator: return active ? "Configurar um novo app autenticador" : "Configurar um app autenticador"
            case .turnOffSMSVerification: return "Desativar a verificação por SMS"
            case .signInWithSMS: return "Entrar com códigos por SMS"
            case .turnOffAuthenticator: return "Desativar o app autenticador"
            case .newRecoveryCodes: return "Novos códigos de recuperação"
            case .changePhone: return "Trocar seu número de celular"
            case .turnOnBiometricSignIn: return "Ativar o login por biometria"
            }
        case .introBiometric:
            return "Biometria confirmada. Sua senha ativa o login por biometria para as digitais e rostos cadastrados agora."
        case .introPassword: return "Confirme com sua senha."
        case .introAuthenticator:
            return "Confirme com sua senha e um código do app autenticador (ou um código de recuperação)."
        case .introCodeSentTo(let phone): return "Sua senha e o código enviado para \(phone):"
        case .introCodeSending: return "Sua senha e o código que estamos enviando ao seu celular:"
        case .phoneIntroFirst: return "Digite sua senha e o novo número e tecle Enter:"
        case .phoneIntroSecond: return "o novo número recebe um código que prova que é seu."
        case .phoneIntroCode(let active, let sentTo):
            return active ? "Código: do app autenticador, ou de recuperação."
                          : "Código: o enviado para \(sentTo ?? "seu celular")."
        case .phoneIntroNewCode(let sentTo): return "Novo código: o enviado para \(sentTo ?? "o novo número")."
        case .passwordLabel: return "Senha"
        case .newPhoneLabel: return "Celular"
        case .codeLabel: return "Código"
        case .newCodeLabel: return "Novo cód."
        case .enterPassword: return "Digite sua senha."
        case .enterNewPhone: return "Digite o novo número de celular."
        case .enterCode: return "Digite o código."
        case .enterNewPhoneCode: return "Digite o código enviado ao novo número."
        case .enrolledTitle: return "App autenticador ativado"
        case .asksForNewApp: return "Agora o login pede um código do seu novo app."
        case .recoveryCodesStay: return "Seus códigos de recuperação continuam os mesmos."
        case .pressEnterToGoBack: return "Pressione Enter para voltar."
        case .saveRecoveryCodes: return "Salve seus códigos de recuperação: só aparecem agora."
        case .eachWorksOnce: return "Cada um substitui uma vez o código do autenticador."
        case .writeThemDown: return "Anote-os ou guarde-os num gerenciador de senhas."
        case .pressEnterWhenSaved: return "Pressione Enter depois de salvá-los."
        // Beside the QR code: 32 columns at 80.
        case .scanTitle(let replacing): return replacing ? "Configure o novo app" : "Configure seu app autenticador"
        case .stepAddAccount: return "1. No app, adicione uma conta"
        case .stepScan: return "   e escaneie o QR code."
        case .stepTypeKey: return "2. Ou a chave, baseada no tempo:"
        case .account(let name): return "   Conta: TermBank:\(name)"
        case .stepTypeCode: return "3. Digite o código do app:"
        case .lapsesIn(let seconds): return "A configuração expira em \(AppView.minutesSeconds(seconds))."
        case .lapsed: return "A configuração expirou."
        case .qrShownOnce: return "Este QR code só aparece agora."
        case .noQRCodeOnThisTerminal: return "   (este terminal não mostra QR code)."
        case .qrCodeNeedsALargerWindow: return "   (o QR code aparece numa janela maior)."
        case .keyShownOnce: return "Esta chave só aparece agora."
        case .checking: return "Verificando…"
        }
    }
}
