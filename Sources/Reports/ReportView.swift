import Measurement
import Support
import Workloads

/// What pages, `compare` and the exports read of a report: views of the one value,
/// not a second reading of the file.
extension VariantResult {
    /// Each metric's headline value (p50 for times), for the metrics this result has.
    public var metrics: [Metric: Double] {
        var metrics: [Metric: Double] = [:]
        for metric in Metric.allCases {
            if let value = value(metric, metric.headline) { metrics[metric] = value }
        }
        return metrics
    }

    /// Each metric's 95 % interval, for the metrics this result has one of.
    public var intervals: [Metric: Interval] {
        var intervals: [Metric: Interval] = [:]
        for metric in Metric.allCases where metric.statistics.contains(.ci95Lower) {
            if let lower = value(metric, .ci95Lower), let upper = value(metric, .ci95Upper) {
                intervals[metric] = Interval(lower, upper)
            }
        }
        return intervals
    }
}

extension Report {
    /// The scenario's phase, frame by frame (empty when the report has no timeline).
    public func phases(of scenario: ScenarioName) -> [Timeline.Phase] {
        results.first { $0.scenario == scenario && !$0.framePhases.isEmpty }?.framePhases ?? []
    }

    /// The scenarios, in the order of their first result.
    public var scenarios: [ScenarioName] {
        results.scenarioOrder
    }

    /// The machine a report was measured on: CPU model, cores, compiler.
    public var machine: String {
        let environment = environment
        return
            "\(environment.cpu.isEmpty ? "unknown CPU" : environment.cpu), \(environment.cores > 0 ? String(environment.cores) : "?") cores, \(environment.swift.isEmpty ? "unknown compiler" : environment.swift)"
    }

    /// What differs between two reports' machines, in a sentence, or `nil` when the CPU
    /// model, the cores and the compiler are the same (or a report does not say).
    public static func machineDifference(_ a: Report, _ b: Report) -> String? {
        let fields: [(RunEnvironment) -> String] = [\.cpu, { $0.cores > 0 ? String($0.cores) : "" }, \.swift]
        let differs = fields.contains { field in
            let (x, y) = (field(a.environment), field(b.environment))
            return !x.isEmpty && !y.isEmpty && x != y
        }
        guard differs else { return nil }
        return
            "the baseline ran on \(a.machine), the new report on \(b.machine); instruction and allocation counts compare when the compiler is the same, times from different machines do not"
    }
}
