import ArrangementModel
import Measurement
import SceneFormat
import Workloads

/// A run's report: the environment, the options, and one result per scenario ×
/// variant. Written as JSON (`latest.json`, `runs/`) and long-format CSV; read back
/// by `compare` and `trend` (docs/reference.md, "Reports").
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

    func value(_ metric: Metric, _ statistic: Statistic) -> Double? {
        switch metric {
        case .timePerRelayout: time.value(statistic)
        case .timePerArrangement: timePerArrangement.value(statistic)
        case .relayoutsPerSecond: relayoutsPerSecond
        case .allocationsPerRelayout: allocationsPerRelayout
        case .bytesAllocatedPerRelayout: bytesAllocatedPerRelayout
        case .instructionsPerRelayout: instructionsPerRelayout
        case .instructionsPerArrangement: instructionsPerRelayout.map { $0 / Double(arrangements) }
        case .estimatedCyclesPerRelayout: estimatedCyclesPerRelayout
        case .peakResidentMemory: Double(peakResidentBytes)
        case .framesOverBudget: framesOverBudget
        case .changingFrames: changingFrames
        case .prepareTime: prepareNanoseconds
        case .ratioToReference:
            ratioToReference.map { ratio in
                statistic == .ci95Lower ? ratio.lower : statistic == .ci95Upper ? ratio.upper : ratio.value
            }
        case .ratioToFloor:
            ratioToFloor.map { ratio in
                statistic == .ci95Lower ? ratio.lower : statistic == .ci95Upper ? ratio.upper : ratio.value
            }
        }
    }
}

extension TimeSummary {
    func value(_ statistic: Statistic) -> Double {
        switch statistic {
        case .value, .p50: p50
        case .min: min
        case .p90: p90
        case .p99: p99
        case .max: max
        case .mean: mean
        case .mad: mad
        case .ci95Lower: ci95[0]
        case .ci95Upper: ci95[1]
        }
    }
}

extension Report {
    /// The report as JSON: each metric an object with its unit and statistics, the
    /// 95 % interval as one `ci95` pair.
    public func json() -> JSONValue {
        let env = environment
        return .object([
            ("schemaVersion", .number(Double(Self.schemaVersion))),
            (
                "environment",
                .object([
                    ("tool", .string("foldbench \(env.toolVersion)")), ("commit", .string(env.commit)),
                    ("dirty", .bool(env.dirty)), ("date", .string(env.date)), ("host", .string(env.host)),
                    ("cpu", .string(env.cpu)), ("cores", .number(Double(env.cores))), ("os", .string(env.os)),
                    ("swift", .string(env.swift)), ("buildConfiguration", .string(env.buildConfiguration)),
                    ("allocator", .string(env.allocator)),
                ])
            ),
            (
                "options",
                .object([
                    ("timePerScenario", .number(options.timePerScenario)), ("frames", .number(Double(options.frames))),
                    ("refreshRate", .number(options.refreshRate)),
                    ("layoutDirection", .string(options.direction.name)),
                    ("instructions", .bool(options.countInstructions)),
                ])
            ),
            ("results", .array(results.map(Self.json))),
            ("timelines", timelinesJSON()),
        ])
    }

    static func json(_ result: VariantResult) -> JSONValue {
        let rows = result.metricRows
        let metrics = Metric.allCases.compactMap { metric -> (key: String, value: JSONValue)? in
            let own = rows.filter { $0.metric == metric }
            guard !own.isEmpty else { return nil }
            var entries: [(key: String, value: JSONValue)] = [("unit", .string(metric.unit))]
            for row in own where row.statistic != .ci95Lower {
                if row.statistic == .ci95Upper {
                    let lower = own.first { $0.statistic == .ci95Lower }?.value ?? row.value
                    entries.append(("ci95", .array([.number(lower), .number(row.value)])))
                } else {
                    entries.append((row.statistic.rawValue, .number(row.value)))
                }
            }
            return (metric.name, .object(entries))
        }
        return .object([
            ("scenario", .string(result.scenario)), ("variant", .string(result.variant)),
            ("arrangements", .number(Double(result.arrangements))), ("frames", .number(Double(result.frames))),
            ("samples", .number(Double(result.samples.count))), ("batchFrames", .number(Double(result.batchFrames))),
            ("refreshRate", .number(result.refreshRate)),
            ("checksum", .string(String(result.checksum, radix: 16))), ("metrics", .object(metrics)),
            ("timeSamples", .array(result.samples.map { .number($0) })),
            ("frameTimes", .array(result.frameTimes.map { .number(($0 * 10).rounded() / 10) })),
        ])
    }

    /// Each scenario's phases, frame by frame, as runs of equal frames:
    /// `{"frames": 12, "posture": "halfOpen", "orientation": "landscape", "display": "inner", "transition": false}`.
    func timelinesJSON() -> JSONValue {
        var entries: [(key: String, value: JSONValue)] = []
        for result in results where !entries.contains(where: { $0.key == result.scenario }) {
            var runs: [JSONValue] = []
            var start = 0
            let phases = result.framePhases
            while start < phases.count {
                var end = start + 1
                while end < phases.count, phases[end] == phases[start] { end += 1 }
                let phase = phases[start]
                runs.append(
                    .object([
                        ("frames", .number(Double(end - start))), ("posture", .string(phase.posture.rawValue)),
                        ("orientation", .string(phase.orientation.rawValue)),
                        ("display", .string(phase.outerDisplay ? "outer" : "inner")),
                        ("transition", .bool(phase.inTransition)),
                    ]))
                start = end
            }
            entries.append((result.scenario, .array(runs)))
        }
        return .object(entries)
    }
}
