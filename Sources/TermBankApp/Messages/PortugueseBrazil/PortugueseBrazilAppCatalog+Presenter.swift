import TermBankCore

/// The presenter's view's words in Brazilian Portuguese.
extension PortugueseBrazilAppCatalog {
    public func text(_ text: PresenterText) -> String {
        switch text {
        case .title: return "Visão do apresentador"
        case .totals(let connected, let finished, let moved):
            return "Conectados \(connected) · Concluíram \(finished) · Dinheiro movido \(moved)"
        case .columnOrigin: return "Origem"
        case .columnDoor: return "Porta"
        case .columnCustomer: return "Cliente"
        case .columnLanguage: return "Idioma"
        case .columnSteps: return "Passos"
        case .columnSince: return "Última"
        case .columnStuck: return "Travado"
        case .door(let door):
            switch door {
            case .ssh: return "SSH"
            case .web: return "web"
            case .local: return "local"
            }
        case .noCustomer: return "—"
        case .since(let seconds): return PresenterText.shortDuration(seconds, s: "s", min: "min", h: "h")
        case .sameScreen(let minutes): return "mesma tela há \(minutes) min"
        case .refused(let refusal):
            switch refusal {
            case .password: return "recusado: senha"
            case .code: return "recusado: código"
            case .moneyMovement: return "recusado: transferência"
            case .other: return "recusado"
            }
        case .lockedUntil(let time): return "bloqueado até \(time)"
        case .codesLockedUntil(let time): return "códigos bloqueados até \(time)"
        case .smsLimitReached: return "limite de SMS atingido"
        case .sameScreenShort(let minutes): return "tela \(minutes) min"
        case .refusedShort(let refusal):
            switch refusal {
            case .password: return "senha recusada"
            case .code: return "código recusado"
            case .moneyMovement: return "transferência recusada"
            case .other: return "recusado"
            }
        case .lockedShort: return "bloqueado"
        case .codesLockedShort: return "códigos bloqueados"
        case .smsLimitShort: return "limite de SMS"
        case .fine: return "—"
        case .onScreen(let screen): return "na tela \(screen)"
        case .screenName(let name):
            switch name {
            case .welcome: return "boas-vindas"
            case .guestCard: return "cartão do cliente demo"
            case .pickDevice: return "escolha do aparelho"
            case .login: return "login"
            case .sitekeyFirst: return "usuário"
            case .sitekey: return "chave do site"
            case .biometric: return "Touch ID / Face ID"
            case .code: return "código SMS"
            case .authenticatorCode: return "código do app autenticador"
            case .recoveryCode: return "código de recuperação"
            case .statement: return "extrato"
            case .transfer: return "transferência"
            case .receipt: return "comprovante"
            case .pay: return "pagamento"
            case .paid: return "pagamento enviado"
            case .security: return "segurança"
            case .authenticatorSetup: return "configurar app autenticador"
            case .newRecoveryCodes: return "novos códigos de recuperação"
            case .signedOut: return "sessão encerrada"
            case .phone: return "janela do celular"
            case .presenter: return "visão do apresentador"
            }
        case .canUnlock: return "u remove os bloqueios"
        case .empty: return "Nenhum participante conectado."
        case .emptyHint: return "Compartilhe a porta SSH ou a do navegador."
        case .reading: return "Lendo o banco…"
        case .recordsUnavailable: return "Os registros de presença deste banco ainda não podem ser lidos."
        case .unlockTitle: return "Desbloquear"
        case .unlockQuestion(let customer, let origin): return "Desbloquear \(customer) para \(origin)?"
        case .unlockExplanation:
            return "Isso remove os bloqueios por senha errada e por código errado e a contagem horária de SMS nessa origem para esse cliente; "
                + "as outras origens mantêm os seus. Fica registrado na trilha de auditoria."
        case .unlocked(let customer, let origin): return "\(customer) desbloqueado (\(origin))."
        case .nothingToUnlock(let origin): return "Nada a desbloquear (\(origin))."
        }
    }
}
