import ArrangementModel
import Measurement
import Reports
import Runs
import SceneFormat
import Support
import Variants
import Workloads

/// Every option of every command, declared once: the specs list them, the commands
/// read them, and `run --instructions` hands them to its callgrind child.
extension CommandSpec.Option {
    // input limits (docs/reference.md, "Limits")
    static let maxInputMB = Self(
        "--max-input-mb", value: "N", help: "Largest input file read, in MiB (default 512).")
    static let maxJSONValues = Self(
        "--max-json-values", value: "N", help: "Most values in one JSON input (default 12000000).")
    static let maxArrangements = Self(
        "--max-arrangements", value: "N", help: "Most arrangements in one scene (default 1048575).")
    static let maxHistoryRows = Self(
        "--max-history-rows", value: "N", help: "Most rows in one history file (default 2000000).")
    static let changePointBudget = Self(
        "--change-point-budget", value: "N",
        help: "Points searched for change points in all series together, newest first (default 100000).")
    /// The ceilings of every command that reads JSON files.
    static let jsonLimits: [Self] = [.maxInputMB, .maxJSONValues]

    // run
    static let suite = Self(
        "--suite", value: "NAME",
        help:
            "\(Suite.allCases.map(\.rawValue).joined(separator: ", ")) (default: default, unless --scenario is given).")
    static let scenario = Self(
        "--scenario", value: "MOTION/TREE/DEVICE", repeatable: true, help: "A scenario, in a suite or not.")
    static let variants = Self(
        "--variant", value: "NAME", repeatable: true,
        help: "A variant to measure (default: those 'foldbench list' does not mark otherwise).")
    static let variantLibraries = Self(
        "--variant-library", value: "PATH.so", repeatable: true,
        help:
            "A variant in a shared library (the C interface: docs/c-interface.md), checked, timed and reported like a built-in one."
    )
    static let timePerScenario = Self(
        "--time-per-scenario", value: "SECONDS",
        help: "Sampling time per scenario, all variants (default 1); the scenarios share the sum, in rounds.")
    static let frames = Self("--frames", value: "N", help: "Frames in each timeline (default \(RunOptions().frames)).")
    static let refreshRate = Self(
        "--refresh-rate", value: "HZ", help: "Frames per second of the motions (default 120).")
    static let layoutDirection = Self("--layout-direction", value: "DIR", help: "leftToRight (default) or rightToLeft.")
    static let deviceFiles = Self(
        "--device-file", value: "PATH", repeatable: true, help: "A device profile of your own (JSON).")
    static let motionFiles = Self(
        "--motion-file", value: "PATH", repeatable: true,
        help:
            "A recorded motion (CSV: time, angle..., orientation[, width]); named after the file; NAME.edits.jsonl beside it, the app's edits."
    )
    static let instructions = Self(
        "--instructions", help: "Also count instructions per relayout with callgrind (needs valgrind).")
    static let chainedFloor = Self(
        "--chained-floor",
        help:
            "Also measure the floor of each tree's depth (floor-chained): the floor's copy, each arrangement after its parent pane."
    )
    static let budgetGate = Self(
        "--budget-gate", value: "PERCENT",
        help:
            "Exit 1 when more than PERCENT % of a variant's frames take longer than the frame budget (1/refresh rate: 8.33 ms at 120 Hz)."
    )
    static let perFrame = Self(
        "--per-frame", help: "(count-instructions) also count each frame on its own and dump it.")
    static let historySeed = Self(
        "--history-seed", value: "N",
        help:
            "Seed of the adversarial history a variant that remembers is checked over (default: one from the scenario's name; a refusal prints it)."
    )
    static let record = Self(
        "--record",
        help:
            "Also keep the report under \(ResultsDirectory.defaultPath)/runs/ and append to \(ResultsDirectory.defaultHistory)."
    )
    static let out = Self(
        "--out", value: "DIR",
        help:
            "Where latest.json, latest.csv, latest-ranking.csv and report/index.html go (default: \(ResultsDirectory.defaultPath))."
    )
    static let wide = Self(
        "--wide", help: "Print every figure, a row per scenario x variant (the default table fits 120 columns).")

    // resolve
    static let variant = Self(
        "--variant", value: "NAME", help: "Resolver variant (default: reference). See 'foldbench list'.")
    static let device = Self("--device", value: "NAME", help: "Resolve in a device's context instead of the scene's.")
    static let deviceFile = Self(
        "--device-file", value: "PATH", help: "A device profile of your own (implies --device with its name).")
    static let posture = Self(
        "--posture", value: "P",
        help: "\(Posture.allCases.map(\.rawValue).joined(separator: ", ")) (with --device; default halfOpen).")
    static let orientation = Self(
        "--orientation", value: "O",
        help: "\(Orientation.allCases.map(\.rawValue).joined(separator: " or ")) (with --device; default landscape).")

    // compare
    static let instructionThreshold = Self(
        "--instruction-threshold", value: "PERCENT", help: "Instruction change that counts (default 1).")
    static let pair = Self(
        "--pair", value: "OLD=NEW", repeatable: true, help: "Compare baseline variant OLD with new variant NEW.")
    static let gate = Self(
        "--gate", value: "METRICS",
        help: "Comma-separated metrics whose regressions fail: \(Metric.gateNames) (default all).")
    static let format = Self("--format", value: "FORMAT", help: "table (default), markdown or json.")
    static let baselineVariant = Self(
        "--baseline-variant", value: "NAME",
        help:
            "The variant every other is compared with, round by round: its ratio, interval and a verdict (default: none, ratios to the reference)."
    )
    static let verdictThreshold = Self(
        "--threshold", value: "PERCENT",
        help: "With --baseline-variant: a change within this counts as the same (default 2).")
    static let countBase = Self(
        "--base", value: "REV",
        help:
            "Count the base in this job: build the commit REV (auto: the change's base) and measure the run's scenarios on it."
    )
    static let allRows = Self("--all", help: "List every row, unchanged counts and times shown only too.")
    static let listMoved = Self(
        "--list-moved",
        help: "Print only the scenario x variant pairs whose instructions moved (a tab between), floors left out.")

    // ab
    static let abBaseline = Self(
        "--baseline", value: "REV|PATH",
        help:
            "A git revision (built into a cache; auto: the change's base, as compare --base auto), a checkout of foldbench (built there), or a build (its foldbench or libFoldBenchPlugin.so: one code layout); default: auto."
    )
    static let baselineLibrary = Self(
        "--baseline-library", value: "PATH.so",
        help:
            "With --candidate-library: compare two builds of a variant in a shared library (the C interface), in this build's harness."
    )
    static let candidateLibrary = Self(
        "--candidate-library", value: "PATH.so", help: "The library compared with --baseline-library.")
    static let abCandidate = Self(
        "--candidate", value: "REV|PATH", help: "The same, compared with the baseline (default: the working tree).")
    static let abScenario = Self(
        "--scenario", value: "MOTION/TREE/DEVICE", repeatable: true,
        help: "A scenario to compare, shipped devices only (default: fold-cycle/balanced-d8/iphone-duo).")
    static let abVariant = Self(
        "--variant", value: "NAME", repeatable: true,
        help: "A variant compared with itself in both builds (default: fast).")
    static let abThreshold = Self(
        "--threshold", value: "PERCENT", help: "A change within this counts as the same (default 2).")
    static let maxTime = Self(
        "--max-time", value: "SECONDS", help: "Wall time at most per comparison; trials stop there (default 180).")
    static let maxTrials = Self("--max-trials", value: "N", help: "Trials at most per comparison (default 160).")
    static let layouts = Self(
        "--layouts", value: "N",
        help:
            "Code layouts per build at most, linked on demand; trials take them two at a time (default 80; 1: one layout)."
    )
    static let seed = Self("--seed", value: "N", help: "Seeds the order of loading and of the turns (default 0).")
    static let gateSlower = Self("--gate", help: "Exit 1 when a comparison is slower.")
    static let confirm = Self(
        "--confirm",
        help:
            "With --gate: when a comparison is slower, run a second, independent experiment (the next seed, fresh processes) and exit 1 only if it finds a slower one too."
    )
    static let placements = Self(
        "--placements", value: "N",
        help:
            "Copies of each build loaded in every trial, each at its own address and heap offset (default 4; 1 to 16).")
    static let timeDifferentAnswers = Self(
        "--time-different-answers", help: "Time the builds even where their answers differ.")
    static let buildCache = Self(
        "--build-cache", value: "DIR",
        help: "Where built revisions are kept (default: $FOLDBENCH_BUILD_CACHE or ~/.cache/foldbench/builds).")

    // bisect
    static let bisectGood = Self("--good", value: "REV", help: "A revision where the metric is as it should be.")
    static let bisectBad = Self("--bad", value: "REV", help: "A later revision where it has moved.")
    static let bisectScenario = Self(
        "--scenario", value: "MOTION/TREE/DEVICE", help: "The scenario measured (required).")
    static let bisectMetric = Self(
        "--metric", value: "METRIC", help: "instructions (default), allocations or time.")
    static let bisectVariant = Self("--variant", value: "NAME", help: "The variant measured (default: fast).")
    static let bisectThreshold = Self(
        "--threshold", value: "PERCENT",
        help: "A change within this is not a move (default: 1 for instructions, 0 for allocations, 2 for time).")
    static let bisectFormat = Self("--format", value: "FORMAT", help: "table (default) or json.")

    static let shard = Self(
        "--shard", value: "K/N",
        help: "Run the K-th of N parts of the chosen scenarios (balanced by expected cost); see 'foldbench merge'.")

    // merge
    static let mergeOut = Self(
        "--out", value: "DIR", help: "Where the merged latest.json, latest.csv and latest-ranking.csv go.")
    static let allowMixed = Self(
        "--allow-mixed", help: "Merge reports of different commits, options or CPU models (with a warning).")

    // export
    static let exportFormat = Self("--format", value: "FORMAT", help: "\(ExportFormat.names).")
    static let exportOut = Self("--out", value: "PATH", help: "The file to write (default: standard output).")
    static let runExport = Self(
        "--export", value: "FORMAT:PATH", repeatable: true,
        help: "Also write the report in another tool's format (\(ExportFormat.names)); see 'foldbench export'.")

    // report
    static let reportBaseline = Self(
        "--baseline", value: "FILE",
        help:
            "A report whose count regressions are listed first (default: \(ResultsDirectory.defaultBaseline), when present)."
    )
    static let reportOut = Self(
        "--out", value: "DIR", help: "Where index.html goes (default: \(ResultsDirectory.defaultReport)).")

    // pr-report
    static let prBaseline = Self(
        "--baseline", value: "FILE", help: "The baseline report the counts are compared with (default: none).")
    static let prAB = Self("--ab", value: "FILE", help: "What 'foldbench ab --format markdown' printed.")
    static let prProfileDiff = Self(
        "--profile-diff", value: "TITLE=FILE", repeatable: true,
        help: "What 'foldbench profile --baseline REV' printed for the scenario x variant TITLE.")
    static let prOut = Self("--out", value: "FILE", help: "Where the markdown goes (default: standard output).")

    // profile
    static let profileScenario = Self("--scenario", value: "MOTION/TREE/DEVICE", help: "The scenario to profile.")
    static let profileVariant = Self("--variant", value: "NAME", help: "The variant to profile (default: fast).")
    static let profileFrames = Self("--frames", value: "N", help: "Relayouts profiled, one per frame (default 120).")
    static let lines = Self(
        "--lines", help: "Also print the costliest source lines and the hot loop's source with its costs.")
    static let systemLines = Self(
        "--system-lines",
        help: "With --baseline, keep the C library's and the runtime's lines in the diff's line table.")
    static let cacheSimulation = Self(
        "--cache-sim",
        help: "Also simulate fixed-size caches: L1 and last-level misses and estimated cycles per line and function.")
    static let profileBaseline = Self(
        "--baseline", value: "REV|PATH",
        help:
            "Also profile this build (a git revision, built in release into the cache, or a foldbench) and show what changed."
    )
    static let top = Self("--top", value: "N", help: "Rows in each table (default 15).")
    static let profileOut = Self(
        "--out", value: "DIR", help: "Where the profile's files go (default: \(ResultsDirectory.defaultProfile)).")

    // trend, baseline, list
    static let trendOut = Self(
        "--out", value: "DIR", help: "Where the charts and summaries go (default: \(ResultsDirectory.defaultTrend)).")
    static let baselinePath = Self(
        "--path", value: "FILE", help: "The baseline to write (default: \(ResultsDirectory.defaultBaseline)).")
    static let baselineTime = Self(
        "--time-per-scenario", value: "SECONDS", help: "Sampling time per scenario (default 1).")
    static let variantNames = Self(
        "--variants",
        help:
            "Print only the name of every variant, one per line (for scripts); a test-only one (a planted fault, a slowed copy) is followed by a tab and 'test only'."
    )
    static let suiteScenarios = Self(
        "--suite", value: "NAME", help: "Print only the suite's scenarios, one per line (for scripts).")
}

extension ParsedArguments {
    /// The last value of `option`, or `nil`.
    func value(_ option: CommandSpec.Option) -> String? { value(option.name) }

    /// Every value of a repeatable `option`, in order.
    func all(_ option: CommandSpec.Option) -> [String] { all(option.name) }

    func flag(_ option: CommandSpec.Option) -> Bool { flag(option.name) }

    /// Every value of a repeatable `OLD=NEW` option (`--pair`), split; both sides needed.
    func pairs(_ option: CommandSpec.Option, command: CommandSpec) throws(UsageError) -> [(old: String, new: String)] {
        try all(option).map { pair throws(UsageError) in
            let parts = pair.split(separator: "=", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw UsageError("\(option.name) takes OLD=NEW, not '\(pair)'", command: command)
            }
            return (parts[0], parts[1])
        }
    }

    /// `--seed`, a whole number, or `nil` when not given.
    func seed(command: CommandSpec) throws(UsageError) -> UInt64? {
        guard let text = value(.seed) else { return nil }
        guard let seed = UInt64(text) else {
            throw UsageError("\(CommandSpec.Option.seed.name) takes a whole number, not '\(text)'", command: command)
        }
        return seed
    }

    /// `--layout-direction`, or `nil` when not given.
    func layoutDirection(command: CommandSpec) throws(UsageError) -> LayoutDirection? {
        guard let text = value(.layoutDirection) else { return nil }
        guard let parsed = LayoutDirection(name: text) else {
            throw UsageError.notOneOf(
                CommandSpec.Option.layoutDirection.name, text, LayoutDirection.all.map(\.name), command: command)
        }
        return parsed
    }

    func number(_ option: CommandSpec.Option, in range: ClosedRange<Double>, command: CommandSpec) throws(UsageError)
        -> Double?
    {
        try number(option.name, in: range, command: command)
    }

    func integer(_ option: CommandSpec.Option, in range: ClosedRange<Int>, command: CommandSpec) throws(UsageError)
        -> Int?
    {
        try integer(option.name, in: range, command: command)
    }
}

extension Limits {
    /// The limits `arguments` ask for; flags the command does not declare are absent.
    static func parse(_ arguments: ParsedArguments, command: CommandSpec) throws(UsageError) -> InputLimits {
        var limits = InputLimits.standard
        if let megabytes = try arguments.integer(.maxInputMB, in: 1...(1 << 30), command: command) {
            limits.maximumFileBytes = megabytes << 20
        }
        if let values = try arguments.integer(.maxJSONValues, in: 1...Int(Int32.max), command: command) {
            limits.maximumJSONValues = values
        }
        if let arrangements = try arguments.integer(.maxArrangements, in: 1...Int(Int32.max), command: command) {
            limits.maximumArrangements = arrangements
        }
        if let rows = try arguments.integer(.maxHistoryRows, in: 1...Int(Int32.max), command: command) {
            limits.maximumHistoryRows = rows
        }
        return limits
    }
}

/// Looks up variants by name for the commands: the built-in ones, then those of the
/// libraries given with `--variant-library`.
enum VariantLookup {
    static func named(_ name: VariantName, libraries: [VariantEntry] = [], command: CommandSpec) throws(UsageError)
        -> VariantEntry
    {
        do { return try VariantList.lookUp(name, libraries: libraries) } catch {
            throw UsageError("\(error)", command: command)
        }
    }
}

/// How a command prints what it found.
enum OutputFormat: String, CaseIterable {
    case table, markdown, json
}

extension ParsedArguments {
    /// `option` (`--format`) as one of `allowed`; `table` when not given.
    func format(
        _ option: CommandSpec.Option = .format, allowed: [OutputFormat] = OutputFormat.allCases, command: CommandSpec
    ) throws(UsageError) -> OutputFormat {
        guard let text = value(option) else { return .table }
        guard let format = OutputFormat(rawValue: text), allowed.contains(format) else {
            throw UsageError.notOneOf(option.name, text, allowed.map(\.rawValue), command: command)
        }
        return format
    }
}

extension ParsedArguments {
    /// The value of `option` as a variant's name.
    func variantName(_ option: CommandSpec.Option) -> VariantName? { value(option).map(VariantName.init) }

    /// The value of `option` as a scenario's name.
    func scenarioName(_ option: CommandSpec.Option) -> ScenarioName? { value(option).map(ScenarioName.init) }
}
