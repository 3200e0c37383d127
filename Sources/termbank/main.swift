import Glibc
import TermBankCLI

exit(TermBankCLI.main(Array(CommandLine.arguments.dropFirst())))
