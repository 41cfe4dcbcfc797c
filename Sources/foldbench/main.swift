import FoldBenchCLI

#if canImport(Glibc)
    import Glibc
#endif

exit(FoldBenchCommand.main(Array(CommandLine.arguments.dropFirst())))
