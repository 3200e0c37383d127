import TermBankCore
import TermBankMessages
import TermBankSystem
#if canImport(Glibc)
import Glibc
#endif

// scripts/messages: the translators' round trip (docs/languages.md).
//   termbank-messages --root REPO export LANG      the language's PO file on standard output
//   termbank-messages --root REPO check FILE.po    its problems on standard error; exit 1 if any
//   termbank-messages --root REPO import FILE.po BACKUP
//                                                  rewrites the catalog's literals (originals copied under BACKUP)
//   termbank-messages --root REPO verify-import FILE.po BEFORE.po
//                                                  after the build: every text is as before or as translated
// scripts/messages runs import, the build and verify-import together, and undoes a failed import.

let usage = """
    usage: scripts/messages export LANG > LANG.po     (LANG: en, pt-BR, it, uk)
           scripts/messages check LANG.po
           scripts/messages import LANG.po
    """

func fail(_ message: String, code: Int32 = 2) -> Never {
    Files.writeAll(message + "\n", to: 2)
    exit(code)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var root = "."
if arguments.first == "--root", arguments.count >= 2 {
    root = arguments[1]
    arguments.removeFirst(2)
}
let declarations = MessageDeclarations.read(folders: MessageExport.folders, root: root)
let incomplete = MessageExport.missing(declarations)
guard incomplete.isEmpty else {
    fail("The sample table (Sources/TermBankMessages/MessageSamples+*.swift) lacks messages:\n  "
         + incomplete.joined(separator: "\n  "))
}

/// A PO file read, and its language by its header.
func read(_ path: String) -> (POFile, Language) {
    guard let bytes = Files.read(path) else { fail("cannot read \(path)") }
    let file: POFile
    do { file = try POFile(parsing: bytes) } catch { fail("\(path): \(error)", code: 1) }
    guard let code = file.field("Language"), let language = MessageExport.language(gettextCode: code) else {
        fail("\(path): the header names no language of the app (Language: en, pt_BR, it or uk)", code: 1)
    }
    return (file, language)
}

switch (arguments.first, arguments.count) {
case ("export", 2):
    guard let language = Language(code: arguments[1]) ?? MessageExport.language(gettextCode: arguments[1]) else {
        fail("unknown language \(arguments[1]): one of " + Language.allCases.map(\.code).joined(separator: ", "))
    }
    print(MessageExport.po(language, declarations: declarations).text, terminator: "")
case ("check", 2):
    let path = arguments[1]
    let (file, language) = read(path)
    let problems = POCheck.problems(file, expected: MessageExport.po(language, declarations: declarations))
    for problem in problems { Files.writeAll("\(path): \(problem)\n", to: 2) }
    if !problems.isEmpty { fail("\(path): \(problems.count) problems", code: 1) }
    print("\(path): \(file.entries.count) messages in \(language.code), none missing or extra, every argument in place")
case ("import", 3):
    let (path, backup) = (arguments[1], arguments[2])
    let (file, language) = read(path)
    let current = MessageExport.po(language, declarations: declarations)
    let problems = POCheck.problems(file, expected: current).filter { !$0.what.hasPrefix("missing") }
    for problem in problems { Files.writeAll("\(path): \(problem)\n", to: 2) }
    if !problems.isEmpty { fail("\(path): \(problems.count) problems: nothing imported (scripts/messages check)", code: 1) }
    var sources: [String: String] = [:]
    for catalogFile in CatalogImport.catalogFiles(language, root: root) { sources[catalogFile] = Files.readText(root + "/" + catalogFile) }
    let result = CatalogImport.apply(file, current: current, sources: sources)
    do {
        for (catalogFile, text) in result.files.sorted(by: { $0.key < $1.key }) {
            let folder = backup + "/" + catalogFile.split(separator: "/").dropLast().joined(separator: "/")
            try Files.createDirectories(folder)
            try Files.write(sources[catalogFile] ?? "", to: backup + "/" + catalogFile)
            try Files.write(text, to: root + "/" + catalogFile)
        }
    } catch { fail("\(error)", code: 1) }
    for line in result.written { print("written: " + line) }
    for line in result.byHand { print("by hand: " + line) }
    print("\(path): \(result.written.count) texts written into \(result.files.count) files, \(result.byHand.count) to write by hand")
case ("verify-import", 3):
    let (file, language) = read(arguments[1])
    let (before, _) = read(arguments[2])
    let unexpected = CatalogImport.unexpected(after: MessageExport.po(language, declarations: declarations), before: before,
                                              file: file)
    for line in unexpected { Files.writeAll("changed unasked: \(line)\n", to: 2) }
    if !unexpected.isEmpty { fail("the import changed \(unexpected.count) other texts: undone", code: 1) }
default:
    fail(usage)
}
