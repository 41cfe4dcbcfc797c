import Foundation
import Reports

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

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard let name = arguments.value(.exportFormat) else {
            throw UsageError(
                "\(CommandSpec.Option.exportFormat.name) is required (\(ExportFormat.names))", command: spec)
        }
        let format = try parseFormat(name, command: spec)
        let summary = try CompareCommand.loadReport(arguments.positionals[0])
        let text = summary.export(format)
        if let out = arguments.value(.exportOut) {
            try write(text, to: out, console: console)
        } else {
            console.out(text)
        }
        return 0
    }

    static func parseFormat(_ name: String, command: CommandSpec) throws(UsageError) -> ExportFormat {
        guard let format = ExportFormat(rawValue: name) else {
            throw UsageError("unknown export format '\(name)' (expected \(ExportFormat.names))", command: command)
        }
        return format
    }

    static func write(_ text: String, to path: String, console: Console) throws(CommandFailure) {
        do {
            try ResultFiles.writeAtomically(text, to: path)
        } catch {
            throw CommandFailure(status: 2, error.description)
        }
        console.err("wrote \(path)\n")
    }

    /// `run --export FORMAT:PATH`, checked before the run starts.
    static func parseRunExports(_ values: [String], command: CommandSpec) throws(UsageError) -> [(ExportFormat, String)]
    {
        try values.map { value throws(UsageError) in
            guard let colon = value.firstIndex(of: ":"), colon != value.startIndex,
                value.index(after: colon) != value.endIndex
            else {
                throw UsageError(
                    "\(CommandSpec.Option.runExport.name) takes FORMAT:PATH, not '\(value)'", command: command)
            }
            return (
                try parseFormat(String(value[..<colon]), command: command), String(value[value.index(after: colon)...])
            )
        }
    }
}
