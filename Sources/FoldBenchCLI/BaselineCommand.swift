import Foundation
import Measurement
import Reports
import Support
import Workloads

/// `foldbench baseline update`: rewrites Results/baseline.json from the quick suite.
enum BaselineCommand: Command {
    static let spec = CommandSpec(
        name: "baseline", summary: "Rewrite the committed baseline: 'foldbench baseline update'.", arguments: "update",
        positionals: 1...1,
        options: [.baselinePath, .baselineTime, .frames],
        details:
            "Measures what 'foldbench run --suite quick --instructions' does and writes its report as the baseline.")

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard arguments.positionals[0] == "update" else {
            throw UsageError("the only baseline action is 'update', not '\(arguments.positionals[0])'", command: spec)
        }
        let path = arguments.value(.baselinePath) ?? ResultsDirectory.defaultBaseline
        guard InstructionCounter.valgrindPath() != nil else {
            throw CommandFailure(
                status: 2, "valgrind is not installed (apt-get install valgrind); the baseline counts instructions")
        }
        var options = RunOptions()
        options.countInstructions = true
        if let seconds = try arguments.number(.baselineTime, in: 0...3600, command: spec) {
            options.timePerScenario = seconds
        }
        // Shorter timelines only for checking the command itself: the committed baseline is 600 frames.
        options.frames = try arguments.integer(.frames, in: 1...1_000_000, command: spec) ?? options.frames
        let directory = ResultFiles.parent(of: path)
        let plan = RunPlan(
            scenarios: Suite.quick.scenarios, options: options, outDirectory: directory.isEmpty ? "." : directory)
        let report = try Measuring.measure(plan, console: console)
        console.out(ResultTable.render(report.results, wide: false))
        do {
            try ResultFiles.writeAtomically(JSONWriter.writePretty(report.json()), to: path)
        } catch {
            throw CommandFailure(status: 2, error.description)
        }
        console.err("wrote the baseline \(path)\n")
        return 0
    }
}
