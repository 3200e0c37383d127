/// Identity, passwords, sign-in, sessions and demo customers, in Brazilian Portuguese.
extension PortugueseBrazilCoreCatalog {
    public func text(_ problem: Username.Problem) -> String {
        switch problem {
        case .length: return "O nome de usuário tem de 2 a 32 caracteres."
        case .characters: return "O nome de usuário usa só letras de a a z, dígitos, \"_\", \".\" e \"-\"."
        }
    }

    public func text(_ problem: PasswordPolicy.Problem) -> String {
        switch problem {
        case .tooShort: return "A senha precisa ter pelo menos \(PasswordPolicy.minimumLength) caracteres."
        case .tooLong: return "A senha pode ter no máximo \(PasswordPolicy.maximumLength) caracteres."
        case .common: return "Essa senha é comum demais; escolha uma que outras pessoas dificilmente usariam."
        case .containsUsername: return "A senha não pode conter o nome de usuário."
        case .controlCharacters: return "A senha não pode ter caracteres de controle, como Tab ou Enter."
        }
    }

    public func text(_ problem: PhoneNumber.Invalid) -> String {
        "O número de celular começa com + e o código do país, com 8 a 15 dígitos no total, ex.: +1 555 0100."
    }

    public func text(_ problem: Sitekey.Problem) -> String {
        switch problem {
        case .unknownImage:
            return "Imagem da chave do site desconhecida; escolha uma destas: \(Sitekey.images.joined(separator: ", "))."
        case .phraseLength: return "A frase da chave do site tem de 1 a 60 caracteres imprimíveis."
        }
    }

    public func text(_ refusal: PasswordSignIn.Refusal) -> String {
        switch refusal {
        case .guest(let error): return text(error)
        case .incorrect(let left):
            let base = "Usuário ou senha incorretos."
            guard let left, left == 1 else { return base }
            return base + " Resta uma tentativa antes de o login ser bloqueado por 15 minutos."
        case .locked(let until):
            return "Excesso de tentativas. O login está bloqueado até as \(time(until))."
        }
    }

    public func text(_ error: SignInFlow.FlowError) -> String {
        switch error {
        case .expired:
            return "Este login começou há mais de \(minutes(SignInFlow.attemptLifetimeSeconds / 60)). "
                + "Comece de novo com seu usuário e senha."
        case .wrongFactor: return "Esta não é a etapa de que este login precisa agora."
        case .incomplete(let factor): return "O login não está completo: ainda falta \(name(factor))."
        case .proofForAnotherUserOrDevice: return "Essa confirmação pertence a outro login."
        case .deviceNoLongerTrusted: return "Este aparelho não é mais confiável. Entre de novo."
        }
    }

    /// A factor still missing, with its article: "ainda falta a senha".
    private func name(_ factor: SignInFactor) -> String {
        switch factor {
        case .password: return "a senha"
        case .biometric: return "a biometria"
        case .smsCode: return "o código por SMS"
        case .authenticator: return "o código do app autenticador"
        }
    }

    public func text(_ error: SessionError) -> String {
        switch error {
        case .ended(.idle): return "Sua sessão foi encerrada após 5 minutos sem atividade."
        case .ended(.maximumAge): return "Sua sessão foi encerrada: uma sessão dura no máximo 12 horas."
        case .ended(.verificationFailed): return "Identificação sem sucesso. Saindo da conta. Até logo."
        case .ended(.trustRevoked): return "Este aparelho não é mais confiável. Entre de novo."
        case .ended(.guestExpired): return "Sua sessão foi encerrada: as 24 horas deste cliente de demonstração acabaram."
        case .ended: return "Esta sessão foi encerrada. Entre de novo."
        case .notFound: return "Sessão não encontrada. Entre de novo."
        }
    }

    public func text(_ error: GuestError) -> String {
        switch error {
        case .notTheDemoBank:
            return "Clientes de demonstração só podem ser criados no banco de demonstração."
        case .tooMany(let limit, let minutesLeft):
            let customers = plural(limit, one: "cliente", other: "clientes")
            return "Esta conexão criou \(limit) \(customers) de demonstração na última hora. "
                + "Tente de novo em \(minutes(minutesLeft)) ou entre como um deles."
        case .noFreeName:
            return "Nenhum nome de demonstração livre; nada foi criado. Tente de novo."
        case .otherKey(let name):
            return "\(name) foi criado com outra chave SSH; entre pela conexão que o criou."
        case .otherBrowser(let name):
            return "\(name) não foi criado neste navegador; entre pelo navegador ou pela conexão SSH que o criou."
        case .expired(let name):
            return "\(name) foi cliente de demonstração por 24 horas e expirou. Tecle g para criar outro."
        case .expiredOutsideDemoMode(let name):
            return "\(name) foi cliente de demonstração por 24 horas e expirou."
        case .onlyInDemoMode(let name):
            return "\(name) é um cliente de demonstração e só entra na demonstração (termbank --demo)."
        }
    }
}
