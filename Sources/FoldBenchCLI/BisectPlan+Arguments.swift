import Measurement
import Runs
import Support
import Variants

extension BisectPlan {
    /// What `bisect`'s command line asks for.
    init(_ arguments: ParsedArguments) throws {
        let spec = BisectCommand.spec
        guard let good = arguments.value(.bisectGood), let bad = arguments.value(.bisectBad),
            let scenario = arguments.value(.bisectScenario)
        else {
            throw UsageError("bisect needs --good REV, --bad REV and --scenario MOTION/TREE/DEVICE", command: spec)
        }
        let metricName = arguments.value(.bisectMetric) ?? Kind.instructions.rawValue
        guard let kind = Kind(rawValue: metricName) else {
            throw UsageError.notOneOf(
                CommandSpec.Option.bisectMetric.name, metricName, Kind.allCases.map(\.rawValue), command: spec)
        }
        let defaultThreshold: Double = kind == .instructions ? 1 : kind == .allocations ? 0 : 2
        self.init(
            good: good, bad: bad, scenario: ScenarioName(scenario), kind: kind,
            json: try arguments.format(.bisectFormat, allowed: [.table, .json], command: spec) == .json,
            variant: arguments.variantName(.bisectVariant) ?? VariantList.defaultCandidateName,
            threshold: (try arguments.number(.bisectThreshold, in: 0...100, command: spec) ?? defaultThreshold) / 100,
            cache: arguments.value(.buildCache) ?? Builds.defaultCache)
        guard kind == .time else { return }
        ab.threshold = threshold
        ab.maximumSeconds = try arguments.number(.maxTime, in: 1...86_400, command: spec) ?? ab.maximumSeconds
        ab.seed = try arguments.seed(command: spec) ?? ab.seed
    }
}
