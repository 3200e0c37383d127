import Glibc
import TermBankBenchmarks
import TermBankCLI

// The composition root: the operator CLI's commands, plus the benchmarks from their own module.
exit(TermBankCLI.main(Array(CommandLine.arguments.dropFirst()), commands: Commands(adding: BenchCommands.all)))
