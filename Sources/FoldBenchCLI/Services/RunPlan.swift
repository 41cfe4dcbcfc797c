import ArrangementModel
import Foundation
import Measurement
import Reports
import Support
import Variants
import Workers
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
    /// `--variant-library`: the libraries a worker described, whose variants the run may measure.
    var libraries: [LibraryInfo] = []

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
                .badInput, "valgrind is not installed (apt-get install valgrind); --instructions needs callgrind")
        }
        libraries = try Libraries.load(arguments)
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
            options.shard = shard.description
        }
        self.scenarios = scenarios
        runner = Runner(
            options: options,
            variants: variants,
            catalog: catalog)
        deviceFiles = arguments.all(.deviceFiles)
        motionFiles = arguments.all(.motionFiles)
        record = arguments.flag(.record)
        outDirectory = arguments.value(.out) ?? ResultsDirectory.defaultPath
    }

    /// The libraries whose variants the run measures.
    var measuredLibraries: [LibraryInfo] {
        libraries.filter { library in runner.variants.contains { $0.name == library.name } }
    }

    /// The request a worker measures this plan by (`run`), or counts it by (`count`).
    func request(_ kind: WorkRequest.Kind) -> WorkRequest {
        let options = runner.options
        var request = WorkRequest(kind)
        request.libraries = measuredLibraries.map(\.path)
        request.libraryPaths = measuredLibraries.map(\.absolute)
        request.scenarios = scenarios.map(\.description)
        request.variants = runner.variants.map(\.name.rawValue)
        request.deviceFiles = deviceFiles.map(absolutePath)
        request.motionFiles = motionFiles.map(absolutePath)
        request.frames = options.frames
        request.refreshRate = options.refreshRate
        request.direction = options.direction.name
        request.timePerScenario = options.timePerScenario
        request.measureFloor = options.measureFloor
        request.measureChainedFloor = options.measureChainedFloor
        request.historySeed = options.historySeed
        request.baselineVariant = options.baselineVariant?.rawValue
        request.verdictThreshold = options.verdictThreshold
        request.perFrame = kind == .count
        return request
    }
}
