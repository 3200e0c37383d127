import TermBankApp
import TermBankCore

/// The catalogs as PO files: every message of `AppCatalog` and `CoreCatalog`
/// (the sample table, checked against the declarations read from the sources),
/// worded by a language's catalog. (decision 96)
public enum MessageExport {
    /// The folders, under the repository, whose declarations name the messages.
    public static let folders = ["Sources/TermBankApp", "Sources/TermBankCore"]

    /// Every sample, app and core.
    public static var samples: [MessageSample] { MessageSample.app + MessageSample.core }

    /// Parameters of the catalog protocols' requirements that are not messages
    /// but what messages are written with (times, amounts) or a text's parts.
    static let notMessages: Set<String> = ["Timestamp", "Money", "String"]

    /// Cases no sample can make: a proof that a factor was passed comes only
    /// from the core's services (its initialiser is internal on purpose), so
    /// these texts ("Verified.", "Recovery code accepted. 3 codes left.") are
    /// still translated in the catalogs' Swift.
    public static let unsampled: Set<String> = ["CheckResult.verified", "AuthenticatorCheck.verified", "RecoveryCodeCheck.accepted"]

    /// What the sample table lacks, by the declarations: each message type a
    /// catalog protocol words, each case of it ("SignInText.fieldFull"), and
    /// keys given to two samples. Empty when the export is complete.
    public static func missing(_ declarations: MessageDeclarations, samples: [MessageSample] = samples) -> [String] {
        let required = (declarations.requirements["AppCatalog"] ?? []) + (declarations.requirements["CoreCatalog"] ?? [])
        var problems: [String] = []
        if required.isEmpty { problems.append("no catalog protocol was read (AppCatalog, CoreCatalog): wrong folder?") }
        let sampled = Set(samples.map { $0.type + "." + $0.caseName })
        let sampledTypes = Set(samples.map(\.type))
        var types: [String] = []
        for type in required + samples.map(\.type) where !notMessages.contains(type) && !types.contains(type) {
            types.append(type)
        }
        for type in types {
            if let cases = declarations.cases[type] {
                for declared in cases where !sampled.contains(type + "." + declared.name)
                    && !unsampled.contains(type + "." + declared.name) {
                    problems.append("\(type).\(declared.name) (\(declared.file):\(declared.line)) has no sample")
                }
            } else if !sampledTypes.contains(type) {
                problems.append("\(type) has no sample")
            }
        }
        var seen: Set<String> = []
        for sample in samples where !seen.insert(sample.key).inserted {
            problems.append("two samples have the key \(sample.key): give one a variant")
        }
        return problems
    }

    /// The PO file of a language: msgctxt the key, msgid the English, msgstr
    /// the language's words; a message the English words as nothing (a
    /// biometric outcome that shows no sheet) has no entry.
    public static func po(_ language: Language, declarations: MessageDeclarations,
                          samples: [MessageSample] = samples) -> POFile {
        let english = EnglishAppCatalog(), catalog = language.appCatalog
        let forms = PluralForms(language.pluralRule)
        let entries = samples.compactMap { sample -> POFile.Entry? in
            let id = sample.text(in: english)
            guard !id.isEmpty else { return nil }
            let declared = declarations.cases[sample.type]?.first { $0.name == sample.caseName }
            var comments: [String] = []
            if let shown = declarations.typeDocs[sample.type] { comments.append("Shown: " + shown) }
            if let doc = declared?.doc, !doc.isEmpty { comments.append(doc) }
            if let note = sample.note { comments.append(note) }
            let placeholders = Placeholders.names(in: id)
            if !placeholders.isEmpty {
                comments.append("Keep " + placeholders.map { "{\($0)}" }.joined(separator: ", ")
                                + ": each stands for a value, in any order; see docs/languages.md.")
            }
            var entry = POFile.Entry(context: sample.key, id: id, text: sample.text(in: catalog), extractedComments: comments,
                                     references: declared.map { ["\($0.file):\($0.line)"] } ?? [],
                                     flags: placeholders.isEmpty ? [] : ["python-brace-format"])
            if let count = sample.count, agreesWithItsCount(sample) {
                entry.id = sample.text(in: english, count: 1)
                entry.idPlural = sample.text(in: english, count: MessageSample.sampleCount)
                entry.plurals = forms.counts.map { sample.text(in: catalog, count: $0) }
                entry.text = entry.plurals.first ?? ""
                entry.extractedComments.append("{\(count)} chooses the form: " + forms.explanation)
            }
            return entry
        }
        return POFile(header: header(language), entries: entries)
    }

    /// Whether a sample's words change with its count in some language (a
    /// plural form): then it is a plural entry in every language's file, so
    /// that the files keep one shape.
    static func agreesWithItsCount(_ sample: MessageSample) -> Bool {
        Language.allCases.contains { language in
            let catalog = language.appCatalog
            let texts = PluralForms(language.pluralRule).counts.map { sample.text(in: catalog, count: $0) }
            return Set(texts).count > 1
        }
    }

    /// gettext's `Plural-Forms` for a plural rule, and a count that stands for each form.
    struct PluralForms {
        let header: String
        let counts: [Int64]
        let explanation: String

        init(_ rule: PluralRule) {
            let many = MessageSample.sampleCount
            switch rule {
            case .oneOrOther:
                header = "nplurals=2; plural=(n != 1);"
                counts = [1, many]
                explanation = "msgstr[0] for 1, msgstr[1] for every other count."
            case .zeroOrOneOrOther:
                header = "nplurals=2; plural=(n > 1);"
                counts = [1, many]
                explanation = "msgstr[0] for 0 and 1, msgstr[1] for 2 and more."
            case .eastSlavic:
                header = "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);"
                counts = [1, 3, many]
                explanation = "msgstr[0] for 1, 21, 31…; msgstr[1] for 2-4, 22-24…; msgstr[2] for 0, 5-20, 25-30…"
            }
        }
    }

    public static func header(_ language: Language) -> [(String, String)] {
        [("Project-Id-Version", "TermBank"), ("Language", gettextCode(language)), ("MIME-Version", "1.0"),
         ("Content-Type", "text/plain; charset=UTF-8"), ("Content-Transfer-Encoding", "8bit"),
         ("Plural-Forms", PluralForms(language.pluralRule).header),
         ("X-Generator", "scripts/messages export")]
    }

    /// gettext's name of a language ("pt_BR" for the app's "pt-BR").
    public static func gettextCode(_ language: Language) -> String {
        String(language.code.map { $0 == "-" ? "_" : $0 })
    }

    public static func language(gettextCode code: String) -> Language? {
        Language.allCases.first { gettextCode($0) == code }
    }
}
