import TermBankApp
import TermBankCore

/// Gathers what a terminal sends between the brackets of a paste
/// (`ESC[200~` … `ESC[201~`, once the painter has asked for bracketed paste)
/// into one `Key.paste`, so nothing pasted acts as a key: an Esc in the text
/// does not cancel, a line break does not press Enter, a `q` is not a command.
///
/// ncurses has already decoded the bytes: the brackets arrive as two key codes
/// the painter defined, and the text as keys. Inside a paste every key is put
/// back as the text it came from (Enter as a line break, Tab, Esc, a Ctrl key
/// as its control character) and the app's fields drop what they drop from
/// typed text; a key ncurses decoded from an escape sequence inside the text
/// (an arrow) has no text and is dropped. Pure: the reader feeds it, tests too.
///
/// Bounded both ways: a paste keeps at most `limit` of its text and drops the
/// rest of it (never turning it into keys); one whose end never comes (a
/// terminal that dropped it, a connection cut mid-paste) ends at the first
/// silence the reader reports, and the keys after it are keys again.
struct PasteAssembler {
    /// What one read from the terminal gave.
    enum Input: Equatable {
        case key(Key)
        /// `ESC[200~`: a paste begins.
        case start
        /// `ESC[201~`: the paste is over.
        case end
        /// Nothing came within the reader's wait: a paste still open has ended.
        case silence
    }

    let limit: InputLimit
    /// Inside a paste: everything read is text until the end.
    private(set) var isOpen = false
    private var text = ""
    private var scalars = 0

    init(limit: InputLimit = FieldLimit.paste) {
        self.limit = limit
    }

    /// The keys to hand the app after this input: none while a paste is
    /// being gathered, the whole paste as one key when it ends.
    mutating func take(_ input: Input) -> [Key] {
        switch input {
        case .start:
            // A start inside a paste is the pasted text's own (its ESC is
            // dropped with the rest); the paste still ends at the first end.
            if !isOpen {
                isOpen = true
                text = ""
                scalars = 0
            }
            return []
        case .end, .silence:
            // An end with no paste open (the rest of one that silence already
            // ended) has nothing to end.
            guard isOpen else { return [] }
            isOpen = false
            defer { text = "" }
            return text.isEmpty ? [] : [.paste(text)]
        case .key(let key):
            guard isOpen else { return [key] }
            // The window changed size during the paste: that is not text,
            // and the screen must fit at once.
            if case .resize = key { return [key] }
            append(Self.text(of: key))
            return []
        }
    }

    /// The text a key read inside a paste stands for; nil for a key that
    /// ncurses decoded from an escape sequence (it has no text of its own).
    static func text(of key: Key) -> String? {
        switch key {
        case .character(let character): return String(character)
        case .enter: return "\n"
        case .tab: return "\t"
        case .escape: return "\u{1B}"
        case .backspace: return "\u{7F}"
        case .control(let letter):
            guard let value = letter.asciiValue, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(value) else { return nil }
            return String(Character(Unicode.Scalar(value - UInt8(ascii: "a") + 1)))
        case .unknown, .backTab, .up, .down, .left, .right, .delete, .home, .end, .pageUp, .pageDown, .function,
             .resize, .paste:
            return nil
        }
    }

    /// Keeps the text while both caps admit it; past them, the rest of this
    /// paste is dropped, in O(1) per key.
    private mutating func append(_ piece: String?) {
        guard let piece else { return }
        for scalar in piece.unicodeScalars {
            guard scalars < limit.scalars, text.utf8.count + UTF8.width(scalar) <= limit.bytes else { return }
            text.unicodeScalars.append(scalar)
            scalars += 1
        }
    }
}
