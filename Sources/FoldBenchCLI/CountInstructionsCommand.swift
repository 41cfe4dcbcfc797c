import Measurement
import Runs
import Support

/// The callgrind child that `profile --baseline` and `bisect` start in other builds (not
/// listed in help): counts each scenario × variant loop and dumps it under a label.
/// This build counts through a worker (`WorkRequest.Kind.count`); no library loads here.
enum CountInstructionsCommand: Command {
    static let spec = CommandSpec(
        name: "count-instructions", summary: "(internal) the callgrind child of 'run --instructions'.",
        options: [
            .scenario, .variants, .frames, .refreshRate, .layoutDirection, .deviceFiles, .motionFiles, .chainedFloor,
            .perFrame,
        ])

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let plan = try RunPlan(arguments, command: spec)
        guard InstructionCounter.isUnderValgrind else {
            throw RunFailure(
                .badInput, "count-instructions runs under callgrind only; use 'foldbench run --instructions'")
        }
        try plan.runner.countInstructionLoops(plan.scenarios, perFrame: arguments.flag(.perFrame))
        return .success
    }
}
