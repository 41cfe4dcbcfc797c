import Foundation
import Measurement
import Reports
import Runs
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
        var policy = try arguments.comparisonPolicy(command: spec)
        let pairs = try arguments.variantPairs(command: spec)
        let format = try arguments.format(command: spec)
        let (baseline, baselinePath, new, newPath) = try reports(arguments, policy: &policy, console: console)
        let rows = Comparison.compare(baseline: baseline, new: new, policy: policy, variantPairs: pairs)
        if arguments.flag(.listMoved) {
            console.out(CountGate.movedInstructions(rows).map { "\($0.scenario)\t\($0.variant)\n" }.joined())
            return .success
        }
        guard Comparison.hasCommonMetric(rows) else {
            throw RunFailure(
                .badInput, "\(baselinePath) and \(newPath) have no scenario x variant x metric in common")
        }
        // A gate that cannot see what it gates is an error, never a pass.
        try CountGate.judgeable(
            baseline, baselinePath, new, newPath, policy: policy, pairs: pairs, explicit: arguments.value(.gate) != nil)
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

    /// Counts carry over from one machine to another; times do not. Said, never silent.
    static func machineNote(_ baseline: Report, _ new: Report, format: OutputFormat, console: Console) {
        guard let note = Report.machineDifference(baseline, new) else { return }
        switch format {
        case .markdown: console.out("> **Different machines**: \(note)\n\n")
        case .json: console.err("foldbench: note: different machines: \(note)\n")
        case .table: console.out("Different machines: \(note)\n\n")
        }
    }
}
