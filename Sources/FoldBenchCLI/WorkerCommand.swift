import Runs
import Support

/// `foldbench worker` (not listed in help): the process that runs a library's code,
/// started by a ``Supervisor`` with its channel on descriptor 3 and its crumb in shared memory.
/// It reads one ``WorkRequest``, answers with ``WorkReply`` values on the channel and
/// prints nothing: anything on its standard output or error is a library's doing.
enum WorkerCommand: Command {
    static let spec = CommandSpec(
        name: "worker", summary: "(internal) the worker process that runs libraries' code, for a supervisor.",
        options: [])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        try WorkerService.run()
        return .success
    }
}
