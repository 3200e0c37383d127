/// What a guest customer is called and how they sign in: a readable
/// username ("guest-amber-fox"), a generated password a stakeholder can type
/// from the screen, and a number in the fictional 555-01xx range. Drawn from
/// the core's random source, so tests get the same names every run.
public enum GuestNames {
    /// 64 each: 4,096 usernames before a suffix is needed.
    static let adjectives = [
        "amber", "azure", "bold", "brave", "bright", "calm", "clever", "coral", "cosy", "crisp", "daring", "deep",
        "eager", "early", "fair", "fleet", "gentle", "glad", "golden", "grand", "green", "happy", "hazel", "honest",
        "ivory", "jade", "jolly", "keen", "kind", "lively", "lucky", "lunar", "merry", "mild", "misty", "noble",
        "olive", "polar", "proud", "quick", "quiet", "rapid", "rosy", "ruby", "rustic", "sandy", "silver", "sleek",
        "smart", "snowy", "solar", "steady", "stormy", "sunny", "swift", "tidy", "topaz", "true", "velvet", "vivid",
        "warm", "wild", "wise", "zesty",
    ]
    static let animals = [
        "badger", "bear", "beaver", "bison", "crane", "crow", "deer", "dolphin", "eagle", "eel", "elk", "falcon",
        "ferret", "finch", "fox", "frog", "gecko", "goat", "goose", "hare", "hawk", "heron", "horse", "ibis",
        "koala", "lark", "lemur", "lion", "llama", "lynx", "marten", "mole", "moose", "newt", "otter", "owl",
        "panda", "parrot", "pelican", "puffin", "quail", "rabbit", "raven", "robin", "salmon", "seal", "shark",
        "sparrow", "stork", "swan", "tapir", "tiger", "toad", "trout", "turtle", "viper", "walrus", "weasel",
        "whale", "wolf", "wombat", "wren", "yak", "zebra",
    ]
    /// Password words: none is an adjective or animal above, so a password
    /// never contains its username.
    static let words = [
        "anchor", "apple", "arrow", "basket", "beacon", "bridge", "button", "cabin", "candle", "canyon", "castle",
        "cellar", "cherry", "cinder", "comet", "copper", "cotton", "crater", "dune", "ember", "engine", "fable",
        "fern", "forest", "garden", "glacier", "harbor", "helmet", "island", "jacket", "jungle", "kettle", "lantern",
        "ledger", "meadow", "mirror", "mosaic", "needle", "orchid", "paddle", "pebble", "pepper", "pillow", "planet",
        "pocket", "quartz", "ribbon", "river", "rocket", "saddle", "signal", "spiral", "summit", "tablet", "thistle",
        "timber", "tunnel", "valley", "violin", "wagon", "willow", "window", "winter", "zephyr",
    ]

    public static let usernamePrefix = "guest-"

    static func pick(_ list: [String], _ random: RandomSource) -> String {
        list[Int(random.uniform(below: UInt64(list.count)))]
    }

    /// "guest-amber-fox"; from the `attempt`-th try on (names taken), a number
    /// is added: "guest-amber-fox-42".
    public static func username(_ random: RandomSource, attempt: Int = 0) -> Username {
        var name = usernamePrefix + pick(adjectives, random) + "-" + pick(animals, random)
        if attempt >= 3 { name += "-" + String(10 + random.uniform(below: 90)) }
        return Username(trusted: name)
    }

    /// The name on a guest's account, from its username: "guest-amber-fox"
    /// is "Amber Fox" (payers see "Amber F."), "guest-amber-fox-42" too.
    public static func displayName(for username: Username) -> String {
        let words = username.rawValue.dropFirst(usernamePrefix.count).split(separator: "-")
            .filter { !$0.allSatisfy(\.isNumber) }
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    }

    /// Three words and four digits, e.g. "copper-lantern-river-4821": about
    /// 31 bits, typed once from the screen, behind the sign-in lockout, and
    /// gone with the guest after a day.
    public static func password(_ random: RandomSource) -> Secret {
        let digits = String(1000 + random.uniform(below: 9000))
        return Secret([pick(words, random), pick(words, random), pick(words, random), digits].joined(separator: "-"))
    }

    /// A number in 555-0100..555-0199 under an area code 201-989: NANPA keeps
    /// 555-01xx for fiction in every area code, so no real phone can get a
    /// demo code. The seed's customers have the short +1 555 01xx numbers,
    /// so a guest's 11-digit number never equals theirs.
    public static func phone(_ random: RandomSource) -> PhoneNumber {
        let area = 201 + random.uniform(below: 789)
        let line = random.uniform(below: 100)
        return PhoneNumber(trusted: "+1\(area)55501" + (line < 10 ? "0" : "") + String(line))
    }

    /// Whether a number is in the guests' range (and so never a real phone).
    public static func isDemoRange(_ phone: PhoneNumber) -> Bool {
        let digits = Array(phone.e164.dropFirst())
        guard digits.count == 11, digits.allSatisfy({ $0.isASCII && $0.isNumber }), digits[0] == "1" else { return false }
        return String(digits[4...8]) == "55501"
    }

    /// A random picture and a phrase in `language` (the one on the screen
    /// that made the guest), so each guest learns to look for theirs.
    public static func sitekey(_ random: RandomSource, language: Language = .english) -> Sitekey {
        Sitekey(trustedImage: pick(Sitekey.images, random), phrase: pick(GuestPhrases.list(language), random))
    }
}
