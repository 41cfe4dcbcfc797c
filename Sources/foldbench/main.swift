import FoldBenchCLI

#if canImport(Glibc)
    import Glibc
#endif

let status = FoldBenchCommand.main(Array(CommandLine.arguments.dropFirst()))
FoldBenchCommand.parkIfInterrupted()
exit(status)
