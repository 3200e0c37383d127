import TermBankApp
import TermBankCore

/// Whether a language's words fit the screens: a catalog is wrapped so that
/// every text a view asks for is recorded with the value it words, the
/// frame is rendered, and each recorded text is looked for on the frame,
/// whole (on one row, or wrapped over the rows below at the same column or
/// the same centre). A text the view asked for and did not show whole was
/// clipped: cut at an edge or a box, overwritten, dropped from the key bar,
/// or wrapped past the rows its view allows. English, rendered the same way,
/// is the reference: what English shows whole at a size, every language
/// must show whole. Box sides and corners English draws must stay (a long
/// line would overwrite them).
enum CatalogFit {
    /// A text a view asked for: which value (its type and case) and its words.
    struct Asked: Hashable {
        let value: String
        let words: String
    }

    final class Recorder: @unchecked Sendable {
        var asked: [Asked] = []
        func note(_ value: Any, _ words: String) -> String {
            asked.append(Asked(value: "\(type(of: value)).\(value)", words: words))
            return words
        }
    }

    /// The values whose words English shows whole but `words` does not, at
    /// one state and size, and the box edges the language's text broke.
    static func clipped(_ state: AppState, size: Size, words: any AppCatalog) -> (texts: [String], brokenEdges: Int, frame: [String]) {
        var state = state
        state.size = size
        let english = render(state, size: size, words: EnglishAppCatalog())
        let other = render(state, size: size, words: words)
        // A text inside another one English shows ("SMS code" in "Sign-in now asks for an SMS code.") may be
        // seen there rather than in its own place: it proves nothing.
        let inside = Set(english.asked.filter { text in
            english.asked.contains { $0.value != text.value && $0.words != text.words && $0.words.contains(text.words) }
        }.map(\.value))
        let shownInEnglish = Set(english.asked.filter { !inside.contains($0.value) && shows($0.words, on: english.frame) }
            .map(\.value))
        let missing = other.asked.filter { shownInEnglish.contains($0.value) && !shows($0.words, on: other.frame) }
        var broken = 0
        let edges: Set<Character> = ["│", "╭", "╮", "╰", "╯"]
        for (row, line) in english.frame.enumerated() {
            let theirs = Array(other.frame[row])
            for (column, character) in Array(line).enumerated() where edges.contains(character) {
                if column >= theirs.count || theirs[column] != character { broken += 1 }
            }
        }
        let texts = Array(Set(missing.map { "\($0.value): \($0.words)" })).sorted()
        return (texts, broken, other.frame)
    }

    static func render(_ state: AppState, size: Size, words: any AppCatalog) -> (asked: [Asked], frame: [String]) {
        let recorder = Recorder()
        let frame = AppView.render(state, size: size, words: RecordingAppCatalog(base: words, recorder: recorder))
        // Padded to the full width, so that columns can be compared.
        let rows = frame.text.map { $0 + String(repeating: " ", count: max(0, size.columns - $0.count)) }
        return (recorder.asked, rows)
    }

    /// Whether `text` is on the frame whole: on one row, or wrapped at word
    /// boundaries over consecutive rows that start at the same column or
    /// share a centre (centred lines).
    static func shows(_ text: String, on frame: [String]) -> Bool {
        let text = collapsed(text)
        guard !text.isEmpty else { return true }
        if frame.contains(where: { collapsed($0).contains(text)
                                   && !occurrences(of: Array(text), in: Array(collapsed($0))).isEmpty }) { return true }
        let rows = frame.map(Array.init)
        let words = text.split(separator: " ").map(String.init)
        for start in frame.indices where frame[start].contains(words[0]) {
            if wraps(words, from: 0, row: start, previous: nil, rows: rows, lines: frame) { return true }
        }
        return false
    }

    private static func wraps(_ words: [String], from index: Int, row: Int, previous: (column: Int, width: Int)?,
                              rows: [[Character]], lines: [String]) -> Bool {
        if index == words.count { return true }
        guard row < rows.count else { return false }
        for end in stride(from: words.count, to: index, by: -1) {
            let text = words[index..<end].joined(separator: " ")
            guard lines[row].contains(text) else { continue }
            let piece = Array(text)
            for column in occurrences(of: piece, in: rows[row]) {
                if let previous {
                    let sameColumn = column == previous.column
                    let sameCentre = abs((2 * column + piece.count) - (2 * previous.column + previous.width)) <= 2
                    guard sameColumn || sameCentre else { continue }
                }
                if wraps(words, from: end, row: row + 1, previous: (column, piece.count), rows: rows, lines: lines) { return true }
            }
        }
        return false
    }

    /// Where `piece` starts in `row`, as a whole run of words (a space or an edge on either side).
    private static func occurrences(of piece: [Character], in row: [Character]) -> [Int] {
        guard piece.count <= row.count else { return [] }
        return (0...(row.count - piece.count)).filter { start in
            Array(row[start..<(start + piece.count)]) == piece
                && (start == 0 || !row[start - 1].isLetter)
                && (start + piece.count == row.count || !row[start + piece.count].isLetter)
        }
    }

    private static func collapsed(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
}

/// A catalog that words everything as `base` does and records what it was asked.
struct RecordingAppCatalog: AppCatalog {
    let base: any AppCatalog
    let recorder: CatalogFit.Recorder
    var core: any CoreCatalog { RecordingCoreCatalog(base: base.core, recorder: recorder) }
    func text(_ text: ChromeText) -> String { recorder.note(text, base.text(text)) }
    func text(_ label: KeyLabel) -> String { recorder.note(label, base.text(label)) }
    func text(_ text: SignInText) -> String { recorder.note(text, base.text(text)) }
    func text(_ text: SecondFactorText) -> String { recorder.note(text, base.text(text)) }
    func text(_ text: DemoText) -> String { recorder.note(text, base.text(text)) }
    func text(_ text: ModalText) -> String { recorder.note(text, base.text(text)) }
    func text(_ text: BankingText) -> String { recorder.note(text, base.text(text)) }
    func text(_ text: SecurityText) -> String { recorder.note(text, base.text(text)) }
    func text(_ text: SessionText) -> String { recorder.note(text, base.text(text)) }
}

struct RecordingCoreCatalog: CoreCatalog {
    let base: any CoreCatalog
    let recorder: CatalogFit.Recorder
    var pluralRule: PluralRule { base.pluralRule }
    var numbers: NumberConventions { base.numbers }
    var dates: DateConventions { base.dates }
    func time(_ time: Timestamp) -> String { recorder.note(time, base.time(time)) }
    func amount(_ money: Money) -> String { recorder.note(money, base.amount(money)) }
    func money(_ money: Money) -> String { recorder.note(money, base.money(money)) }
    func text(_ problem: Username.Problem) -> String { recorder.note(problem, base.text(problem)) }
    func text(_ problem: PasswordPolicy.Problem) -> String { recorder.note(problem, base.text(problem)) }
    func text(_ problem: PhoneNumber.Invalid) -> String { recorder.note(problem, base.text(problem)) }
    func text(_ problem: Sitekey.Problem) -> String { recorder.note(problem, base.text(problem)) }
    func text(_ refusal: PasswordSignIn.Refusal) -> String { recorder.note(refusal, base.text(refusal)) }
    func text(_ error: SignInFlow.FlowError) -> String { recorder.note(error, base.text(error)) }
    func text(_ error: SessionError) -> String { recorder.note(error, base.text(error)) }
    func text(_ error: GuestError) -> String { recorder.note(error, base.text(error)) }
    func text(_ kind: AccountKind) -> String { recorder.note(kind, base.text(kind)) }
    func text(_ error: AmountError) -> String { recorder.note(error, base.text(error)) }
    func text(_ error: LedgerError) -> String { recorder.note(error, base.text(error)) }
    func text(_ error: TransferClientID.Invalid) -> String { recorder.note(error, base.text(error)) }
    func text(_ error: TransferStepUp.StepUpError) -> String { recorder.note(error, base.text(error)) }
    func text(_ problem: PaymentReference.Problem) -> String { recorder.note(problem, base.text(problem)) }
    func text(_ problem: DisplayName.Problem) -> String { recorder.note(problem, base.text(problem)) }
    func summary(_ transfer: PendingTransfer) -> String { recorder.note(transfer, base.summary(transfer)) }
    func label(_ line: StatementLine) -> String { recorder.note(line, base.label(line)) }
    func text(_ error: VerifyError) -> String { recorder.note(error, base.text(error)) }
    func text(_ result: CheckResult) -> String { recorder.note(result, base.text(result)) }
    func text(_ failure: DeliveryFailure) -> String { recorder.note(failure, base.text(failure)) }
    func text(_ problem: VerifyConfiguration.Invalid) -> String { recorder.note(problem, base.text(problem)) }
    func smsText(code: String, purpose: VerificationPurpose, expiresInMinutes minutes: Int64) -> String {
        recorder.note(purpose, base.smsText(code: code, purpose: purpose, expiresInMinutes: minutes))
    }
    func voiceText(code: String, purpose: VerificationPurpose, expiresInMinutes minutes: Int64) -> String {
        recorder.note(purpose, base.voiceText(code: code, purpose: purpose, expiresInMinutes: minutes))
    }
    func smsLockedText(until: Timestamp) -> String { recorder.note(until, base.smsLockedText(until: until)) }
    func text(_ check: AuthenticatorCheck) -> String { recorder.note(check, base.text(check)) }
    func text(_ result: ActivationResult) -> String { recorder.note(result, base.text(result)) }
    func text(_ error: AuthenticatorError) -> String { recorder.note(error, base.text(error)) }
    func text(_ check: RecoveryCodeCheck) -> String { recorder.note(check, base.text(check)) }
    func text(_ error: ConfirmationError) -> String { recorder.note(error, base.text(error)) }
    func text(_ unchanged: ConfirmationError.Unchanged) -> String { recorder.note(unchanged, base.text(unchanged)) }
    func text(_ error: TrustedDeviceError) -> String { recorder.note(error, base.text(error)) }
    func summary(_ change: SecurityChange) -> String { recorder.note(change, base.summary(change)) }
    func text(_ notice: PhoneNotice) -> String { recorder.note(notice, base.text(notice)) }
    func text(_ error: BiometricSettings.EnableError) -> String { recorder.note(error, base.text(error)) }
    func text(_ outcome: BiometricOutcome, biometry: BiometryType) -> String? {
        base.text(outcome, biometry: biometry).map { recorder.note(outcome, $0) }
    }
    func text(_ notice: BiometricNotice, biometry: BiometryType) -> String {
        recorder.note(notice, base.text(notice, biometry: biometry))
    }
    func text(_ error: StoreError) -> String { recorder.note(error, base.text(error)) }
}
