enum HelpCommands {
    static let all = [
        Command(["help"], arguments: "[--markdown]", summary: "This overview, or the operator guide's reference in Markdown",
                details: ["--markdown: every command's help and the exit codes, as docs/operator-guide.md holds them",
                          "(scripts/operator-guide writes them there)."],
                boolean: ["markdown"], hidden: true, run: help),
    ]

    static func help(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        _ = try arguments.expectPositionals([])
        context.console.standardOutput(arguments.flag("markdown") ? OperatorGuide.markdown(of: context.commands)
                                                                  : context.commands.overview)
        return .ok
    }
}
