import ArrangementModel
import Foundation
import Measurement
import Reports
import Runs
import Support
import Variants
import Workloads

/// `foldbench run`: measures scenarios with every variant, prints a table, writes reports.
enum RunCommand: Command {
    static let spec = CommandSpec(
        name: "run", summary: "Measure scenarios with every variant side by side; write JSON and CSV reports.",
        options: [
            .suite, .scenario, .variants, .variantLibraries, .timePerScenario, .frames, .refreshRate, .layoutDirection,
            .deviceFiles,
            .motionFiles,
            .instructions, .chainedFloor, .historySeed, .budgetGate, .record, .out, .wide, .runExport, .shard,
            .baselineVariant, .verdictThreshold,
        ] + CommandSpec.Option.jsonLimits,
        details: """
            Every variant is first checked against the reference on every frame; a variant
            that disagrees is not measured (exit 1, naming the frame and the pane).
            Scenario names: MOTION/TREE/DEVICE, e.g. fold-cycle/balanced-d8/iphone-duo.
            See 'foldbench list' for motions, trees, devices and variants. Every scenario
            also measures the floor: copying one correct resolution into the output in the
            same loop, the time no variant that writes every pane can beat (× floor,
            ratioToFloor; one that reads its last answer, as incremental does, can); with
            --chained-floor also the floor of the tree's depth, whose arrangements wait for
            their parent panes as a resolver's must (a deep chain's bound). The report's
            page goes to OUT/report/index.html (see 'foldbench report').
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let plan = try RunPlan(arguments, command: spec)
        if plan.scenarios.isEmpty, let shard = arguments.value(.shard) {
            console.err(
                "foldbench: note: shard \(shard) holds none of the scenarios chosen: nothing measured, the report is empty\n"
            )
        }
        let report = try Measuring.measure(plan, console: console)
        console.out(
            ResultTable.render(
                report.results, wide: arguments.flag(.wide), threshold: report.options.verdictThreshold))
        try ResultsDirectory(path: plan.outDirectory).write(
            report, exports: plan.exports, record: plan.record, console: console)
        let budget = BudgetGate(percent: plan.budgetGate).judge(report.results, console: console)
        let believable = ImpossibleTimes.judge(report.results, console: console)
        return budget == .success ? believable : budget
    }
}
