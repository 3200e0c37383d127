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
    /// Password words: short (4 or 5 letters), each unlike the others, and
    /// none an adjective or animal above, so a password never contains its
    /// username. 149 of them.
    static let words = [
        "acorn", "anvil", "apple", "arch", "attic", "bagel", "banjo", "barn", "basil", "beach", "bell", "bench",
        "berry", "blade", "boat", "bolt", "bread", "brick", "brook", "broom", "brush", "cabin", "cake", "canoe",
        "cape", "cargo", "cedar", "chalk", "chair", "chess", "cider", "cliff", "clock", "cloud", "coat", "comet",
        "cork", "couch", "crown", "cube", "daisy", "delta", "desk", "dome", "drum", "dune", "ember", "fern", "flag",
        "flame", "flute", "forge", "fork", "frost", "gate", "glove", "grape", "harp", "hill", "honey", "hook", "horn",
        "igloo", "inlet", "iris", "jelly", "jewel", "kayak", "kite", "knot", "ladle", "lake", "lamp", "latch",
        "leaf", "lemon", "lilac", "lime", "linen", "lodge", "loom", "mango", "maple", "marsh", "mast", "melon",
        "mill", "mint", "moon", "moss", "nest", "oasis", "ocean", "opal", "orbit", "oven", "paint", "palm", "pearl",
        "pier", "pine", "pipe", "plum", "pond", "quill", "raft", "rain", "reed", "reef", "ridge", "ring", "river",
        "robe", "rope", "rose", "sail", "salt", "scarf", "shell", "shore", "silk", "sled", "slate", "soap", "sofa",
        "spoon", "star", "stone", "stool", "straw", "table", "tent", "thorn", "tide", "tile", "toast", "torch",
        "tower", "train", "tulip", "vase", "vine", "wand", "wave", "wheat", "wheel", "wick", "wind", "yarn",
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

    /// Two different short words and three digits, e.g. "maple-orbit-417"
    /// (13 to 15 characters): typed once without effort, and found again
    /// on the phone's "Passwords" note (decision 59). About 24 bits
    /// (149 × 148 × 900), enough behind the sign-in lockout for a customer
    /// bound to the SSH key that made it, with play money, gone after a day.
    public static func password(_ random: RandomSource) -> Secret {
        let first = pick(words, random)
        let second = pick(words.filter { $0 != first }, random)
        return Secret("\(first)-\(second)-\(100 + random.uniform(below: 900))")
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
