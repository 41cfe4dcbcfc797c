import Foundation
import Measurement
import Reports
import SceneFormat
import Support

/// `foldbench compare BASELINE NEW`: verdicts per scenario × variant × metric.
enum CompareCommand: Command {
    static let spec = CommandSpec(
        name: "compare", summary: "Compare two reports, or a run with its base commit; exit 1 on a regression.",
        arguments: "BASELINE.json NEW.json | --base REV NEW.json",
        positionals: 1...2,
        options: [
            .countBase, .buildCache, .instructionThreshold,
            .gate,
            .pair, .format, .allRows, .listMoved,
        ] + CommandSpec.Option.jsonLimits,
        details: """
            With --base REV the base is measured in this job: the commit REV is built in
            release (the build cache ab uses) and runs the report's scenarios and variants with
            its options, counting instructions when the report did; exact counts are then
            compared commit with commit. REV 'auto' is the change's base: HEAD with uncommitted
            changes, else the merge base with the upstream branch when ahead of it, else HEAD~1
            (on a pull request's merge commit, the base branch). Scenarios and variants the
            base does not know are named and not gated.
            Allocations and bytes: any increase is a regression. Instructions: a change beyond
            the threshold. Times and the ratio to the reference are shown as "informational":
            measured in two separate runs on a shared machine they differ by more than any
            change worth judging (a process keeps one of two speeds); compare two builds'
            times with 'foldbench ab'.
            The listing opens with the gate's verdict and the worst change and lists what
            moved; --all lists every row. A committed baseline says how far behind HEAD it is.
            No gate passes blind: a scenario x variant the baseline gates and the new report
            lacks, or a gated metric one side has and the other not (counts measured on one
            side only), or a --gate metric neither has, is an error (exit 2) naming each. A
            scenario x variant only the new report has is listed as "new".
            Exit status — 0 no regression, 1 a gated regression, 2 bad input, a base that cannot
            be built or measured, a blind gate or nothing in common. With --list-moved, the
            pairs CI profiles, and exit 0.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        var policy = try policy(arguments)
        let pairs = try variantPairs(arguments)
        let format = try arguments.format(command: spec)
        let (baseline, baselinePath, new, newPath) = try reports(arguments, policy: &policy, console: console)
        let rows = Comparison.compare(baseline: baseline, new: new, policy: policy, variantPairs: pairs)
        if arguments.flag(.listMoved) {
            console.out(movedInstructions(rows).map { "\($0.scenario)\t\($0.variant)\n" }.joined())
            return .success
        }
        guard Comparison.hasCommonMetric(rows) else {
            throw CommandFailure(
                .badInput, "\(baselinePath) and \(newPath) have no scenario x variant x metric in common")
        }
        // A gate that cannot see what it gates is an error, never a pass.
        try judgeable(baseline, baselinePath, new, newPath, policy: policy, pairs: pairs, arguments)
        machineNote(baseline, new, format: format, console: console)
        // A baseline of another commit says how far behind it is (not a base measured here).
        let age =
            arguments.value(.countBase) == nil && baseline.environment.commit != new.environment.commit
            ? BaselineAge.note(baselinePath, baseline, rows) : nil
        let all = arguments.flag(.allRows)
        switch format {
        case .markdown: console.out(Comparison.markdown(rows, all: all) + (age.map { "\n> \($0)\n" } ?? ""))
        case .json: console.out(Comparison.json(rows, baseline: baselinePath, new: newPath))
        case .table: console.out((age.map { "\($0)\n\n" } ?? "") + Comparison.table(rows, all: all))
        }
        return Comparison.hasRegression(rows) ? .failed : .success
    }

    /// The two reports: two files, or with `--base` the base measured in this job and the
    /// run. A gated metric the base's build measures nowhere (it is newer than the base)
    /// leaves the gate, said on standard error.
    static func reports(_ arguments: ParsedArguments, policy: inout ComparisonPolicy, console: Console) throws -> (
        Report, String, Report, String
    ) {
        guard let revision = arguments.value(.countBase) else {
            guard arguments.positionals.count == 2 else {
                throw UsageError("give BASELINE.json and NEW.json, or --base REV and NEW.json", command: spec)
            }
            let (baselinePath, newPath) = (arguments.positionals[0], arguments.positionals[1])
            return (try ResultsDirectory.load(baselinePath), baselinePath, try ResultsDirectory.load(newPath), newPath)
        }
        guard arguments.positionals.count == 1 else {
            throw UsageError("with \(CommandSpec.Option.countBase.name), give only NEW.json", command: spec)
        }
        let newPath = arguments.positionals[0]
        let new = try ResultsDirectory.load(newPath)
        let base = try BaseRun.measure(
            revision, like: new, cache: arguments.value(.buildCache) ?? Builds.defaultCache, console: console)
        console.err("compared with \(base.description)\n")
        policy.gated = base.gateable(policy.gated, console: console)
        return (base.report, "the base \(base.revision) (\(base.commit.prefix(12)))", new, newPath)
    }

    /// Refuses (exit 2) a gate that cannot see what it gates, naming each comparison and
    /// how to pair variants when names differ.
    static func judgeable(
        _ baseline: Report, _ baselinePath: String, _ new: Report, _ newPath: String, policy: ComparisonPolicy,
        pairs: [VariantName: VariantName], _ arguments: ParsedArguments
    ) throws(CommandFailure) {
        let blind = Comparison.blindGates(
            baseline: baseline, new: new, policy: policy, variantPairs: pairs, explicit: arguments.value(.gate) != nil)
        guard !blind.isEmpty else { return }
        throw CommandFailure(
            .badInput,
            "the gate cannot judge \(blind.count) comparison\(blind.count == 1 ? "" : "s") of \(baselinePath) and \(newPath):\n"
                + blind.prefix(20).map { "  \($0.description)" }.joined(separator: "\n")
                + (blind.count > 20 ? "\n  and \(blind.count - 20) more" : "") + pairHint(baseline, new, pairs))
    }

    /// When the two reports' variants differ, how to compare them anyway.
    static func pairHint(_ baseline: Report, _ new: Report, _ pairs: [VariantName: VariantName]) -> String {
        guard pairs.isEmpty else { return "" }
        let old = Set(baseline.variantNames)
        let onlyNew = new.variantNames.filter { !old.contains($0) }
        let onlyOld = baseline.variantNames.filter { !Set(new.variantNames).contains($0) }
        guard let second = onlyNew.first, !onlyOld.isEmpty else { return "" }
        // The baseline's variant whose name the new one starts like (fast for fast-slowed-5).
        func shared(_ a: VariantName) -> Int { zip(a.rawValue, second.rawValue).prefix { $0 == $1 }.count }
        let first = onlyOld.max { shared($0) < shared($1) }!
        return
            "\nthe new report has \(onlyNew.map(\.rawValue).joined(separator: ", ")), which the baseline lacks: to compare one variant with another, give --pair OLD=NEW (e.g. --pair \(first)=\(second))"
    }

    static func variantPairs(_ arguments: ParsedArguments) throws(UsageError) -> [VariantName: VariantName] {
        var pairs: [VariantName: VariantName] = [:]
        for pair in try arguments.pairs(.pair, command: spec) { pairs[VariantName(pair.old)] = VariantName(pair.new) }
        return pairs
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
        }.map { ($0.scenario, $0.variant) }.sorted {
            ($0.scenario.rawValue, $0.variant) < ($1.scenario.rawValue, $1.variant)
        }
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
                throw UsageError.notOneOf(
                    "a metric of \(CommandSpec.Option.gate.name)", name, Metric.compared.compactMap(\.gateName),
                    command: spec)
            }
            gated.insert(metric)
        }
        policy.gated = gated
        return policy
    }
}
