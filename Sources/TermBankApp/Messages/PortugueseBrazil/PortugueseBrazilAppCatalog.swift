import TermBankCore

/// The app's words in Brazilian Portuguese, as a Brazilian bank's app writes
/// them (você; "Entrar", "Sair", "Transferir", "Extrato"), kept as short as
/// the English where the layout is tight (field labels of at most 10
/// columns, the key bar at 60 columns). The glossary is
/// docs/glossary/pt-BR.md; `PortugueseBrazilCatalogTests` renders every
/// screen with it at 80x24 and 60x20.
public struct PortugueseBrazilAppCatalog: AppCatalog {
    public init() {}

    public var core: any CoreCatalog { PortugueseBrazilCoreCatalog() }

    public var answers: AnswerKeys { .portugueseBrazil }

    /// "1 tentativa restante", "2 tentativas restantes", "nenhuma tentativa restante".
    func attemptsLeft(_ count: Int) -> String {
        let attempts = core.plural(count, one: "tentativa restante", other: "tentativas restantes")
        return count == 0 ? "nenhuma \(attempts)" : "\(count) \(attempts)"
    }

    public func text(_ text: ChromeText) -> String {
        switch text {
        case .brand: return "TermBank"
        case .idleWarning(let left): return "Saindo em \(left) s por inatividade. Tecle algo para continuar."
        case .tooSmall: return "Terminal pequeno demais"
        case .tooSmallSize(let size, let needs):
            return "\(size.columns)x\(size.rows); o TermBank precisa de \(needs.columns)x\(needs.rows)"
        case .makeItLarger: return "Aumente a janela."
        case .tooLarge: return "Janela grande demais"
        case .tooLargeSize(let size, let allows):
            return "\(size.columns)x\(size.rows); o TermBank desenha no máximo \(allows.columns)x\(allows.rows)"
        case .makeItSmaller: return "Diminua a janela."
        case .closingForInactivity(let left): return "Fechando em \(left) s por inatividade. Tecle algo para ficar."
        case .keysTitle: return "Teclas"
        case .anyKeyCloses: return "qualquer tecla fecha"
        case .sameKeysOnAUkrainianLayout: return "As mesmas teclas valem no teclado ucraniano."
        case .otherKeysOnTheBar: return "As outras teclas estão na barra abaixo."
        case .sendingACode: return "Enviando um código para o seu celular…"
        case .newMessageOnThePhone: return "Nova mensagem no celular do cliente: tecle Ctrl-P."
        case .phoneBanner: return "Celular (Ctrl-P):"
        }
    }

    public func text(_ text: SignInText) -> String {
        switch text {
        case .signInTitle: return "Entrar no TermBank"
        case .welcome: return "Boas-vindas! Entre com seu usuário e senha."
        case .usernameLabel: return "Usuário"
        case .passwordLabel: return "Senha"
        case .checking: return "Verificando…"
        case .signingIn: return "Entrando…"
        case .simulatedDevice(let name): return "Aparelho simulado: \(name)"
        case .thisDevice(let name): return "Este aparelho: \(name)"
        case .enterUsernameAndPassword: return "Digite seu usuário e senha."
        case .enterPassword: return "Digite sua senha."
        case .devicePickerTitle: return "Qual celular você está usando?"
        case .devicePickerExplanation: return "Cada sessão representa um celular simulado."
        case .sitekeyTitle: return "Esta é a sua chave do site?"
        case .onlyTheRealBankKnows: return "Só o TermBank verdadeiro conhece sua imagem."
        case .signInChoice: return "Entrar"
        case .notMyImageChoice: return "Não é a minha imagem"
        case .notMyImageLink: return "[ Não é a minha imagem ]"
        case .sitekeyFirstPrompt: return "Se você reconhece sua imagem e sua frase, digite sua senha."
        case .biometry(.touchID): return "Touch ID"
        case .biometry(.faceID): return "Face ID"
        case .biometry(.none): return "sem biometria"
        case .fieldFull: return "limite"
        }
    }
}

extension AppCatalog where Self == PortugueseBrazilAppCatalog {
    /// The app's words in Brazilian Portuguese.
    public static var portugueseBrazil: PortugueseBrazilAppCatalog { PortugueseBrazilAppCatalog() }
}
