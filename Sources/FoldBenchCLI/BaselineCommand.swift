import Foundation
import Measurement
import Reports
import Runs
import Support
import Workloads

/// `foldbench baseline update`: rewrites Results/baseline.json from the quick suite.
enum BaselineCommand: Command {
    static let spec = CommandSpec(
        name: "baseline",
        summary:
            "Rewrite the committed baseline ('update'), print its commit ('commit'), or the change's base commit ('base').",
        arguments: "update|commit|base",
        positionals: 1...1,
        options: [.baselinePath, .baselineTime, .frames],
        details:
            "Measures what 'foldbench run --suite quick --instructions' does and writes its report as the baseline.")

    /// The commit the baseline at `path` was recorded at.
    static func printCommit(_ path: String, console: Console) throws(RunFailure) -> ExitStatus {
        let commit = try ResultsDirectory.load(path).environment.commit
        guard !commit.isEmpty, commit != "unknown" else { throw RunFailure(.badInput, "\(path) names no commit") }
        console.out(commit + "\n")
        return .success
    }

    /// What `--base auto` names now, as a commit, so that a script resolves it once.
    static func printBase(console: Console) throws(RunFailure) -> ExitStatus {
        let revision = try BaseRun.resolve("auto")
        let root = try Builds.repositoryRoot()
        guard
            let commit = Builds.run(["git", "rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], in: root)
                .output
        else { throw RunFailure(.badInput, "the change's base, \(revision), is not a commit here") }
        console.out(commit + "\n")
        return .success
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let path = arguments.value(.baselinePath) ?? ResultsDirectory.defaultBaseline
        if arguments.positionals[0] == "commit" { return try printCommit(path, console: console) }
        if arguments.positionals[0] == "base" { return try printBase(console: console) }
        let actions = ["update", "commit", "base"]
        guard arguments.positionals[0] == "update" else {
            throw UsageError(
                "a baseline action is update, commit or base, not '\(arguments.positionals[0])'"
                    + Suggestion.phrase(for: arguments.positionals[0], among: actions), command: spec)
        }
        guard InstructionCounter.valgrindPath() != nil else {
            throw RunFailure(
                .badInput, "valgrind is not installed (apt-get install valgrind); the baseline counts instructions")
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
            throw RunFailure(.badInput, error.description)
        }
        console.err("wrote the baseline \(path)\n")
        return .success
    }
}
