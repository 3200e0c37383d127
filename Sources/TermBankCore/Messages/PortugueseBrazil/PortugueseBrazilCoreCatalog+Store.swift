/// The database's refusals, in Brazilian Portuguese, for the app's fatal
/// screen (the operator CLI stays English). "Banco de dados" is the
/// database; the bank itself is "o banco" or TermBank. Paths and names are
/// the operator's own data; bound values never appear.
extension PortugueseBrazilCoreCatalog {
    public func text(_ error: StoreError) -> String {
        switch error {
        case .directoryMissing(let path):
            return "A pasta do banco de dados não existe: \(path). Crie-a ou passe --db com outro caminho."
        case .noBank(let path):
            return "Não há banco de dados do TermBank em \(path); nada foi criado. Confira --db (ou $TERMBANK_DB) "
                + "ou crie um ali com \"termbank demo reset\" ou \"termbank user add\"."
        case .permissionDenied(let path):
            return "Permissão negada ao abrir o banco de dados \(path). Verifique o dono e o modo (deve ser 0600)."
        case .readOnly(let path):
            return "O banco de dados \(path) é somente leitura; o TermBank precisa gravar nele e na pasta dele."
        case .notATermBankDatabase(let path):
            return "\(path) não é um banco de dados do TermBank. Passe --db com o arquivo certo."
        case .symbolicLink(let path):
            return "\(path) é um link simbólico; o TermBank abre só o próprio arquivo, para que um link não desvie as "
                + "gravações do banco. Passe --db com o caminho real."
        case .readableByOthers(let path):
            return "\(path) pode ser lido por outros usuários; recusado. Execute: chmod 600 \(path)"
        case .sharedFolder(let path):
            return "Outros usuários podem criar arquivos em \(path), a pasta do banco de dados; recusada. "
                + "Mantenha o banco de dados numa pasta em que só o dono grava, ou execute: chmod go-w \(path)"
        case .newerSchema(let path, let found, let supported):
            return "\(path) foi gravado por um TermBank mais novo (esquema \(found); este conhece até o \(supported)). Atualize o termbank."
        // Short, so the device picker's one line shows the path and the wait.
        case .busy(let path, let waited):
            return "\(path): bloqueado por outro processo durante \(waited / 1000) s; tente de novo."
        case .diskFull(let path):
            return "O disco de \(path) está cheio; nada foi alterado. Libere espaço e tente de novo."
        case .corrupt(let path):
            return "O banco de dados \(path) está danificado. Restaure-o de um backup."
        case .duplicateUser(let name):
            return "Já existe um usuário chamado \"\(name)\"."
        case .unknownUser(let name):
            return "Não existe usuário chamado \"\(name)\"."
        case .phoneInUse(let phone):
            return "O número \(phone.masked) já pertence a outro cliente; cada cliente precisa do seu."
        case .sharedPhoneNumbers(let path, let users):
            return "\(path) não foi atualizado (nada foi alterado): um número de celular agora pertence a um só cliente, "
                + "mas estes clientes dividem um: \(users.joined(separator: "; ")). Dê a cada um o seu número "
                + "(por exemplo com sqlite3: UPDATE users SET phone = '+15550199' WHERE username = 'NAME'), "
                + "e abra de novo."
        case .needsUnicodeLibrary(let path):
            return "\(path) não foi atualizado (nada foi alterado): contém texto acentuado gravado antes de o TermBank "
                + "compor os acentos, e compô-lo exige a libutf8proc2, que não pode ser aberta neste servidor. "
                + "Instale-a (apt-get install libutf8proc2) e abra de novo."
        case .serverUnavailable(let location, let reason):
            return "Não foi possível conectar ao servidor do banco de dados \(location) (\(reason)); nada foi alterado. "
                + "Verifique se o PostgreSQL está em execução."
        case .authenticationFailed(let location):
            return "O servidor do banco de dados recusou o acesso a \(location). Verifique o usuário e a senha em "
                + "~/.pgpass ou PGPASSWORD; nada foi alterado."
        case .connectionLost(let location):
            return "A conexão com o banco de dados \(location) caiu; nada pela metade foi gravado, e uma transferência "
                + "nunca é lançada duas vezes, então pode tentar de novo com segurança."
        case .readOnlyStandby(let location):
            return "O servidor do banco de dados \(location) é uma réplica de espera (standby), que só faz leituras: "
                + "não aceita login nem transferências, e nada foi alterado. Indique o servidor primário em --db, ou "
                + "liste todos os servidores com target_session_attrs=read-write para o TermBank encontrá-lo."
        case .backend(let message):
            return "Erro no banco de dados: \(message)"
        }
    }
}
