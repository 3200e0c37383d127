import TermBankCore
import TermBankMessages
import TermBankSystem
#if canImport(Glibc)
import Glibc
#endif

// scripts/messages: the translators' round trip (docs/languages.md).
//   termbank-messages --root REPO export LANG      the language's PO file on standard output
//   termbank-messages --root REPO check FILE.po    its problems on standard error; exit 1 if any

let usage = """
    usage: scripts/messages export LANG > LANG.po     (LANG: en, pt-BR, it, uk)
           scripts/messages check LANG.po
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

switch (arguments.first, arguments.count) {
case ("export", 2):
    guard let language = Language(code: arguments[1]) ?? MessageExport.language(gettextCode: arguments[1]) else {
        fail("unknown language \(arguments[1]): one of " + Language.allCases.map(\.code).joined(separator: ", "))
    }
    print(MessageExport.po(language, declarations: declarations).text, terminator: "")
case ("check", 2):
    let path = arguments[1]
    guard let text = Files.readText(path) else { fail("cannot read \(path)") }
    let file: POFile
    do { file = try POFile(parsing: text) } catch { fail("\(path): \(error)", code: 1) }
    guard let code = file.field("Language"), let language = MessageExport.language(gettextCode: code) else {
        fail("\(path): the header names no language of the app (Language: en, pt_BR, it or uk)", code: 1)
    }
    let problems = POCheck.problems(file, expected: MessageExport.po(language, declarations: declarations))
    for problem in problems { Files.writeAll("\(path): \(problem)\n", to: 2) }
    if !problems.isEmpty { fail("\(path): \(problems.count) problems", code: 1) }
    print("\(path): \(file.entries.count) messages in \(language.code), none missing or extra, every argument in place")
default:
    fail(usage)
}
