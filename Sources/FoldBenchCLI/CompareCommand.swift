import Foundation
import Measurement
import Reports
import Variants
import Workloads
import SceneFormat

/// `foldbench compare BASELINE NEW`: verdicts per scenario × variant × metric.
enum CompareCommand: Command {
    static let spec = CommandSpec(
        name: "compare", summary: "Compare two reports; exit 1 on a regression.", arguments: "BASELINE.json NEW.json",
        positionals: 2...2,
        options: [
            .init("--instruction-threshold", value: "PERCENT", help: "Instruction change that counts (default 1)."),
            .init(
                "--time-threshold", value: "PERCENT", help: "Time change that may count, if significant (default 5)."),
            .init("--significance", value: "P", help: "Mann-Whitney significance level for times (default 0.01)."),
            .init(
                "--gate", value: "METRICS",
                help:
                    "Comma-separated metrics whose regressions fail: \(gateNames.map(\.name).joined(separator: ", ")) (default all)."
            ),
            .init(
                "--pair", value: "OLD=NEW", repeatable: true, help: "Compare baseline variant OLD with new variant NEW."
            ),
            .init("--format", value: "FORMAT", help: "table (default), markdown or json."),
        ],
        details: """
            Allocations and bytes: any increase is a regression. Instructions: beyond the threshold.
            Times: beyond the threshold and significant by a Mann-Whitney U test on the samples;
            beyond the threshold but not significant is "unchanged (noise)". Ratio to the reference
            (measured interleaved in each run, so drift between runs cancels): beyond the time
            threshold with the two runs' 95 % intervals apart.
            Exit status: 0 no regression, 1 a gated regression, 2 bad input or nothing in common.
            """)

    /// The short names `--gate` takes, in the order the help lists them.
    static let gateNames: [(name: String, metric: String)] = [
        ("allocations", "allocationsPerRelayout"), ("bytes", "bytesAllocatedPerRelayout"),
        ("instructions", "instructionsPerRelayout"), ("time", "timePerRelayout"), ("ratio", "ratioToReference"),
    ]

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        var policy = ComparisonPolicy()
        if let percent = try arguments.number("--instruction-threshold", in: 0...1000, command: spec) {
            policy.instructionThreshold = percent / 100
        }
        if let percent = try arguments.number("--time-threshold", in: 0...1000, command: spec) {
            policy.timeThreshold = percent / 100
        }
        policy.significance = try arguments.number("--significance", in: 0...1, command: spec) ?? policy.significance
        if let gate = arguments.value("--gate") {
            var gated: Set<String> = []
            for name in gate.split(separator: ",").map({ String($0).trimmingCharacters(in: .whitespaces) }) {
                guard let metric = gateNames.first(where: { $0.name == name })?.metric else {
                    throw UsageError(
                        "--gate takes \(gateNames.map(\.name).joined(separator: ", ")); not '\(name)'", command: spec)
                }
                gated.insert(metric)
            }
            policy.gated = gated
        }
        var pairs: [String: String] = [:]
        for pair in arguments.all("--pair") {
            let parts = pair.split(separator: "=").map(String.init)
            guard parts.count == 2 else { throw UsageError("--pair takes OLD=NEW, not '\(pair)'", command: spec) }
            pairs[parts[0]] = parts[1]
        }
        let format = arguments.value("--format") ?? "table"
        guard ["table", "markdown", "json"].contains(format) else {
            throw UsageError("--format is table, markdown or json, not '\(format)'", command: spec)
        }
        let (baselinePath, newPath) = (arguments.positionals[0], arguments.positionals[1])
        let baseline = try loadReport(baselinePath)
        let new = try loadReport(newPath)
        let rows = Comparison.compare(baseline: baseline, new: new, policy: policy, variantPairs: pairs)
        guard !rows.isEmpty else {
            throw CommandFailure(
                status: 2, "\(baselinePath) and \(newPath) have no scenario x variant x metric in common")
        }
        switch format {
        case "markdown": console.out(Comparison.markdown(rows))
        case "json": console.out(Comparison.json(rows, baseline: baselinePath, new: newPath))
        default: console.out(Comparison.table(rows))
        }
        return Comparison.hasRegression(rows) ? 1 : 0
    }

    static func loadReport(_ path: String) throws(CommandFailure) -> ReportSummary {
        let bytes = try readFile(path)
        do {
            return try ReportSummary.decode(bytes)
        } catch {
            throw .badInput(file: path, error)
        }
    }
}
