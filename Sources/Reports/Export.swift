import ArrangementModel
import Charts
import Foundation
import Measurement
import SceneFormat
import Support

/// A run report in the formats other benchmark tools read, each in the shape its
/// consumer documents, so a team's dashboard or comparison script takes FoldBench's
/// numbers as they are.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// Bencher Metric Format: `{"BENCHMARK": {"MEASURE": {"value", "lower_value", "upper_value"}}}`.
    case bmf
    /// github-action-benchmark's `customSmallerIsBetter`: a list of `name`, `unit`, `value`, `range`, `extra`.
    case githubActionBenchmark = "github-action-benchmark"
    /// Google Benchmark's JSON (`context`, `benchmarks`, every sample a repetition), for `tools/compare.py`.
    case googleBenchmark = "google-benchmark"
    /// Go's benchmark text format, for `benchstat old.txt new.txt`.
    case benchstat

    /// The names, comma-separated, for help and error texts.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// The exported metrics: what each tool gets, under which measure name and unit.
struct ExportedMetric {
    let metric: Metric
    /// Bencher's measure slug (`latency` is its built-in measure of nanoseconds).
    let measure: String
    /// Go's unit, per operation (a relayout).
    let goUnit: String
    /// Counts are exact: benchstat compares them without statistics.
    let exact: Bool

    static let all: [ExportedMetric] = [
        .init(metric: .timePerRelayout, measure: "latency", goUnit: "ns/op", exact: false),
        .init(metric: .instructionsPerRelayout, measure: "instructions", goUnit: "instructions/op", exact: true),
        .init(metric: .estimatedCyclesPerRelayout, measure: "estimated-cycles", goUnit: "est-cycles/op", exact: true),
        .init(metric: .allocationsPerRelayout, measure: "allocations", goUnit: "allocs/op", exact: true),
        .init(metric: .bytesAllocatedPerRelayout, measure: "bytes-allocated", goUnit: "B/op", exact: true),
        .init(metric: .ratioToReference, measure: "ratio-to-reference", goUnit: "x-reference", exact: false),
        .init(metric: .ratioToFloor, measure: "ratio-to-floor", goUnit: "x-floor", exact: false),
        .init(metric: .ratioToBaseline, measure: "ratio-to-baseline", goUnit: "x-baseline", exact: false),
        // Per frame: the 99th percentile over the frames and the worst frame.
        .init(metric: .frameTime, measure: "frame-time-p99", goUnit: "p99-frame-ns", exact: false),
        .init(metric: .worstFrameTime, measure: "worst-frame-time", goUnit: "worst-frame-ns", exact: false),
        .init(
            metric: .frameInstructions, measure: "frame-instructions-p99", goUnit: "p99-frame-instructions", exact: true
        ),
        .init(
            metric: .worstFrameInstructions, measure: "worst-frame-instructions", goUnit: "worst-frame-instructions",
            exact: true),
    ]
}

extension Report {
    /// The report in `format`.
    public func export(_ format: ExportFormat) -> String {
        switch format {
        case .bmf: bmf()
        case .githubActionBenchmark: githubActionBenchmark()
        case .googleBenchmark: googleBenchmark()
        case .benchstat: benchstat()
        }
    }

    /// `SCENARIO/VARIANT`: one benchmark per scenario × variant in every format.
    static func benchmarkName(_ entry: VariantResult) -> String { "\(entry.scenario)/\(entry.variant)" }

    func bmf() -> String {
        var benchmarks: [(key: String, value: JSONValue)] = []
        for entry in results {
            var measures: [(key: String, value: JSONValue)] = []
            for exported in ExportedMetric.all {
                guard let value = entry.metrics[exported.metric] else { continue }
                var fields: [(key: String, value: JSONValue)] = [("value", .number(value))]
                if let interval = entry.intervals[exported.metric] {
                    fields += [("lower_value", .number(interval.lower)), ("upper_value", .number(interval.upper))]
                }
                measures.append((exported.measure, .object(fields)))
            }
            benchmarks.append((Self.benchmarkName(entry), .object(measures)))
        }
        return JSONWriter.writePretty(.object(benchmarks))
    }

    func githubActionBenchmark() -> String {
        var items: [JSONValue] = []
        for entry in results {
            for exported in ExportedMetric.all {
                guard let value = entry.metrics[exported.metric] else { continue }
                var fields: [(key: String, value: JSONValue)] = [
                    ("name", .string("\(Self.benchmarkName(entry)) \(exported.metric.name)")),
                    ("unit", .string(exported.metric.unit)), ("value", .number(value)),
                ]
                if let interval = entry.intervals[exported.metric] {
                    let half = (interval.upper - interval.lower) / 2
                    // Plain numbers, never grouped: the consumer reads them with Number().
                    fields.append(("range", .string("± \(formatNumber(half))")))
                    fields.append(
                        (
                            "extra",
                            .string(
                                "95% interval \(formatNumber(interval.lower))–\(formatNumber(interval.upper)); \(entry.samples.count) samples; commit \(environment.commit)"
                            )
                        ))
                } else {
                    fields.append(("extra", .string("exact count; commit \(environment.commit)")))
                }
                items.append(.object(fields))
            }
        }
        return JSONWriter.writePretty(.array(items))
    }

    func googleBenchmark() -> String {
        let context: JSONValue = .object([
            ("date", .string(environment.date)), ("host_name", .string(environment.host)),
            ("executable", .string("foldbench")),
            ("num_cpus", .number(Double(environment.cores))), ("mhz_per_cpu", .number(0)),
            ("cpu_scaling_enabled", .bool(false)), ("caches", .array([])), ("load_avg", .array([])),
            (
                "library_build_type",
                .string(environment.buildConfiguration.isEmpty ? "release" : environment.buildConfiguration)
            ),
            ("foldbench_commit", .string(environment.commit)), ("foldbench_cpu", .string(environment.cpu)),
        ])
        var benchmarks: [JSONValue] = []
        for (family, entry) in results.enumerated() {
            let name = Self.benchmarkName(entry)
            var counters: [(key: String, value: JSONValue)] = []
            for exported in ExportedMetric.all where exported.exact {
                if let value = entry.metrics[exported.metric] { counters.append((exported.measure, .number(value))) }
            }
            // Every sample is one repetition of `batchFrames` relayouts (an iteration is a relayout).
            let samples = entry.samples.isEmpty ? [entry.metrics[.timePerRelayout] ?? 0] : entry.samples
            for (index, sample) in samples.enumerated() {
                benchmarks.append(
                    .object(
                        [
                            ("name", .string(name)), ("family_index", .number(Double(family))),
                            ("per_family_instance_index", .number(0)), ("run_name", .string(name)),
                            ("run_type", .string("iteration")), ("repetitions", .number(Double(samples.count))),
                            ("repetition_index", .number(Double(index))), ("threads", .number(1)),
                            ("iterations", .number(Double(max(entry.batchFrames, 1)))), ("real_time", .number(sample)),
                            ("cpu_time", .number(sample)), ("time_unit", .string("ns")),
                        ] + counters))
            }
            let sorted = samples.sorted()
            let mean = samples.reduce(0, +) / Double(samples.count)
            let median =
                sorted.count % 2 == 1
                ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
            let variance =
                samples.count > 1
                ? samples.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(samples.count - 1) : 0
            for (aggregate, value) in [("mean", mean), ("median", median), ("stddev", variance.squareRoot())] {
                benchmarks.append(
                    .object([
                        ("name", .string("\(name)_\(aggregate)")), ("family_index", .number(Double(family))),
                        ("per_family_instance_index", .number(0)), ("run_name", .string(name)),
                        ("run_type", .string("aggregate")), ("repetitions", .number(Double(samples.count))),
                        ("threads", .number(1)), ("aggregate_name", .string(aggregate)),
                        ("aggregate_unit", .string("time")), ("iterations", .number(Double(samples.count))),
                        ("real_time", .number(value)), ("cpu_time", .number(value)), ("time_unit", .string("ns")),
                    ]))
            }
        }
        return JSONWriter.writePretty(.object([("context", context), ("benchmarks", .array(benchmarks))]))
    }

    func benchstat() -> String {
        var text = "goos: linux\ngoarch: \(Self.goArchitecture)\npkg: foldbench\n"
        text += "cpu: \(environment.cpu.isEmpty ? "unknown" : environment.cpu)\n"
        text += "commit: \(environment.commit)\n"
        for exported in ExportedMetric.all where exported.exact {
            text += "Unit \(exported.goUnit) assume=exact\n"
        }
        for entry in results {
            let name = Self.goBenchmarkName(entry)
            var counts = ""
            for exported in ExportedMetric.all where exported.exact {
                if let value = entry.metrics[exported.metric] {
                    counts += " \t\(formatNumber(value)) \(exported.goUnit)"
                }
            }
            let samples = entry.samples.isEmpty ? [entry.metrics[.timePerRelayout] ?? 0] : entry.samples
            for sample in samples {
                text += "\(name) \t\(max(entry.batchFrames, 1)) \t\(formatNumber(sample)) ns/op\(counts)\n"
            }
        }
        return text
    }

    /// The entry's name as Go writes a benchmark's: no spaces, sub-benchmarks after
    /// '/', and a `-N` suffix that Go's readers take as GOMAXPROCS whatever comes
    /// before it (golang.org/x/perf/benchfmt, `splitGomaxprocs`). Every name ends in
    /// `-1`, which is true (a relayout runs on one thread) and keeps a variant's own
    /// trailing digits (`fast-slowed-10`) in its name.
    static func goBenchmarkName(_ entry: VariantResult) -> String {
        "BenchmarkRelayout/" + benchmarkName(entry).replacingOccurrences(of: " ", with: "_") + "-1"
    }

    static var goArchitecture: String {
        #if arch(x86_64)
            "amd64"
        #elseif arch(arm64)
            "arm64"
        #else
            "unknown"
        #endif
    }
}
