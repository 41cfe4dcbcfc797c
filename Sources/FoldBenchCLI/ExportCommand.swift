import Foundation
import Reports
import Runs
import Support

/// `foldbench export REPORT.json --format F`: the report in another tool's format.
enum ExportCommand: Command {
    static let spec = CommandSpec(
        name: "export", summary: "Write a report in another benchmark tool's format (Bencher, benchstat, ...).",
        arguments: "REPORT.json", positionals: 1...1,
        options: [.exportFormat, .exportOut] + CommandSpec.Option.jsonLimits,
        details: """
            bmf: Bencher Metric Format (bencher run --adapter json --file PATH).
            github-action-benchmark: the customSmallerIsBetter list (tool: customSmallerIsBetter).
            google-benchmark: Google Benchmark's JSON, every sample a repetition, for its
              tools/compare.py benchmarks OLD.json NEW.json.
            benchstat: Go's benchmark text format, one line per sample, counts marked
              assume=exact, for benchstat OLD.txt NEW.txt.
            A benchmark is SCENARIO/VARIANT; its measures are the time per relayout (with its
            95 % interval), instructions, estimated cycles, allocations, bytes and the ratios
            to the reference and to the floor, where the report has them.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        guard let name = arguments.value(.exportFormat) else {
            throw UsageError(
                "\(CommandSpec.Option.exportFormat.name) is required (\(ExportFormat.names))", command: spec)
        }
        let format = try ExportFormat.parse(name, command: spec)
        let text = try ResultsDirectory.load(arguments.positionals[0]).export(format)
        if let out = arguments.value(.exportOut) {
            try ResultsDirectory.writeFile(text, to: out, console: console)
        } else {
            console.out(text)
        }
        return .success
    }
}
