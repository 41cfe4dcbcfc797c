import ChildProcesses
import Measurement
import Runs
import Support

/// The `foldbench` command line: dispatches to the commands, turns every failure
/// into a message and an exit status (0 success, 1 failed check or regression,
/// 2 bad usage or bad input). Never traps on user input.
public enum FoldBenchCommand {
    /// Every command, in the order `--help` lists them.
    nonisolated(unsafe) static let commands: [any Command.Type] = [
        ResolveCommand.self, RunCommand.self, CompareCommand.self, ABCommand.self, ReportCommand.self,
        ExportCommand.self, MergeCommand.self, ProfileCommand.self, TrendCommand.self, BaselineCommand.self,
        ListCommand.self, SceneCommand.self, DrawCommand.self, BisectCommand.self, PullRequestReportCommand.self,
        FixturesCommand.self, AnswerCommand.self, CheckCommand.self,
    ]
    /// Commands that work but are not listed (the callgrind child).
    nonisolated(unsafe) static let internalCommands: [any Command.Type] = [
        CountInstructionsCommand.self, WorkerCommand.self,
    ]

    static let overview = """
        foldbench: models ArrangementView's layout rules on a foldable phone and measures resolver variants.

        Usage: foldbench COMMAND [arguments] [options]

        Commands:
        """

    /// Runs `arguments` (without the program name) and returns the exit status.
    /// Called before the process ends: an interrupt being cleaned up ends it instead,
    /// once its folders are gone (``InterruptCleanup``).
    public static func parkIfInterrupted() { InterruptCleanup.parkIfInterrupted() }

    public static func main(_ arguments: [String], console: Console = .standard) -> Int32 {
        exitStatus(arguments, console: console).rawValue
    }

    /// The command `arguments` name, run, and how it ended.
    static func exitStatus(_ arguments: [String], console: Console) -> ExitStatus {
        guard let name = arguments.first, name != "--help", name != "-h" else {
            console.out(generalHelp)
            return arguments.isEmpty ? .badInput : .success
        }
        if name == "--version" {
            console.out(RunEnvironment.current().versionLine + "\n")
            return .success
        }
        if name == "help" {
            guard arguments.count > 1 else {
                console.out(generalHelp)
                return .success
            }
            guard let command = commands.first(where: { $0.spec.name == arguments[1] }) else {
                console.err(
                    "foldbench: error: unknown command '\(arguments[1])'\(Suggestion.phrase(for: arguments[1], among: commands.map { $0.spec.name }))\n\n\(generalHelp)"
                )
                return .badInput
            }
            console.out(command.spec.help)
            return .success
        }
        guard let command = command(named: name) else {
            console.err(
                "foldbench: error: unknown command '\(name)'\(Suggestion.phrase(for: name, among: commands.map { $0.spec.name }))\n\n\(generalHelp)"
            )
            return .badInput
        }
        do {
            let parsed = try command.spec.parse(Array(arguments.dropFirst()))
            if parsed.helpRequested {
                console.out(command.spec.help)
                return .success
            }
            let limits = try Limits.parse(parsed, command: command.spec)
            return try Limits.$current.withValue(limits) { try command.run(parsed, console: console) }
        } catch let error as UsageError {
            console.err("foldbench: error: \(error.message)\n\(error.usage.map { "\($0)\n" } ?? "")")
            return .badInput
        } catch let failure as RunFailure {
            console.err("foldbench: \(failure.exit == .badInput ? "error" : "failed"): \(failure.message)\n")
            return failure.exit
        } catch {
            console.err("foldbench: error: \(error)\n")
            return .badInput
        }
    }

    static func command(named name: String) -> (any Command.Type)? {
        (commands + internalCommands).first { $0.spec.name == name }
    }

    /// The declaration of the command called `name`, listed or internal (for the argument fuzzer).
    public static func spec(named name: String) -> CommandSpec? { command(named: name)?.spec }

    /// Every command's name, listed and internal.
    public static var commandNames: [String] { (commands + internalCommands).map { $0.spec.name } }

    static var generalHelp: String {
        let width = (commands.map { $0.spec.name.count }.max() ?? 0) + 2
        var text = overview + "\n"
        for command in commands {
            let name = command.spec.name
            text += "  \(name)\(String(repeating: " ", count: width - name.count))\(command.spec.summary)\n"
        }
        text += "\nRun 'foldbench help COMMAND' or 'foldbench COMMAND --help' for a command's options;\n"
        text += "'foldbench --version' prints the version, the checkout's commit and the toolchain.\n"
        return text
    }
}

/// One `foldbench` command: its declaration and what it does.
protocol Command {
    static var spec: CommandSpec { get }
    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus
}
