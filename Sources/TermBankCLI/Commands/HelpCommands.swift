enum HelpCommands {
    static let all = [
        Command(["help"], arguments: "[--markdown | --man | --completion bash|zsh | --package-needs | --config-file]",
                summary: "This overview, or the operator guide's reference in Markdown, the manual page, or shell completion",
                details: ["--markdown: every command's help and the exit codes, as docs/operator-guide.md holds them",
                          "(scripts/operator-guide writes them there).",
                          "--man: the same as termbank(1), in roff; --completion bash|zsh: completion for that shell",
                          "(scripts/package puts both in the Debian package); --package-needs: what the binary opens",
                          "on first use, and whether the package depends on it, recommends or suggests it;",
                          "--config-file: /etc/termbank/termbank.conf as the package installs it, every key explained."],
                valued: ["completion"], boolean: ["markdown", "man", "package-needs", "config-file"], hidden: true, run: help),
    ]

    static func help(_ arguments: Arguments, _ context: CommandContext) throws -> ExitCode {
        _ = try arguments.expectPositionals([])
        if let shell = arguments.value("completion") {
            guard let shell = ShellCompletion.Shell(rawValue: shell) else {
                throw CommandFailure.usage("--completion takes bash or zsh")
            }
            context.console.standardOutput(ShellCompletion.script(for: shell, table: context.commands))
        } else if arguments.flag("config-file") {
            context.console.standardOutput(ConfigFile.template)
        } else if arguments.flag("package-needs") {
            context.console.standardOutput(FirstUseNeeds.text)
        } else if arguments.flag("man") {
            context.console.standardOutput(ManPage.roff(of: context.commands, version: TermBankCLI.version))
        } else {
            context.console.standardOutput(arguments.flag("markdown") ? OperatorGuide.markdown(of: context.commands)
                                                                      : context.commands.overview)
        }
        return .ok
    }
}
