import ArrangementModel
import Measurement
import Reports
import Runs
import Support
import Variants
import Workloads

extension RunPlan {
    /// The plan of `spec`'s command line (`run` and `count-instructions` take the same options).
    init(_ arguments: ParsedArguments, command spec: CommandSpec) throws {
        var options = RunOptions()
        let exports = try ExportFormat.parseRunExports(arguments.all(.runExport), command: spec)
        options.timePerScenario =
            try arguments.number(.timePerScenario, in: 0...3600, command: spec) ?? options.timePerScenario
        options.frames = try arguments.integer(.frames, in: 1...1_000_000, command: spec) ?? options.frames
        options.refreshRate =
            try arguments.number(.refreshRate, in: 1...1000, command: spec) ?? options.refreshRate
        options.direction = try arguments.layoutDirection(command: spec) ?? options.direction
        options.countInstructions = arguments.flag(.instructions)
        options.measureChainedFloor = arguments.flag(.chainedFloor)
        let budgetGate = try arguments.number(.budgetGate, in: 0...100, command: spec)
        if let text = arguments.value(.historySeed) {
            guard let seed = UInt64(text) else {
                throw UsageError(
                    "option '\(CommandSpec.Option.historySeed.name)' needs a whole number in 0...\(UInt64.max), got '\(text)'",
                    command: spec)
            }
            options.historySeed = seed
        }
        if options.countInstructions, InstructionCounter.valgrindPath() == nil {
            throw RunFailure(
                .badInput, "valgrind is not installed (apt-get install valgrind); --instructions needs callgrind")
        }
        let libraries = try Libraries.load(arguments)
        let libraryEntries = libraries.map(\.entry)
        // A variant named twice is measured once, as a scenario is: a report holds one
        // result per scenario x variant.
        var named: Set<String> = []
        var variants = try arguments.all(.variants).filter { named.insert($0).inserted }.map {
            name throws(UsageError) in
            try VariantLookup.named(VariantName(name), libraries: libraryEntries, command: spec)
        }
        if variants.isEmpty { variants = VariantList.defaultRun + libraryEntries }
        // The yardstick is measured too, in the same rounds, whether named by --variant or not.
        if let name = arguments.variantName(.baselineVariant) {
            let yardstick = try VariantLookup.named(name, libraries: libraryEntries, command: spec)
            if !variants.contains(where: { $0.name == name }) { variants.append(yardstick) }
            options.baselineVariant = name
        }
        if let percent = try arguments.number(.verdictThreshold, in: 0...100, command: spec) {
            options.verdictThreshold = percent / 100
        }
        let catalog = try CatalogFiles.load(
            deviceFiles: arguments.all(.deviceFiles), motionFiles: arguments.all(.motionFiles))
        var scenarios = try CatalogFiles.scenarios(
            suite: arguments.value(.suite), names: arguments.all(.scenario), command: spec)
        if scenarios.isEmpty { scenarios = Suite.default.scenarios }
        if arguments.all(.scenario).isEmpty { options.suite = arguments.value(.suite) ?? Suite.default.rawValue }
        // A scenario named twice (twice on the line, or in the suite and on the line) is
        // measured once: a report holds one result per scenario x variant.
        var seen: Set<String> = []
        scenarios = scenarios.filter { seen.insert($0.description).inserted }
        try CatalogFiles.check(scenarios, in: catalog, option: .scenario, command: spec)
        var shard: Shard?
        if let text = arguments.value(.shard) {
            guard let parsed = Shard(text) else {
                throw UsageError(
                    "\(CommandSpec.Option.shard.name) takes K/N with 1 <= K <= N, not '\(text)'", command: spec)
            }
            let frames = options.frames
            let time = options.timePerScenario
            scenarios = parsed.select(scenarios) { scenario in
                let arrangements = (try? scenario.tree.makeTree().arrangementCount) ?? 1
                return Runner.expectedSeconds(arrangements: arrangements, frames: frames, timePerScenario: time)
            }
            shard = parsed
            options.shard = parsed.description
        }
        self.init(
            scenarios: scenarios, options: options, outDirectory: arguments.value(.out) ?? ResultsDirectory.defaultPath)
        runner = Runner(options: options, variants: variants, catalog: catalog)
        self.shard = shard
        self.exports = exports
        self.budgetGate = budgetGate
        self.libraries = libraries
        deviceFiles = arguments.all(.deviceFiles)
        motionFiles = arguments.all(.motionFiles)
        record = arguments.flag(.record)
    }
}
