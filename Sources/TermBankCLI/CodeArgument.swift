/// The old `verify check ID CODE` and `totp check NAME CODE` took the code as
/// an argument, where `ps`, /proc/PID/cmdline and shell history show it to
/// anyone on the machine. Both now read it from a prompt or standard input;
/// the old form gets a usage error that says why and what to run instead.
enum CodeArgument {
    static func refuse(_ arguments: Arguments, before names: [String], command: String) throws {
        guard arguments.positionals.count == names.count + 1 else { return }
        throw CommandFailure.usage("a code is not taken on the command line, where ps and shell history would show "
                                   + "it; run \"termbank \(command)\" and type the code when asked, or give it on "
                                   + "standard input")
    }
}
