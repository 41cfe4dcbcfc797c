import Foundation
import Measurement
import Reports
import Support
import Workloads

/// `foldbench baseline update`: rewrites Results/baseline.json from the quick suite.
enum BaselineCommand: Command {
    static let spec = CommandSpec(
        name: "baseline", summary: "Rewrite the committed baseline ('update'), or print its commit ('commit').",
        arguments: "update|commit",
        positionals: 1...1,
        options: [.baselinePath, .baselineTime, .frames],
        details:
            "Measures what 'foldbench run --suite quick --instructions' does and writes its report as the baseline.")

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let path = arguments.value(.baselinePath) ?? ResultsDirectory.defaultBaseline
        if arguments.positionals[0] == "commit" {
            let commit = try ResultsDirectory.load(path).environment.commit
            guard !commit.isEmpty, commit != "unknown" else { throw CommandFailure(status: 2, "\(path) names no commit") }
            console.out(commit + "\n")
            return 0
        }
        guard arguments.positionals[0] == "update" else {
            throw UsageError(
                "a baseline action is 'update' or 'commit', not '\(arguments.positionals[0])'", command: spec)
        }
        guard InstructionCounter.valgrindPath() != nil else {
            throw CommandFailure(
                status: 2, "valgrind is not installed (apt-get install valgrind); the baseline counts instructions")
        }
        var options = RunOptions()
        options.countInstructions = true
        options.suite = Suite.quick.rawValue
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
