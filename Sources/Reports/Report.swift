import ArrangementModel
import Measurement
import Support
import Workloads

/// A run's report: the environment, the options, and one result per scenario ×
/// variant. Written as JSON (`latest.json`, `runs/`; ``ReportCodec`` writes and reads
/// it) and long-format CSV; what `run` measured and what `compare`, `report`,
/// `export` and `merge` read back are the same value (docs/reference.md, "Reports").
public struct Report: Sendable {
    public static let schemaVersion = 1

    public var environment: RunEnvironment
    public var options: RunOptions
    public var results: [VariantResult]

    public init(environment: RunEnvironment, options: RunOptions, results: [VariantResult]) {
        self.environment = environment
        self.options = options
        self.results = results
    }
}

/// One statistic of one metric of a result, as reports and CSV rows carry it.
public struct MetricRow: Equatable, Sendable {
    public var metric: Metric
    public var statistic: Statistic
    public var value: Double
}

extension VariantResult {
    /// Every metric of this result, in ``Metric`` order, each with its statistics (the
    /// headline first); instructions only when counted, the ratio only when the
    /// reference ran.
    public var metricRows: [MetricRow] {
        Metric.allCases.flatMap { metric in
            metric.statistics.compactMap { statistic in
                value(metric, statistic).map { MetricRow(metric: metric, statistic: statistic, value: $0) }
            }
        }
    }
}
