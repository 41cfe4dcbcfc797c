import ArrangementModel
import Foundation
import Measurement
import Reports
import SceneFormat
import Variants
import Workloads

/// `foldbench run`: measures scenarios with every variant, prints a table, writes reports.
enum RunCommand: Command {
    static let spec = CommandSpec(
        name: "run", summary: "Measure scenarios with every variant side by side; write JSON and CSV reports.",
        options: [
            .suite, .scenario, .variants, .timePerScenario, .frames, .refreshRate, .layoutDirection, .deviceFiles,
            .motionFiles,
            .instructions, .record, .out, .wide, .runExport, .shard,
        ] + CommandSpec.Option.jsonLimits,
        details: """
            Every variant is first checked against the reference on every frame; a variant
            that disagrees is not measured (exit 1, naming the frame and the pane).
            Scenario names: MOTION/TREE/DEVICE, e.g. fold-cycle/balanced-d8/iphone-duo.
            See 'foldbench list' for motions, trees, devices and variants. Every scenario
            also measures the floor: copying one correct resolution into the output in the
            same loop, the time no variant can beat (× floor, ratioToFloor). The report's
            page goes to OUT/report/index.html (see 'foldbench report').
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let settings = try Settings(arguments)
        do {
            try ResultFiles.checkWritable(settings.outDirectory)
        } catch {
            throw CommandFailure(status: 2, "\(error) (nothing measured)")
        }
        let results: [VariantResult]
        do {
            results = try settings.runner.run(settings.scenarios) { progress in
                console.err(
                    "[\(progress.scenarioIndex)/\(progress.scenarioCount)] \(progress.scenario): \(progress.phase) "
                        + "(\(String(format: "%.1f", progress.elapsedSeconds)) s)\n")
            }
        } catch let failure as VerificationFailure {
            throw CommandFailure(status: 1, failure.description)
        } catch let error as SceneError {
            throw CommandFailure(status: 2, error.description)
        }
        var report = Report(environment: RunEnvironment.current(), options: settings.runner.options, results: results)
        if settings.runner.options.countInstructions {
            console.err("counting instructions under callgrind...\n")
            let totals: [String: InstructionCounter.Counts]
            do {
                totals = try InstructionCounter.runChild(arguments: ["count-instructions"] + settings.childArguments)
            } catch {
                throw CommandFailure(status: 2, error.message)
            }
            for index in report.results.indices {
                let result = report.results[index]
                let label = Runner.instructionLabel(scenario: result.scenario, variant: result.variant)
                guard let counts = totals[label] else {
                    throw CommandFailure(status: 2, "callgrind gave no count for \(label)")
                }
                report.results[index].instructionsPerRelayout = counts.instructions / Double(result.frames)
                report.results[index].estimatedCyclesPerRelayout = counts.estimatedCycles.map {
                    $0 / Double(result.frames)
                }
            }
        }
        console.out(ResultTable.render(report.results, wide: arguments.flag(.wide)))
        try write(report, settings: settings, console: console)
        return 0
    }

    static func write(_ report: Report, settings: Settings, console: Console) throws {
        let json = JSONWriter.writePretty(report.json())
        let out = settings.outDirectory
        do {
            try ResultFiles.writeAtomically(json, to: "\(out)/latest.json")
            try ResultFiles.writeAtomically(report.csv(), to: "\(out)/latest.csv")
            console.err("wrote \(out)/latest.json and \(out)/latest.csv\n")
            // The page is drawn from the JSON just written, as 'foldbench report' draws it.
            guard let summary = try? ReportSummary.decode(Array(json.utf8)) else {
                throw CommandFailure(status: 2, "the report just written cannot be read back")
            }
            let page = ReportCommand.page(summary, baselinePath: ReportCommand.defaultBaseline, console: console)
            try ResultFiles.writeAtomically(page, to: "\(out)/report/index.html")
            console.err("wrote \(out)/report/index.html\n")
            for (format, path) in settings.exports {
                try ExportCommand.write(summary.export(format), to: path, console: console)
            }
            if settings.record {
                let stamp = report.environment.date.replacingOccurrences(of: ":", with: "")
                let kept =
                    "\(out)/runs/\(stamp)-\(report.environment.commit)-\(ProcessInfo.processInfo.processIdentifier).json"
                try ResultFiles.writeAtomically(json, to: kept)
                var legacy = false
                try ResultFiles.appendLocked(header: CSV.line(CSV.columns), to: "\(out)/history.csv") { existing in
                    // A history begun by an older foldbench keeps its columns: its rows stay readable.
                    legacy = existing.flatMap { CSV.parse(Substring($0)) } == CSV.legacyColumns
                    return report.historyRows(legacy: legacy)
                }
                if legacy {
                    console.err(
                        "foldbench: warning: \(out)/history.csv has the columns of an older foldbench: the machine's (cpu, cores, compiler) are left out of its rows; move it aside to start a history with them\n"
                    )
                }
                console.err("recorded \(kept) and appended to \(out)/history.csv\n")
            }
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(status: 2, "\(error)")
        }
    }

    /// The parsed options, checked.
    struct Settings {
        var scenarios: [Scenario] = []
        var runner: Runner
        /// The arguments that make the callgrind child count the same loops.
        var childArguments: [String] = []
        var record: Bool
        var outDirectory: String
        var exports: [(ExportFormat, String)] = []
        var shard: Shard?

        init(_ arguments: ParsedArguments) throws {
            var options = RunOptions()
            exports = try ExportCommand.parseRunExports(arguments.all(.runExport), command: spec)
            options.timePerScenario =
                try arguments.number(.timePerScenario, in: 0...3600, command: spec) ?? options.timePerScenario
            options.frames = try arguments.integer(.frames, in: 1...1_000_000, command: spec) ?? options.frames
            options.refreshRate =
                try arguments.number(.refreshRate, in: 1...1000, command: spec) ?? options.refreshRate
            if let direction = arguments.value(.layoutDirection) {
                guard let parsed = LayoutDirection(name: direction) else {
                    throw UsageError(
                        "\(CommandSpec.Option.layoutDirection.name) is \(LayoutDirection.all.map(\.name).joined(separator: " or ")), not '\(direction)'",
                        command: spec)
                }
                options.direction = parsed
            }
            options.countInstructions = arguments.flag(.instructions)
            if options.countInstructions, InstructionCounter.valgrindPath() == nil {
                throw CommandFailure(
                    status: 2, "valgrind is not installed (apt-get install valgrind); --instructions needs callgrind")
            }
            let variants = try arguments.all(.variants).map { name throws(UsageError) in
                try VariantLookup.named(name, command: spec)
            }
            let catalog = try CatalogFiles.load(
                deviceFiles: arguments.all(.deviceFiles), motionFiles: arguments.all(.motionFiles))
            var scenarios: [Scenario] = []
            if let suiteName = arguments.value(.suite) {
                guard let suite = Suite(rawValue: suiteName) else {
                    throw UsageError(
                        "unknown suite '\(suiteName)' (expected \(Suite.allCases.map(\.rawValue).joined(separator: ", ")))",
                        command: spec)
                }
                scenarios = suite.scenarios
            }
            for name in arguments.all(.scenario) {
                do {
                    scenarios.append(try Scenario(name))
                } catch {
                    throw UsageError("\(CommandSpec.Option.scenario.name) \(error)", command: spec)
                }
            }
            if scenarios.isEmpty { scenarios = Suite.default.scenarios }
            try CatalogFiles.check(scenarios, in: catalog, option: .scenario, command: spec)
            if let text = arguments.value(.shard) {
                guard let shard = Shard(text) else {
                    throw UsageError(
                        "\(CommandSpec.Option.shard.name) takes K/N with 1 <= K <= N, not '\(text)'", command: spec)
                }
                let frames = options.frames
                let time = options.timePerScenario
                scenarios = shard.select(scenarios) { scenario in
                    let arrangements = (try? scenario.tree.makeTree().arrangementCount) ?? 1
                    return Shard.expectedSeconds(arrangements: arrangements, frames: frames, timePerScenario: time)
                }
                self.shard = shard
            }
            self.scenarios = scenarios
            runner = Runner(
                options: options,
                variants: variants.isEmpty ? VariantList.defaultRun : variants,
                catalog: catalog)
            let child: [(CommandSpec.Option, [String])] = [
                (.scenario, scenarios.map(\.description)), (.variants, runner.variants.map(\.name)),
                (.frames, [String(options.frames)]), (.refreshRate, [String(options.refreshRate)]),
                (.layoutDirection, [options.direction.name]), (.deviceFiles, arguments.all(.deviceFiles)),
                (.motionFiles, arguments.all(.motionFiles)),
            ]
            childArguments = child.flatMap { option, values in values.flatMap { [option.name, $0] } }
            record = arguments.flag(.record)
            outDirectory = arguments.value(.out) ?? "Results"
        }
    }
}
