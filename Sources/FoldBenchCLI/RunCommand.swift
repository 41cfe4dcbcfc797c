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
            .init(
                "--suite", value: "NAME", help: "quick, default or full (default: default, unless --scenario is given)."
            ),
            .init("--scenario", value: "MOTION/TREE/DEVICE", repeatable: true, help: "A scenario, in a suite or not."),
            .init(
                "--variant", value: "NAME", repeatable: true,
                help: "A variant to measure (default: those 'foldbench list' does not mark otherwise)."),
            .init(
                "--time-per-scenario", value: "SECONDS",
                help: "Sampling time per scenario, all variants (default 1); the scenarios share the sum, in rounds."),
            .init("--frames", value: "N", help: "Frames in each timeline (default 600)."),
            .init("--refresh-rate", value: "HZ", help: "Frames per second of the motions (default 120)."),
            .init("--layout-direction", value: "DIR", help: "leftToRight (default) or rightToLeft."),
            .init("--device-file", value: "PATH", repeatable: true, help: "A device profile of your own (JSON)."),
            .init("--instructions", help: "Also count instructions per relayout with callgrind (needs valgrind)."),
            .init("--record", help: "Also keep the report under Results/runs/ and append to Results/history.csv."),
            .init("--out", value: "DIR", help: "Where latest.json and latest.csv go (default: Results)."),
        ],
        details: """
            Every variant is first checked against the reference on every frame; a variant
            that disagrees is not measured (exit 1, naming the frame and the pane).
            Scenario names: MOTION/TREE/DEVICE, e.g. fold-cycle/balanced-d8/iphone-duo.
            See 'foldbench list' for motions, trees, devices and variants.
            """)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let settings = try Settings(arguments)
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
            let totals: [String: Double]
            do {
                totals = try InstructionCounter.runChild(arguments: ["count-instructions"] + settings.childArguments)
            } catch {
                throw CommandFailure(status: 2, error.message)
            }
            for index in report.results.indices {
                let result = report.results[index]
                let label = Runner.instructionLabel(scenario: result.scenario, variant: result.variant)
                guard let total = totals[label] else {
                    throw CommandFailure(status: 2, "callgrind gave no count for \(label)")
                }
                report.results[index].instructionsPerRelayout = total / Double(result.frames)
            }
        }
        console.out(ResultTable.render(report.results))
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
            if settings.record {
                let stamp = report.environment.date.replacingOccurrences(of: ":", with: "")
                let kept =
                    "\(out)/runs/\(stamp)-\(report.environment.commit)-\(ProcessInfo.processInfo.processIdentifier).json"
                try ResultFiles.writeAtomically(json, to: kept)
                try ResultFiles.appendLocked(
                    report.historyRows(), header: CSV.line(CSV.columns), to: "\(out)/history.csv")
                console.err("recorded \(kept) and appended to \(out)/history.csv\n")
            }
        } catch {
            throw CommandFailure(status: 2, error.description)
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

        init(_ arguments: ParsedArguments) throws {
            var options = RunOptions()
            options.timePerScenario =
                try arguments.number("--time-per-scenario", in: 0...3600, command: spec) ?? options.timePerScenario
            options.frames = try arguments.integer("--frames", in: 1...1_000_000, command: spec) ?? options.frames
            options.refreshRate =
                try arguments.number("--refresh-rate", in: 1...1000, command: spec) ?? options.refreshRate
            if let direction = arguments.value("--layout-direction") {
                guard let parsed = LayoutDirection(name: direction) else {
                    throw UsageError(
                        "--layout-direction is \(LayoutDirection.all.map(\.name).joined(separator: " or ")), not '\(direction)'",
                        command: spec)
                }
                options.direction = parsed
            }
            options.countInstructions = arguments.flag("--instructions")
            if options.countInstructions, InstructionCounter.valgrindPath() == nil {
                throw CommandFailure(
                    status: 2, "valgrind is not installed (apt-get install valgrind); --instructions needs callgrind")
            }
            let variants = try arguments.all("--variant").map { name throws(UsageError) in
                try Variants.named(name, command: spec)
            }
            let devices = try DeviceFiles.load(arguments.all("--device-file"))
            var scenarios: [Scenario] = []
            if let suiteName = arguments.value("--suite") {
                guard let suite = Suite(rawValue: suiteName) else {
                    throw UsageError("unknown suite '\(suiteName)' (expected quick, default or full)", command: spec)
                }
                scenarios = suite.scenarios
            }
            for name in arguments.all("--scenario") {
                do {
                    scenarios.append(try Scenario(name))
                } catch {
                    throw UsageError("--scenario \(error)", command: spec)
                }
            }
            if scenarios.isEmpty { scenarios = Suite.default.scenarios }
            self.scenarios = scenarios
            runner = Runner(
                options: options,
                variants: variants.isEmpty ? VariantList.defaultRun : variants,
                resolveDevice: { name in try devices[name] ?? DeviceProfile.shipped(name) })
            childArguments =
                scenarios.flatMap { ["--scenario", $0.description] }
                + runner.variants.flatMap { ["--variant", $0.name] }
                + ["--frames", String(options.frames), "--refresh-rate", String(options.refreshRate)]
                + ["--layout-direction", options.direction.name]
                + arguments.all("--device-file").flatMap { ["--device-file", $0] }
            record = arguments.flag("--record")
            outDirectory = arguments.value("--out") ?? "Results"
        }
    }
}

/// The callgrind child of `run --instructions` (not listed in help): counts each
/// scenario × variant loop and dumps it under a label for the parent.
enum CountInstructionsCommand: Command {
    static let spec = CommandSpec(
        name: "count-instructions", summary: "(internal) the callgrind child of 'run --instructions'.",
        options: RunCommand.spec.options.filter {
            ["--scenario", "--variant", "--frames", "--refresh-rate", "--layout-direction", "--device-file"].contains(
                $0.name)
        })

    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let settings = try RunCommand.Settings(arguments)
        guard InstructionCounter.isUnderValgrind else {
            throw CommandFailure(
                status: 2, "count-instructions runs under callgrind only; use 'foldbench run --instructions'")
        }
        try settings.runner.countInstructionLoops(settings.scenarios)
        return 0
    }
}

/// User device files given with `--device-file`, by the name inside each.
enum DeviceFiles {
    static func load(_ paths: [String]) throws(CommandFailure) -> [String: DeviceProfile] {
        var devices: [String: DeviceProfile] = [:]
        for path in paths {
            let bytes = try readFile(path)
            do {
                let device = try DeviceProfile.decode(bytes)
                devices[device.name] = device
            } catch {
                throw .badInput(file: path, error)
            }
        }
        return devices
    }
}

/// The readable table printed after a run.
enum ResultTable {
    static func render(_ results: [VariantResult]) -> String {
        var rows: [[String]] = [
            [
                "scenario", "variant", "arrangements", "p50 ns", "95% CI ns", "ns/arrangement", "relayouts/s", "allocs",
                "bytes",
                "over budget", "vs reference", "instructions",
            ]
        ]
        for result in results {
            let ratio =
                result.ratioToReference.map {
                    result.variant == "reference"
                        ? "1"
                        : "\(format($0.value, digits: 4))x [\(format($0.lower, digits: 4)), \(format($0.upper, digits: 4))]"
                } ?? "-"
            rows.append([
                result.scenario, result.variant, String(result.arrangements), format(result.time.p50),
                "\(format(result.time.ci95[0]))-\(format(result.time.ci95[1]))", format(result.timePerArrangement.p50),
                format(result.relayoutsPerSecond), format(result.allocationsPerRelayout),
                format(result.bytesAllocatedPerRelayout),
                String(format: "%.1f%%", result.framesOverBudget * 100), ratio,
                result.instructionsPerRelayout.map { format($0) } ?? "-",
            ])
        }
        let widths = rows[0].indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            zip(row, widths).enumerated().map { index, pair in
                let (text, width) = pair
                let padding = String(repeating: " ", count: width - text.count)
                return index < 2 ? text + padding : padding + text
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    /// A number with 3 significant digits at least, no exponent for everyday sizes.
    static func format(_ value: Double, digits: Int = 3) -> String {
        if value == 0 { return "0" }
        guard value.isFinite else { return String(describing: value) }
        if abs(value) >= 1000 { return String(format: "%.0f", value) }
        let decimals = max(0, digits - 1 - Int((log10(abs(value))).rounded(.down)))
        return String(format: "%.\(decimals)f", value)
    }
}
