import ArrangementModel
import Foundation
import Measurement
import Reports
import Support
import VariantLibraries
import Variants
import Workloads

/// What `run` (and its callgrind child, `count-instructions`) measures and where the
/// results go: the options parsed and checked, before anything is measured.
struct RunPlan {
    var scenarios: [Scenario] = []
    var runner: Runner
    /// The device and motion files given, passed on to the callgrind child.
    var deviceFiles: [String] = []
    var motionFiles: [String] = []
    var record: Bool
    var outDirectory: String
    var exports: [(ExportFormat, String)] = []
    var shard: Shard?
    /// `--budget-gate`: the share of a variant's frames, in percent, allowed over the frame budget.
    var budgetGate: Double?
    /// `--variant-library`: the libraries loaded, whose variants the run may measure.
    var libraries: [VariantLibrary] = []

    /// A plan made in code: `scenarios` with the default variants, written to `outDirectory`.
    init(scenarios: [Scenario], options: RunOptions, outDirectory: String) {
        self.scenarios = scenarios
        runner = Runner(options: options, variants: VariantList.defaultRun)
        record = false
        self.outDirectory = outDirectory
    }

    /// The plan of `spec`'s command line (`run` and `count-instructions` take the same options).
    init(_ arguments: ParsedArguments, command spec: CommandSpec) throws {
        var options = RunOptions()
        exports = try ExportFormat.parseRunExports(arguments.all(.runExport), command: spec)
        options.timePerScenario =
            try arguments.number(.timePerScenario, in: 0...3600, command: spec) ?? options.timePerScenario
        options.frames = try arguments.integer(.frames, in: 1...1_000_000, command: spec) ?? options.frames
        options.refreshRate =
            try arguments.number(.refreshRate, in: 1...1000, command: spec) ?? options.refreshRate
        options.direction = try arguments.layoutDirection(command: spec) ?? options.direction
        options.countInstructions = arguments.flag(.instructions)
        options.measureChainedFloor = arguments.flag(.chainedFloor)
        budgetGate = try arguments.number(.budgetGate, in: 0...100, command: spec)
        if let text = arguments.value(.historySeed) {
            guard let seed = UInt64(text) else {
                throw UsageError(
                    "option '\(CommandSpec.Option.historySeed.name)' needs a whole number in 0...\(UInt64.max), got '\(text)'",
                    command: spec)
            }
            options.historySeed = seed
        }
        if options.countInstructions, InstructionCounter.valgrindPath() == nil {
            throw CommandFailure(
                status: 2, "valgrind is not installed (apt-get install valgrind); --instructions needs callgrind")
        }
        libraries = try Libraries.load(arguments)
        let libraryEntries = libraries.map { $0.entry() }
        let variants = try arguments.all(.variants).map { name throws(UsageError) in
            try VariantLookup.named(VariantName(name), libraries: libraryEntries, command: spec)
        }
        let catalog = try CatalogFiles.load(
            deviceFiles: arguments.all(.deviceFiles), motionFiles: arguments.all(.motionFiles))
        var scenarios = try CatalogFiles.scenarios(
            suite: arguments.value(.suite), names: arguments.all(.scenario), command: spec)
        if scenarios.isEmpty { scenarios = Suite.default.scenarios }
        // A scenario named twice (twice on the line, or in the suite and on the line) is
        // measured once: a report holds one result per scenario x variant.
        var seen: Set<String> = []
        scenarios = scenarios.filter { seen.insert($0.description).inserted }
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
                return Runner.expectedSeconds(arrangements: arrangements, frames: frames, timePerScenario: time)
            }
            self.shard = shard
        }
        self.scenarios = scenarios
        runner = Runner(
            options: options,
            variants: variants.isEmpty ? VariantList.defaultRun + libraryEntries : variants,
            catalog: catalog)
        deviceFiles = arguments.all(.deviceFiles)
        motionFiles = arguments.all(.motionFiles)
        record = arguments.flag(.record)
        outDirectory = arguments.value(.out) ?? ResultsDirectory.defaultPath
    }

    /// The libraries whose variants the run measures.
    var measuredLibraries: [VariantLibrary] {
        libraries.filter { library in runner.variants.contains { $0.name == library.name } }
    }

    /// The arguments that make `check-library` check `library`'s variant over this run's
    /// scenarios and frames.
    func checkArguments(_ library: VariantLibrary) -> [String] {
        childArguments(variants: [library.name], libraries: [library])
            + (runner.options.historySeed.map { [CommandSpec.Option.historySeed.name, String($0)] } ?? [])
    }

    /// The arguments that make the callgrind child (`count-instructions`) count the same loops.
    var childArguments: [String] {
        childArguments(variants: runner.variants.map(\.name), libraries: measuredLibraries)
            + (runner.options.measureChainedFloor ? [CommandSpec.Option.chainedFloor.name] : [])
            + [CommandSpec.Option.perFrame.name]
    }

    /// This run's scenarios, frames, devices and motions for a child, with `variants` of `libraries`.
    private func childArguments(variants: [VariantName], libraries: [VariantLibrary]) -> [String] {
        let options = runner.options
        let child: [(CommandSpec.Option, [String])] = [
            (.scenario, scenarios.map(\.description)), (.variants, variants.map(\.rawValue)),
            (.frames, [String(options.frames)]), (.refreshRate, [String(options.refreshRate)]),
            (.layoutDirection, [options.direction.name]), (.deviceFiles, deviceFiles), (.motionFiles, motionFiles),
            (.variantLibraries, libraries.map { absolutePath($0.path) }),
        ]
        return child.flatMap { option, values in values.flatMap { [option.name, $0] } }
    }
}
