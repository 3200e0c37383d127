/// The database's refusals, for the operator CLI and the app's fatal screen.
/// Paths and names are the operator's own data; bound values never appear.
extension ItalianCoreCatalog {
    public func text(_ error: StoreError) -> String {
        switch error {
        case .directoryMissing(let path):
            return "La cartella del database non esiste: \(path). Creala o passa --db con un altro percorso."
        case .noBank(let path):
            return "Nessun database TermBank in \(path); non è stato creato nulla. Controlla --db (o $TERMBANK_DB) "
                + "oppure creane uno lì con \"termbank demo reset\" o \"termbank user add\"."
        case .permissionDenied(let path):
            return "Permesso negato aprendo il database \(path). Controllane proprietario e permessi (dovrebbero essere 0600)."
        case .readOnly(let path):
            return "Il database \(path) è in sola lettura; TermBank deve poter scrivere sul file e nella sua cartella."
        case .notATermBankDatabase(let path):
            return "\(path) non è un database TermBank. Passa --db con il file giusto."
        case .symbolicLink(let path):
            return "\(path) è un collegamento simbolico; TermBank apre solo il file vero e proprio, così un collegamento "
                + "non può dirottare altrove le scritture della banca. Passa --db con il percorso reale."
        case .readableByOthers(let path):
            return "\(path) è leggibile da altri utenti; rifiutato. Esegui: chmod 600 \(path)"
        case .sharedFolder(let path):
            return "Altri utenti possono creare file in \(path), la cartella del database; rifiutata. "
                + "Tieni il database in una cartella scrivibile solo dal proprietario, oppure esegui: chmod go-w \(path)"
        case .newerSchema(let path, let found, let supported):
            return "\(path) è stato scritto da un TermBank più recente (schema \(found), questo arriva fino a \(supported)). Aggiorna termbank."
        case .busy(let path, let waited):
            return "Database \(path) bloccato da un altro processo per \(waited / 1000) s; riprova."
        case .diskFull(let path):
            return "Il disco che contiene \(path) è pieno; non è stato modificato nulla. Libera spazio e riprova."
        case .corrupt(let path):
            return "Il database \(path) è danneggiato. Ripristinalo da un backup."
        case .duplicateUser(let name):
            return "Esiste già un utente di nome \"\(name)\"."
        case .unknownUser(let name):
            return "Nessun utente di nome \"\(name)\"."
        case .phoneInUse(let phone):
            return "Il numero \(phone.masked) appartiene già a un altro cliente; ogni cliente deve avere il proprio."
        case .sharedPhoneNumbers(let path, let users):
            return "\(path) non è stato aggiornato (nulla è cambiato): ora un numero di telefono appartiene a un solo cliente, "
                + "ma questi clienti ne condividono uno: \(users.joined(separator: "; ")). Assegna a ciascuno il proprio numero "
                + "(ad esempio con sqlite3: UPDATE users SET phone = '+15550199' WHERE username = 'NOME'), "
                + "poi riaprilo."
        case .needsUnicodeLibrary(let path):
            return "\(path) non è stato aggiornato (nulla è cambiato): contiene testo accentato salvato prima che TermBank "
                + "componesse gli accenti, e comporlo richiede libutf8proc2, che su questo host non si può aprire. "
                + "Installala (apt-get install libutf8proc2), poi riaprilo."
        case .serverUnavailable(let location, let reason):
            return "Impossibile raggiungere il server del database \(location) (\(reason)); non è stato modificato nulla. "
                + "Verificare che PostgreSQL sia in esecuzione."
        case .authenticationFailed(let location):
            return "Il server del database ha rifiutato l'accesso a \(location). Verificare l'utente e la password in "
                + "~/.pgpass o PGPASSWORD; non è stato modificato nulla."
        case .connectionLost(let location):
            return "La connessione al database \(location) si è interrotta; nulla di incompiuto è stato salvato e un "
                + "bonifico non viene mai registrato due volte, quindi si può riprovare in sicurezza."
        case .readOnlyStandby(let location):
            return "Il server del database \(location) è uno standby, che consente solo letture: non accetta accessi "
                + "né giroconti, e nulla è stato modificato. Indica il primario in --db, oppure elenca tutti i server "
                + "con target_session_attrs=read-write perché TermBank lo trovi."
        case .backend(let message):
            return "Errore del database: \(message)"
        }
    }
}
