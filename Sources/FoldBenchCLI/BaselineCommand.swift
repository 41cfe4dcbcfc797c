import Foundation
import Reports
import Workloads

/// `foldbench baseline update`: rewrites Results/baseline.json from the quick suite.
enum BaselineCommand: Command {
    static let spec = CommandSpec(
        name: "baseline", summary: "Rewrite the committed baseline: 'foldbench baseline update'.", arguments: "update",
        positionals: 1...1,
        options: [.baselinePath, .baselineTime],
        details: "Runs 'foldbench run --suite quick --instructions' and writes its report as the baseline.")

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard arguments.positionals[0] == "update" else {
            throw UsageError("the only baseline action is 'update', not '\(arguments.positionals[0])'", command: spec)
        }
        let path = arguments.value(.baselinePath) ?? "Results/baseline.json"
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "foldbench-baseline-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var runArguments = [
            CommandSpec.Option.suite.name, Suite.quick.rawValue, CommandSpec.Option.instructions.name,
            CommandSpec.Option.out.name, scratch,
        ]
        if let seconds = arguments.value(.baselineTime) {
            runArguments += [CommandSpec.Option.timePerScenario.name, seconds]
        }
        let status = try RunCommand.run(try RunCommand.spec.parse(runArguments), console: console)
        guard status == 0 else { return status }
        let report = String(decoding: try readFile("\(scratch)/latest.json"), as: UTF8.self)
        do {
            try ResultFiles.writeAtomically(report, to: path)
        } catch {
            throw CommandFailure(status: 2, error.description)
        }
        console.err("wrote the baseline \(path)\n")
        return 0
    }
}
