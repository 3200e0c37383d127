/// The command reference of docs/operator-guide.md, made from the same
/// table as `--help` and dispatch, so the guide cannot drift from the binary.
/// `termbank help --markdown` prints it; scripts/operator-guide puts it in
/// the guide, and a test fails when the guide holds anything else.
enum OperatorGuide {
    static func markdown(of table: Commands) -> String {
        let commands = [AppCommands.app] + table.visible
        var lines = ["## Commands", "",
                     "`termbank --help` lists them; `termbank COMMAND --help` explains one, in the words below.", "",
                     "| command | what it does |", "|---|---|"]
        lines += commands.map { "| [`\(cell($0.usage))`](#\(anchor($0))) | \(cell($0.summary)) |" }
        lines.append("| `\(Commands.versionUsage.usage)` | \(Commands.versionUsage.summary) |")
        lines += ["", "```text"] + Commands.globalOptions + ["```"]
        for command in commands {
            lines += ["", "### " + heading(command), "", "```text"] + command.explanation + ["```"]
        }
        lines += ["", "## Exit codes", "", "| code | meaning |", "|---|---|"]
        lines += ExitCode.allCases.map { "| \($0.rawValue) | \(cell($0.meaning)) |" }
        return lines.joined(separator: "\n")
    }

    /// "termbank user add": the command's words, without its arguments.
    private static func heading(_ command: Command) -> String {
        (["termbank"] + command.path).joined(separator: " ")
    }

    /// The anchor GitHub gives that heading.
    private static func anchor(_ command: Command) -> String {
        (["termbank"] + command.path).joined(separator: "-")
    }

    /// A vertical bar would end a table cell, even inside backticks.
    private static func cell(_ text: String) -> String {
        var out = ""
        for character in text { if character == "|" { out += "\\|" } else { out.append(character) } }
        return out
    }
}
