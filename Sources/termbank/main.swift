import Glibc
import TermBankBenchmarks
import TermBankCLI
import TermBankWeb

// The composition root: the operator CLI's commands, plus the benchmarks and the browser door from their own modules.
exit(TermBankCLI.main(Array(CommandLine.arguments.dropFirst()), commands: Commands(adding: BenchCommands.all + WebCommands.all)))
