import TermBankCore

/// Demo mode's words in Brazilian Portuguese.
extension PortugueseBrazilAppCatalog {
    public func text(_ text: DemoText) -> String {
        switch text {
        case .storyStep(let step): return "\(step.number). " + full(step)
        case .storyShort(let step): return short(step)
        case .storyLine: return "Roteiro"
        case .storyAllDone: return "os quatro passos feitos"
        case .welcomeBack(let name): return "Que bom ver você de novo, \(name)."
        case .rememberSitekey: return "Sua chave do site: memorize-a."
        case .storyLead: return "Roteiro:"
        case .welcomeTitle: return "Boas-vindas à demonstração do TermBank"
        case .newCustomer: return "Começar como novo cliente de demonstração"
        case .newCustomerDetail: return "Seu próprio cliente e celular, por 24 horas."
        case .signIn: return "Entrar"
        case .sharedCustomers: return "como alice, bob ou carol (de todos na demo)"
        case .sharedCustomersMore: return "ou como um cliente de demonstração seu."
        case .sharedSettings: return "Mudar as configurações deles vale para todos."
        case .sessionRecorded: return "Esta sessão está sendo gravada."
        case .makingCustomer: return "Criando seu cliente de demonstração…"
        case .cardTitle: return "Seu cliente de demonstração"
        case .noteThePassword: return "O celular guarda uma cópia em Senhas."
        case .usernameLabel: return "Usuário"
        case .passwordLabel: return "Senha"
        case .phoneSimulated(let masked): return "Celular \(masked), simulado nesta tela."
        case .smsOnRemovedIn(let hours):
            let unit = core.plural(Int(clamping: hours), one: "hora", other: "horas")
            return "Verificação por SMS ativa. Cliente excluído em \(hours) \(unit)."
        case .pressEnterToSignIn: return "Pressione Enter para entrar (usuário já preenchido)."
        case .phoneTitle: return "Celular do cliente (simulado)"
        case .phoneOnTheRight: return "O celular do cliente está à direita."
        case .ctrlPShowsThePhone: return "Ctrl-P mostra o celular do cliente."
        case .noCustomerYet:
            return "Ninguém está entrando nesta tela. Os códigos do cliente com que você entrar chegam aqui."
        case .newMessage: return "● Nova mensagem"
        case .noMessagesYet: return "Nenhuma mensagem ainda."
        case .received(let time): return core.dates.timeWithSeconds(time)
        case .channel(let sms): return sms ? "SMS" : "Ligação"
        case .newTag: return "nova"
        case .authenticatorApp: return "App autenticador · TermBank"
        case .secondsLeft(let seconds): return "faltam \(seconds) s"
        case .scannedTheQRCode: return "Lido do QR code na tela: digite este código lá."
        case .passwordsNote: return "Senhas · seu cliente de demonstração"
        case .whosePhone: return "De quem é este celular?"
        case .chooseTheCustomer: return "Escolha o cliente com que você vai entrar."
        }
    }

    /// A step in full, as the welcome and login screens list it.
    private func full(_ step: StoryStep) -> String {
        switch step {
        case .signIn(.none): return "Entre (o código chega no celular)"
        case .signIn(let sensor): return "Entre (\(sensor.displayName): Enter, depois o código do celular)"
        case .moveMoney: return "Transfira dinheiro (o código chega no celular)"
        case .signInAgain(smsOn: true): return "Saia (l) e entre de novo com um código"
        case .signInAgain(smsOn: false): return "Saia (l), responda s para ativar o SMS, entre de novo"
        case .signedInAgain(.withACode): return "Entrou de novo, com um código"
        case .signedInAgain(.trustedDevice): return "Entrou de novo: aparelho confiável, sem código"
        case .signedInAgain(.passwordOnly): return "Entrou de novo só com a senha (SMS desativado)"
        case .authenticator: return "Experimente o app autenticador (a)"
        }
    }

    /// A step in a few words, for the one-line checklist.
    private func short(_ step: StoryStep) -> String {
        switch step {
        case .signIn: return "entre com um código"
        case .moveMoney: return "transfira dinheiro (t)"
        case .signInAgain(smsOn: true): return "saia (l) e entre de novo"
        case .signInAgain(smsOn: false): return "saia (l); s ativa o SMS"
        case .signedInAgain: return "entrou de novo"
        case .authenticator: return "app autenticador (a)"
        }
    }
}
