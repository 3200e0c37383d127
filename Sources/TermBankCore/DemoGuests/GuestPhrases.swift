/// The sitekey phrases a guest customer's picture comes with, in the
/// language the guest was made in: the phrase is the guest's own data, stored
/// once and shown as it is whatever language a later screen speaks (as a
/// customer's own phrase would be). Each list is as long as the English one,
/// so one random draw picks the same place in every language.
///
/// Short, everyday sentences a stakeholder can recognise at a glance: no
/// brand names, no quotes or control characters, each a valid sitekey
/// phrase (`Sitekey(image:phrase:)`, `GuestPhrasesTests`).
public enum GuestPhrases {
    public static func list(_ language: Language) -> [String] {
        switch language {
        case .english: return english
        case .portugueseBrazil: return portugueseBrazil
        case .italian: return italian
        case .ukrainian: return ukrainian
        }
    }

    static let english = [
        "Every key opens its own door", "A stakeholder walks in", "Tea at the harbour", "The quiet fox keeps time",
        "Sunrise over the ledger", "Small steps, safe money", "The lighthouse sees far", "Paper boats on a pond",
    ]

    static let portugueseBrazil = [
        "Cada chave abre a sua porta", "Uma visita chegou sem avisar", "Café com bolo no fim da tarde",
        "A raposa calma não tem pressa", "O sol nasce sobre o mar", "Passo a passo, dinheiro seguro",
        "O farol enxerga longe", "Barquinhos de papel no lago",
    ]

    static let italian = [
        "Ogni chiave apre la sua porta", "Un ospite bussa alla porta", "Un tè in riva al porto",
        "La volpe calma non ha fretta", "L'alba sul mare d'inverno", "Piccoli passi, soldi al sicuro",
        "Il faro vede lontano", "Barchette di carta nello stagno",
    ]

    static let ukrainian = [
        "Кожен ключ відчиняє свої двері", "Гість стукає у двері", "Чай біля гавані",
        "Тиха лисиця не поспішає", "Світанок над морем", "Крок за кроком — гроші в безпеці",
        "Маяк бачить далеко", "Паперові кораблики на ставку",
    ]
}
