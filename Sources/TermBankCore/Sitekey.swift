/// The picture and phrase a user chose, shown after the username so they can
/// tell the real bank from a look-alike before typing anything else.
public struct Sitekey: Equatable, Sendable {
    /// Names of the images in `assets/sitekeys/`.
    public static let images = ["lighthouse", "fox", "sailboat", "cactus", "rocket", "owl"]

    public let image: String
    public let phrase: String

    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case unknownImage(String)
        case phraseLength

        public var description: String { EnglishCoreCatalog().text(self) }
    }

    /// The phrase is stored composed (NFC): a letter the operator's terminal
    /// sent as a base and a combining accent is shown as the letter.
    public init(image: String, phrase: String) throws(Problem) {
        let name = image.lowercased()
        guard Sitekey.images.contains(name) else { throw .unknownImage(image) }
        let trimmed = CanonicalText.composed(phrase.trimmingSpaces)
        guard (1...60).contains(trimmed.count),
              !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { throw .phraseLength }
        self.image = name
        self.phrase = trimmed
    }

    public init(trustedImage image: String, phrase: String) {
        self.image = image
        self.phrase = phrase
    }

    /// Picked for users created without one: stable per username, so it does not change between runs.
    public static func defaultFor(_ username: Username) -> Sitekey {
        let index = username.rawValue.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) & 0xFFFF } % images.count
        return Sitekey(trustedImage: images[index], phrase: "Welcome back, \(username)")
    }
}
