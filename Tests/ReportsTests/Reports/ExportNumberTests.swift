import ArrangementModel
import Foundation
import Profiling
import SceneFormat
import Support
import TestSupport
import Testing
import Variants

@testable import Measurement
@testable import Reports
@testable import SceneGenerator
@testable import Workloads

/// Every number an export writes, read back the way its consumer reads it, equals the
/// report's figure it came from.
@Suite("Exports carry the report's numbers")
struct ExportNumberTests {
    let summary = try! ReportPageTests.summary(SampleReports.pageReport())

    func number(_ value: JSONValue?) -> Double? {
        if case .number(let number)? = value { return number }
        return nil
    }

    @Test("bmf: every measure's value and interval")
    func bmf() throws {
        let json = try JSONParser.parse(summary.export(.bmf))
        for entry in summary.results {
            let benchmark = try #require(json["\(entry.scenario)/\(entry.variant)"])
            for exported in ExportedMetric.all {
                guard let value = entry.metrics[exported.metric] else {
                    #expect(benchmark[exported.measure] == nil)
                    continue
                }
                #expect(number(benchmark[exported.measure]?["value"]) == value, "\(exported.measure)")
                let interval = entry.intervals[exported.metric]
                #expect(number(benchmark[exported.measure]?["lower_value"]) == interval?.lower)
                #expect(number(benchmark[exported.measure]?["upper_value"]) == interval?.upper)
            }
        }
    }

    /// github-action-benchmark splits `range` into the sign and a number, and reads the
    /// number with JavaScript's `Number()`, which gives NaN for "7,219": the half-width
    /// must be a plain number, as `Double()` reads it here.
    @Test("github-action-benchmark: value, and a range and extra of plain numbers")
    func githubActionBenchmark() throws {
        guard case .array(let items) = try JSONParser.parse(summary.export(.githubActionBenchmark)) else {
            Issue.record("not a list")
            return
        }
        var seen = 0
        for entry in summary.results {
            for exported in ExportedMetric.all {
                guard let value = entry.metrics[exported.metric] else { continue }
                let name = "\(entry.scenario)/\(entry.variant) \(exported.metric.name)"
                let item = try #require(items.first { $0["name"] == .string(name) }, "\(name)")
                seen += 1
                #expect(number(item["value"]) == value)
                guard let interval = entry.intervals[exported.metric] else {
                    #expect(item["range"] == nil)
                    continue
                }
                guard case .string(let range)? = item["range"] else {
                    Issue.record("\(name): no range")
                    continue
                }
                let text = range.replacingOccurrences(of: "± ", with: "")
                let half = try #require(Double(text), "\(name): range '\(range)' is not a plain number")
                #expect(abs(half - (interval.upper - interval.lower) / 2) <= 1e-9 * max(1, half), "\(name)")
                guard case .string(let extra)? = item["extra"] else { continue }
                #expect(extra.contains("95% interval \(formatNumber(interval.lower))–\(formatNumber(interval.upper))"))
            }
        }
        #expect(seen == items.count)
    }

    @Test("google-benchmark: every repetition's time is a sample; mean, median and stddev of them")
    func googleBenchmark() throws {
        let json = try JSONParser.parse(summary.export(.googleBenchmark))
        guard case .array(let benchmarks) = json["benchmarks"] ?? .null else {
            Issue.record("no benchmarks")
            return
        }
        for entry in summary.results {
            let name = "\(entry.scenario)/\(entry.variant)"
            let repetitions = benchmarks.filter { $0["name"] == .string(name) }
            #expect(repetitions.compactMap { number($0["real_time"]) } == entry.samples)
            for repetition in repetitions {
                #expect(number(repetition["iterations"]) == Double(entry.batchFrames))
                #expect(number(repetition["instructions"]) == entry.metrics[.instructionsPerRelayout])
            }
            // Worked by hand: the samples are t, 1.1 t and 0.9 t.
            let t = entry.samples[0]
            let aggregates = Dictionary(
                uniqueKeysWithValues: ["mean", "median", "stddev"].map { aggregate in
                    (
                        aggregate,
                        number(benchmarks.first { $0["name"] == .string("\(name)_\(aggregate)") }?["real_time"])
                    )
                })
            #expect(abs(aggregates["mean"]!! - t) < 1e-9 * t)
            #expect(aggregates["median"]!! == t)
            #expect(abs(aggregates["stddev"]!! - 0.1 * t) < 1e-9 * t)
        }
    }

    @Test("google-benchmark: an even number of samples has the middle two's mean as median; the context")
    func googleBenchmarkEven() throws {
        var even = summary
        even.results = [summary.results[0]]
        even.results[0].samples = [4, 1, 3, 10]
        let json = try JSONParser.parse(even.export(.googleBenchmark))
        guard case .array(let benchmarks) = json["benchmarks"] ?? .null else {
            Issue.record("no benchmarks")
            return
        }
        let name = "\(even.results[0].scenario)/\(even.results[0].variant)"
        func aggregate(_ kind: String) -> Double? {
            number(benchmarks.first { $0["name"] == .string("\(name)_\(kind)") }?["real_time"])
        }
        #expect(aggregate("median") == 3.5 && aggregate("mean") == 4.5)
        // compare.py reads these; a frequency FoldBench does not know is 0, not a guess.
        let context = json["context"]
        #expect(number(context?["mhz_per_cpu"]) == 0)
        #expect(number(context?["num_cpus"]) == Double(summary.environment.cores))
        #expect(context?["executable"] == .string("foldbench") && context?["cpu_scaling_enabled"] == .bool(false))
    }

    /// benchfmt's rule, from golang.org/x/perf/benchfmt/result.go:
    ///
    ///     func (n Name) splitGomaxprocs() (prefix, gomaxprocs []byte) {
    ///         for i := len(n) - 1; i >= 0; i-- {
    ///             if n[i] == '-' && i < len(n)-1 {
    ///                 return n[:i], n[i:]
    ///             }
    ///             if !('0' <= n[i] && n[i] <= '9') {
    ///                 // Not a digit.
    ///                 break
    ///             }
    ///         }
    ///         return n, nil
    ///     }
    static func splitGomaxprocs(_ name: String) -> (prefix: String, gomaxprocs: String?) {
        let n = Array(name.utf8)
        var i = n.count - 1
        while i >= 0 {
            if n[i] == UInt8(ascii: "-") && i < n.count - 1 {
                return (String(decoding: n[..<i], as: UTF8.self), String(decoding: n[i...], as: UTF8.self))
            }
            if !(UInt8(ascii: "0") <= n[i] && n[i] <= UInt8(ascii: "9")) { break }
            i -= 1
        }
        return (name, nil)
    }

    @Test("benchstat: a variant's trailing digits stay in its name, as Go's benchfmt splits names")
    func benchstatNames() throws {
        var named = summary
        named.results = [VariantName](["fast-slowed-10", "fast-slowed-5", "fast"]).map { variant in
            var entry = summary.results[0]
            entry.variant = variant
            return entry
        }
        let names = Set(
            named.export(.benchstat).split(separator: "\n").filter { $0.hasPrefix("Benchmark") }.map {
                String($0.split(separator: " ")[0])
            })
        #expect(names.count == 3)
        for name in names {
            let (prefix, gomaxprocs) = Self.splitGomaxprocs(name)
            #expect(gomaxprocs == "-1", "\(name)")
            #expect(
                ["fast-slowed-10", "fast-slowed-5", "fast"].map {
                    "BenchmarkRelayout/\(summary.results[0].scenario)/\($0)"
                }.contains(prefix), "\(name) → \(prefix)")
        }
        // Without the suffix, benchfmt would have read "-10" and "-5" as GOMAXPROCS.
        #expect(
            Self.splitGomaxprocs("BenchmarkRelayout/s/fast-slowed-10") == ("BenchmarkRelayout/s/fast-slowed", "-10"))
    }

    @Test("benchstat: one line per sample with its ns/op and the exact counts")
    func benchstat() throws {
        let lines = summary.export(.benchstat).split(separator: "\n").map(String.init)
        for entry in summary.results {
            let rows = lines.filter { $0.hasPrefix("BenchmarkRelayout/\(entry.scenario)/\(entry.variant)-1 ") }
            #expect(rows.count == entry.samples.count)
            for (row, sample) in zip(rows, entry.samples) {
                let fields = row.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                #expect(Int(fields[1]) == entry.batchFrames)
                #expect(Double(fields[2]) == sample && fields[3] == "ns/op", "\(row)")
                let instructions = fields.firstIndex(of: "instructions/op").map { Double(fields[$0 - 1]) }
                #expect(instructions == entry.metrics[.instructionsPerRelayout])
            }
        }
    }
}
