import Foundation
import Measurement
import Reports
import SceneFormat
import Support

/// `foldbench compare BASELINE NEW`: verdicts per scenario × variant × metric.
enum CompareCommand: Command {
    static let spec = CommandSpec(
        name: "compare", summary: "Compare two reports; exit 1 on a regression.", arguments: "BASELINE.json NEW.json",
        positionals: 2...2,
        options: [
            .instructionThreshold,
            .gate,
            .pair, .format, .listMoved,
        ] + CommandSpec.Option.jsonLimits,
        details: """
            Allocations and bytes: any increase is a regression. Instructions: a change beyond
            the threshold. Times and the ratio to the reference are shown as "informational":
            measured in two separate runs on a shared machine they differ by more than any
            change worth judging (a process keeps one of two speeds); compare two builds'
            times with 'foldbench ab'.
            No gate passes blind: a scenario x variant the baseline gates and the new report
            lacks, or a gated metric one side has and the other not (counts measured on one
            side only), or a --gate metric neither has, is an error (exit 2) naming each. A
            scenario x variant only the new report has is listed as "new".
            Exit status: 0 no regression, 1 a gated regression, 2 bad input, a blind gate or
            nothing in common. With --list-moved, the pairs CI profiles, and exit 0.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let policy = try policy(arguments)
        var pairs: [VariantName: VariantName] = [:]
        for pair in try arguments.pairs(.pair, command: spec) { pairs[VariantName(pair.old)] = VariantName(pair.new) }
        let format = try arguments.format(command: spec)
        let (baselinePath, newPath) = (arguments.positionals[0], arguments.positionals[1])
        let baseline = try ResultsDirectory.load(baselinePath)
        let new = try ResultsDirectory.load(newPath)
        let rows = Comparison.compare(baseline: baseline, new: new, policy: policy, variantPairs: pairs)
        if arguments.flag(.listMoved) {
            console.out(movedInstructions(rows).map { "\($0.scenario)\t\($0.variant)\n" }.joined())
            return 0
        }
        guard Comparison.hasCommonMetric(rows) else {
            throw CommandFailure(
                status: 2, "\(baselinePath) and \(newPath) have no scenario x variant x metric in common")
        }
        // A gate that cannot see what it gates is an error, never a pass.
        let blind = Comparison.blindGates(
            baseline: baseline, new: new, policy: policy, variantPairs: pairs, explicit: arguments.value(.gate) != nil)
        guard blind.isEmpty else {
            throw CommandFailure(
                status: 2,
                "the gate cannot judge \(blind.count) comparison\(blind.count == 1 ? "" : "s") of \(baselinePath) and \(newPath):\n"
                    + blind.prefix(20).map { "  \($0.description)" }.joined(separator: "\n")
                    + (blind.count > 20 ? "\n  and \(blind.count - 20) more" : ""))
        }
        machineNote(baseline, new, format: format, console: console)
        switch format {
        case .markdown: console.out(Comparison.markdown(rows))
        case .json: console.out(Comparison.json(rows, baseline: baselinePath, new: newPath))
        case .table: console.out(Comparison.table(rows))
        }
        return Comparison.hasRegression(rows) ? 1 : 0
    }

    /// Counts carry over from one machine to another; times do not. Said, never silent.
    static func machineNote(_ baseline: Report, _ new: Report, format: OutputFormat, console: Console) {
        guard let note = Report.machineDifference(baseline, new) else { return }
        switch format {
        case .markdown: console.out("> **Different machines**: \(note)\n\n")
        case .json: console.err("foldbench: note: different machines: \(note)\n")
        case .table: console.out("Different machines: \(note)\n\n")
        }
    }

    /// The scenario x variant pairs whose instructions a relayout moved past the threshold,
    /// either way, in order, floors left out (they are copies, not resolvers): what CI profiles.
    static func movedInstructions(_ rows: [ComparisonRow]) -> [(scenario: ScenarioName, variant: String)] {
        var seen: Set<String> = []
        return rows.filter { row in
            row.metric == .instructionsPerRelayout && (row.verdict == .regression || row.verdict == .improved)
                && !row.variant.hasPrefix("floor")
        }.map { ($0.scenario, $0.variant) }.sorted { ($0.scenario.rawValue, $0.variant) < ($1.scenario.rawValue, $1.variant) }
            .filter { seen.insert("\($0.scenario)\t\($0.variant)").inserted }
    }

    /// The threshold and the gated metrics of the command line.
    static func policy(_ arguments: ParsedArguments) throws(UsageError) -> ComparisonPolicy {
        var policy = ComparisonPolicy()
        if let percent = try arguments.number(.instructionThreshold, in: 0...1000, command: spec) {
            policy.instructionThreshold = percent / 100
        }
        guard let gate = arguments.value(.gate) else { return policy }
        var gated: Set<Metric> = []
        for name in gate.split(separator: ",").map({ String($0).trimmingCharacters(in: .whitespaces) }) {
            guard let metric = Metric.gated(named: name) else {
                throw UsageError("\(CommandSpec.Option.gate.name) takes \(Metric.gateNames); not '\(name)'", command: spec)
            }
            gated.insert(metric)
        }
        policy.gated = gated
        return policy
    }
}
