import ArrangementModel
import Foundation
import Profiling
import SceneFormat
import Support
import Testing
import Variants

@testable import Measurement
@testable import Reports
@testable import SceneGenerator
@testable import Workloads

/// Expectations worked out independently of the code under test: published tables, or
/// values computed with SciPy 1.17 (`scipy.stats.t.ppf`, `t.cdf`) and written down here.
@Suite("Values pinned by an independent computation")
struct PinnedValueTests {
    @Test(
        "Student's t quantile equals SciPy's to 1e-9, where ab's shared error takes it",
        arguments: [
            (0.975, 1, 12.706204736174694), (0.975, 2, 4.302652729749462), (0.975, 3, 3.1824463052837078),
            (0.975, 4, 2.7764451051977934), (0.99375, 4, 4.314656048886743), (0.99875, 4, 6.758252832704313),
            (0.995, 9, 3.249835541592126), (0.99875, 39, 3.2321617945681074), (0.975, 79, 1.9904502102301285),
            (0.9995, 200, 3.3398354062757107),
        ])
    func tQuantile(_ p: Double, _ degrees: Int, _ expected: Double) {
        let got = Statistics.tQuantile(p, degrees: degrees)
        #expect(abs(got - expected) <= 1e-9 * expected, "\(got)")
        #expect(abs(Statistics.tQuantile(1 - p, degrees: degrees) + expected) <= 1e-9 * expected)
    }

    @Test("the t distribution function at two points, odd and even degrees of freedom")
    func tCDF() {
        #expect(abs(Statistics.tCDF(1.5, degrees: 5) - 0.9030481598787634) < 1e-12)
        #expect(abs(Statistics.tCDF(-2.0, degrees: 6) - 0.04621315576583756) < 1e-12)
        #expect(Statistics.tCDF(0, degrees: 3) == 0.5)
    }

    /// Five trials of log ratios 0.03, 0.05, 0.04, 0.06, 0.02: mean 0.04, standard
    /// error √(0.00025 / 5); the interval exp(0.04 ± t(1 − α/2, 4) · se) with α = 0.05 / k.
    @Test(
        "ab's interval shares 5 % over k comparisons (Bonferroni), to SciPy's figures",
        arguments: [
            (1, 1.0205764027122832, 1.061446320722305), (4, 1.0095359547123295, 1.0730544688560841),
            (20, 0.9922421843247782, 1.0917567150323653),
        ])
    func bonferroni(_ comparisons: Int, _ lower: Double, _ upper: Double) {
        let logs = [0.03, 0.05, 0.04, 0.06, 0.02]
        let estimate = ABEstimate.from(
            trialLogRatios: logs, threshold: 0.02, confidence: 0.95, comparisons: comparisons)
        #expect(abs(estimate.ratio - exp(0.04)) < 1e-12)
        #expect(abs(estimate.lower - lower) < 1e-9, "\(estimate.lower)")
        #expect(abs(estimate.upper - upper) < 1e-9, "\(estimate.upper)")
        #expect(abs(estimate.smallestDetectable - (upper / exp(0.04) - 1)) < 1e-9)
    }

    @Test("ab's markdown: the slower comparisons counted and their verdicts in bold, the others plain")
    func abMarkdown() {
        let side = ABSide(label: "x", plugin: "x.so", variant: "fast")
        func result(_ scenario: String, _ logs: [Double]) -> ABResult {
            ABResult(
                scenario: scenario, baseline: side, candidate: side, arrangements: 1, batchFrames: 1,
                checksumsAgree: true, trialLogRatios: logs,
                estimate: ABEstimate.from(trialLogRatios: logs, threshold: 0.02, confidence: 0.95, comparisons: 1),
                seconds: 1)
        }
        let slow = result("slow", [0.10, 0.11, 0.09, 0.10, 0.10])
        let same = result("same", [0.001, -0.001, 0, 0.001, -0.001])
        #expect(slow.estimate.verdict == .slower && same.estimate.verdict == .same)
        let markdown = ABReport.markdown([slow, same], baseline: "A", candidate: "B")
        #expect(markdown.hasPrefix("**1 slower** of 2 comparison(s) of B with A.\n\n"))
        let rows = markdown.split(separator: "\n").map(String.init)
        #expect(rows.first { $0.hasPrefix("| slow ") }?.hasSuffix("| **slower** |") == true, "\(markdown)")
        #expect(rows.first { $0.hasPrefix("| same ") }?.hasSuffix("| same |") == true, "\(markdown)")
        #expect(ABReport.markdown([same], baseline: "A", candidate: "B").hasPrefix("**Not slower** in 1 comparison(s)"))
    }

    @Test("an experiment of 4 comparisons shares the error over its 5 planned looks too: 20 ways")
    func sharedOverLooks() throws {
        let logs = [0.03, 0.05, 0.04, 0.06, 0.02]
        var next = 0
        var options = ABOptions()
        options.maximumSeconds = 1e9
        #expect(options.looks == [5, 10, 20, 40, 80])
        let experiment = ABExperiment(options: options, comparisons: 4) { _, _, _, _ in
            defer { next += 1 }
            return ABTrial(logRatio: logs[next % logs.count], checksumsAgree: true, arrangements: 1, batchFrames: 1)
                .json
        }
        let side = ABSide(label: "x", plugin: "x.so", variant: "fast")
        let result = try experiment.run(scenario: "s", baseline: side, candidate: side)
        // At trial 5 the interval, 20 ways, is [0.9922, 1.0918]: no verdict. At trial 10 (the
        // five twice) it is SciPy's [1.0206672, 1.0613519], above 1.02: slower.
        #expect(result.trialLogRatios.count == 10)
        #expect(result.estimate.verdict == .slower)
        #expect(abs(result.estimate.lower - 1.0206672336194837) < 1e-9, "\(result.estimate.lower)")
        #expect(abs(result.estimate.upper - 1.0613518608150208) < 1e-9, "\(result.estimate.upper)")
    }
}

/// Every number an export writes, read back the way its consumer reads it, equals the
/// report's figure it came from.
@Suite("Exports carry the report's numbers")
struct ExportNumberTests {
    let summary = try! ReportPageTests.summary(ReportPageTests.report())

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
        named.results = ["fast-slowed-10", "fast-slowed-5", "fast"].map { variant in
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

/// A series of three levels with a repeating wobble whose medians are exact: 100, 120, 90.
@Suite("Trend summaries on a series with two steps")
struct TrendSummaryValueTests {
    static let wobble: [Double] = [0, 1, -1, 0, 1, -1, 0, 1, -1, 0]
    static let values = wobble.map { 100 + $0 } + wobble.map { 120 + $0 } + wobble.map { 90 + $0 }

    func series() -> TrendSeries {
        var series = TrendSeries(
            scenario: "s", variant: "fast", metric: "timePerRelayout", unit: "ns",
            points: Self.values.enumerated().map {
                TrendSeries.Point(date: "d\($0.offset)", commit: "c\($0.offset)", value: $0.element)
            })
        series.changePoints = [10, 20]
        return series
    }

    @Test("E-divisive finds the two steps where they are")
    func detection() {
        #expect(ChangePoints.detect(Self.values) == [10, 20])
    }

    @Test("each change's level before and after is the median of its own segments")
    func levels() {
        let changes = Trend.changes([series()])
        #expect(changes.map(\.1) == [10, 20])
        #expect(changes.map(\.2) == [100, 120])
        #expect(changes.map(\.3) == [120, 90])
        let csv = Trend.summaryCSV([series()]).split(separator: "\n").map(String.init)
        #expect(csv.count == 3)
        #expect(csv[1] == "s,fast,timePerRelayout,ns,c10,d10,100,120,0.2")
        #expect(csv[2] == "s,fast,timePerRelayout,ns,c20,d20,120,90,-0.25")
        let markdown = Trend.summaryMarkdown([series()])
        #expect(markdown.contains("| s | fast | timePerRelayout | c10 | 100 | 120 | +20.0% | worse |"))
        #expect(markdown.contains("| s | fast | timePerRelayout | c20 | 120 | 90 | -25.0% | better |"))
    }

    /// Found by reading `trend`'s dashboard: E-divisive finds a step of any size in a
    /// series that is otherwise constant, and listed +0.0012 % in instructions as worse.
    @Test("a count moving by one instruction is below threshold, not a change point; 2 % is one")
    func minimumChange() {
        func history(_ metric: String, unit: String, _ values: [Double]) -> String {
            CSV.columns.joined(separator: ",") + "\n"
                + values.enumerated().map { index, value in
                    "2026-11-\(String(format: "%02d", index % 28 + 1))T00:00:\(String(format: "%02d", index % 60))Z,"
                        + "c\(index),false,h,s,fast,1,\(metric),value,\(formatNumber(value)),\(unit),cpu,2,swift\n"
                }.joined()
        }
        let constant = [Double](repeating: 50_000, count: 15)
        let (one, _) = Trend.read(history("instructionsPerRelayout", unit: "count", constant + constant.map { $0 + 1 }))
        #expect(
            one.count == 1 && one[0].changePoints.isEmpty && one[0].belowThreshold == [15],
            "\(one.map(\.belowThreshold))")
        let (two, _) = Trend.read(
            history("instructionsPerRelayout", unit: "count", constant + constant.map { $0 * 1.02 }))
        #expect(two[0].changePoints == [15] && two[0].belowThreshold.isEmpty)
        let (allocations, _) = Trend.read(
            history("allocationsPerRelayout", unit: "count", [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1]))
        #expect(allocations[0].changePoints == [8], "an exact count: any step")
        // Times: the step must exceed the series' own run-to-run noise (here jumps of 20 ns).
        let noisy = (0..<30).map { 1_000 + ($0 % 2 == 0 ? 10.0 : -10) + ($0 >= 15 ? 5 : 0) }
        #expect(Trend.isSignificant(before: 1_000, after: 1_005, metric: "timePerRelayout", values: noisy) == false)
        #expect(Trend.isSignificant(before: 1_000, after: 1_050, metric: "timePerRelayout", values: noisy))
        let html = Trend.html(one)
        #expect(html.contains("0 change point(s) (and 1 below their metric's threshold, not listed)"))
        #expect(html.contains("No change point in any series."))
    }

    @Test("a trend chart goes logarithmic, and says so, only past a spread of 20")
    func logarithmicTrend() {
        var item = series()
        #expect(!Trend.svg(item).contains("log scale"), "90 to 121 is linear")
        item.points[0].value = 6
        #expect(Trend.svg(item).contains("ns (log scale)"), "6 to 121 is more than 20 apart")
        item.points[0].value = 6.1
        #expect(!Trend.svg(item).contains("log scale"), "6.1 to 121 is not")
    }

    @Test("the dashboard lists the 30 newest change points of 32, and says there are 32")
    func dashboardRows() {
        // 16 series with the two steps each: 32 change points, at runs 10 and 20.
        let all = (0..<16).map { index -> TrendSeries in
            var item = series()
            item.scenario = "s\(index)"
            return item
        }
        let html = Trend.html(all)
        #expect(html.contains("16 series over 30 runs; 32 change point(s)."))
        let table = html.components(separatedBy: "<h2>Newest change points</h2>")[1]
            .components(separatedBy: "</table>")[0]
        #expect(table.components(separatedBy: "<tr class=").count - 1 == 30)
        // Two charts a row on the page: each 630 px wide.
        #expect(html.components(separatedBy: "width=\"630\" height=\"280\"").count - 1 == 16)
        // A metric that is not one of the main ones is drawn, folded away, at the same width.
        var other = series()
        other.metric = "prepareTime"
        let folded = Trend.html([other])
        #expect(folded.contains("<details><summary>more metrics: prepareTime</summary>"))
        #expect(folded.components(separatedBy: "width=\"630\" height=\"280\"").count - 1 == 1)
    }

    @Test("markdown rounds levels for people; CSV keeps every digit")
    func rounding() {
        var item = series()
        item.points = item.points.map { point in
            var point = point
            point.value = point.value * 10 + 49.6954999999998 - 1000 + 1000
            return point
        }
        let before = Trend.changes([item])[0].2
        #expect(before == 1049.6954999999998)
        let markdown = Trend.summaryMarkdown([item])
        #expect(!markdown.contains("1049.69"), "\(markdown)")
        #expect(markdown.contains("| 1,050 |"), "\(markdown)")
        #expect(Trend.summaryCSV([item]).contains(",1049.6954999999998,"))
    }
}

@Suite("The shard plan's balance")
struct ShardBalanceTests {
    static func scenarios(_ count: Int) -> [Scenario] {
        (0..<count).map { Scenario(motion: .foldCycle, tree: .balanced(depth: $0 + 1), device: "d") }
    }

    @Test("worked by hand: 3 3 2 2 2 into two parts is 7 and 5, LPT's tight case (the best is 6 and 6)")
    func tightCase() {
        let scenarios = Self.scenarios(5)
        let costs = [3.0, 3, 2, 2, 2]
        let cost = { (s: Scenario) in costs[scenarios.firstIndex(of: s)!] }
        #expect(Shard.assign(scenarios, parts: 2, cost: cost) == [0, 1, 0, 1, 0])
        #expect(Shard(index: 1, count: 2)!.select(scenarios, cost: cost) == [scenarios[0], scenarios[2], scenarios[4]])
    }

    @Test("on 300 seeded cost lists, every scenario in one part and the largest part within 4/3 - 1/(3m) of the best")
    func bound() {
        var generator = SplitMix64(seed: 23)
        for _ in 0..<300 {
            let parts = Int(generator.next() % 3) + 2
            let count = Int(generator.next() % 6) + 3
            let scenarios = Self.scenarios(count)
            let costs = (0..<count).map { _ in Double(generator.next() % 20 + 1) }
            let cost = { (s: Scenario) in costs[scenarios.firstIndex(of: s)!] }
            let assignment = Shard.assign(scenarios, parts: parts, cost: cost)
            #expect(assignment.allSatisfy { (0..<parts).contains($0) })
            let shards = (1...parts).map { Shard(index: $0, count: parts)!.select(scenarios, cost: cost) }
            #expect(
                shards.flatMap { $0 }.count == count && Set(shards.flatMap { $0 }.map(\.description)).count == count)
            var loads = [Double](repeating: 0, count: parts)
            for (index, part) in assignment.enumerated() { loads[part] += costs[index] }
            // The best split, by trying every assignment (at most 4^8).
            var best = Double.infinity
            var trial = [Int](repeating: 0, count: count)
            func search(_ index: Int, _ trialLoads: inout [Double]) {
                if trialLoads.max()! >= best { return }
                if index == count {
                    best = trialLoads.max()!
                    return
                }
                for part in 0..<parts {
                    trial[index] = part
                    trialLoads[part] += costs[index]
                    search(index + 1, &trialLoads)
                    trialLoads[part] -= costs[index]
                }
            }
            var empty = [Double](repeating: 0, count: parts)
            search(0, &empty)
            #expect(loads.max()! <= (4.0 / 3 - 1 / (3 * Double(parts))) * best + 1e-9, "\(costs) in \(parts): \(loads)")
        }
    }
}

/// main → a → b → a → c, a recursive through b, with an inlined helper in a: self and
/// inclusive costs worked by hand, for two events.
@Suite("Profile costs on a hand-built call graph")
struct ProfileCostTests {
    static let profile = Profile(
        label: nil, events: ["Ir", "Dr"], totals: [155, 31],
        samples: [
            .init(stack: ["main"], function: "main", location: nil, values: [10, 1]),
            .init(stack: ["main", "a"], function: "a", location: nil, values: [20, 2]),
            .init(stack: ["main", "a", "b"], function: "b", location: nil, values: [30, 4]),
            .init(stack: ["main", "a", "b", "a"], function: "a", location: nil, values: [40, 8]),
            .init(stack: ["main", "a", "b", "a", "c"], function: "c", location: nil, values: [50, 16]),
            .init(stack: ["main", "a", "helper [inlined]"], function: "a", location: nil, values: [5, 0]),
        ])

    @Test("self: the instructions compiled into each; inclusive: once per instruction, however deep the recursion")
    func costs() {
        let functions = Self.profile.functions()
        #expect(functions.map(\.function) == ["a", "c", "b", "main"])
        let byName = Dictionary(uniqueKeysWithValues: functions.map { ($0.function, $0) })
        #expect(byName["main"]?.selfValues == [10, 1] && byName["main"]?.inclusiveValues == [155, 31])
        #expect(byName["a"]?.selfValues == [65, 10] && byName["a"]?.inclusiveValues == [145, 30])
        #expect(byName["b"]?.selfValues == [30, 4] && byName["b"]?.inclusiveValues == [120, 28])
        #expect(byName["c"]?.selfValues == [50, 16] && byName["c"]?.inclusiveValues == [50, 16])
        #expect(byName["helper [inlined]"] == nil)
    }

    @Test("every name is simplified: those only callgrind gives and those only the symbolizer gives")
    func simplifiedNames() {
        let dump = CallgrindProfile(
            label: nil, events: ["Ir"], totals: [10],
            costs: [
                // Not symbolized (a library without line tables): the name is callgrind's alone.
                InstructionCost(object: "/lib/libc.so", context: ["memcpy", "outer"], address: 0x50, values: [7]),
                // `helper`, inlined into `outer`, is a name only the symbolizer knows.
                InstructionCost(object: "/bin/app", context: ["outer"], address: 0x10, values: [3]),
            ])
        let frames: [String: [UInt64: [SourceFrame]]] = [
            "/bin/app": [
                0x10: [
                    SourceFrame(function: "helper", file: "/src/a.swift", line: 5),
                    SourceFrame(function: "outer", file: "/src/a.swift", line: 9),
                ]
            ]
        ]
        let profile = Profile(
            dump, frames: frames, simplify: { $0.map { $0.uppercased() } }, isSource: { $0.hasPrefix("/src/") })
        #expect(profile.samples.map(\.stack) == [["OUTER", "MEMCPY"], ["OUTER", "HELPER [inlined]"]])
        #expect(profile.samples.map(\.function) == ["MEMCPY", "OUTER"])
        #expect(profile.samples.map { $0.location?.description } == [nil, "/src/a.swift:5"])
    }

    @Test("the page: each file's share of the total, each line shaded by its cost over the hottest line's")
    func pageShares() {
        func sample(_ file: String, _ line: Int, _ cost: Double) -> Profile.Sample {
            .init(stack: ["f"], function: "f", location: SourceLocation(file: file, line: line), values: [cost])
        }
        // 200 instructions: a.swift 120 (lines 1 and 2: 80 and 40), b.swift 60, 20 elsewhere.
        let profile = Profile(
            label: nil, events: ["Ir"], totals: [200],
            samples: [sample("/src/a.swift", 1, 80), sample("/src/a.swift", 2, 40), sample("/src/b.swift", 1, 60)])
        let view = ProfileText(profile: profile, relayouts: 1) { file in
            file.hasPrefix("/src/") ? ["let x = 1  \t", "\tlet y = 2\t\r"] : nil
        }
        let page = ProfileHTML.page(view, title: "t", flameGraph: nil, links: [])
        #expect(page.contains("a.swift — 60.0 % of instructions</h2>"), "120 of 200")
        #expect(page.contains("b.swift — 30.0 % of instructions</h2>"), "60 of 200")
        // Heat 0.08 + 0.6 × cost / hottest: 80 → 0.68, 40 → 0.38, 60 → 0.53.
        #expect(page.contains("<tr id=\"f0-L1\" style=\"background: rgba(255,90,0,0.68)\">"))
        #expect(page.contains("<tr id=\"f0-L2\" style=\"background: rgba(255,90,0,0.38)\">"))
        #expect(page.contains("<tr id=\"f1-L1\" style=\"background: rgba(255,90,0,0.53)\">"))
        // The costliest lines' source, spaces, tabs and a carriage return trimmed at both ends.
        #expect(page.contains("<td class=\"src\">let x = 1</td></tr>"))
        #expect(page.contains("<td class=\"src\">let y = 2</td></tr>"))
    }
}

/// Each rule of a device profile at its boundary: the last value accepted and the
/// first refused, in both orientations.
@Suite("Device profile rules at their boundaries")
struct DeviceBoundaryTests {
    static let trifold = try! String(
        contentsOf: repositoryRoot.appendingPathComponent("Sources/Workloads/Devices/galaxy-z-trifold.json"),
        encoding: .utf8)
    static let duo = try! String(
        contentsOf: repositoryRoot.appendingPathComponent("Sources/Workloads/Devices/surface-duo-2.json"),
        encoding: .utf8)

    func decodes(_ text: String, replacing old: String, with new: String) throws -> Bool {
        let changed = text.replacingOccurrences(of: old, with: new)
        #expect(changed != text, "\(old) is in the profile")
        do {
            _ = try DeviceProfile.decode(Array(changed.utf8))
            return true
        } catch {
            return false
        }
    }

    @Test(
        "a fold may touch the display's far edge, not cross it, in each orientation",
        arguments: [
            (#""rect": {"x": 860, "y": 0, "width": 0, "height": 946}"#, "x\": 1290", "x\": 1290.001"),
            (#""rect": {"x": 0, "y": 860, "width": 946, "height": 0}"#, "y\": 1290", "y\": 1290.001"),
        ])
    func foldAtEdge(_ rect: String, _ edge: String, _ beyond: String) throws {
        let key = edge.hasPrefix("x") ? "\"x\": 860" : "\"y\": 860"
        let atEdge = rect.replacingOccurrences(of: key, with: "\"" + edge)
        let past = rect.replacingOccurrences(of: key, with: "\"" + beyond)
        #expect(try decodes(Self.trifold, replacing: rect, with: atEdge))
        #expect(try !decodes(Self.trifold, replacing: rect, with: past))
    }

    @Test(
        "insets may fill the display, not exceed it, in each orientation",
        arguments: [
            // landscape, 1290 wide: leading 0 + trailing 0 → leading 1290 fills it
            (
                #""width": 1290, "height": 946, "safeArea": {"top": 24, "leading": 0,"#, #""leading": 0,"#,
                #""leading": 1290,"#, #""leading": 1290.5,"#
            ),
            // portrait, 1290 high: top 24 + bottom 16 → top 1274 fills it
            (
                #""width": 946, "height": 1290, "safeArea": {"top": 24,"#, #""top": 24,"#, #""top": 1274,"#,
                #""top": 1274.5,"#
            ),
        ])
    func insets(_ screen: String, _ current: String, _ fill: String, _ over: String) throws {
        #expect(
            try decodes(Self.trifold, replacing: screen, with: screen.replacingOccurrences(of: current, with: fill)))
        #expect(
            try !decodes(Self.trifold, replacing: screen, with: screen.replacingOccurrences(of: current, with: over)))
    }

    @Test("hinge thresholds at their boundaries")
    func thresholds() throws {
        let hinge = #"{"name": "hinge", "closedBelow": 10, "flatFrom": 165, "flatUntil": 195, "maximum": 360}"#
        func with(_ text: String) throws -> Bool { try decodes(Self.duo, replacing: hinge, with: text) }
        #expect(
            try with(#"{"name": "hinge", "closedBelow": 164.999, "flatFrom": 165, "flatUntil": 195, "maximum": 360}"#))
        #expect(try !with(#"{"name": "hinge", "closedBelow": 165, "flatFrom": 165, "flatUntil": 195, "maximum": 360}"#))
        #expect(
            try with(
                #"{"name": "hinge", "closedBelow": 10, "opensFrom": 10, "flatFrom": 165, "flatUntil": 195, "maximum": 360}"#
            ))
        #expect(
            try with(
                #"{"name": "hinge", "closedBelow": 10, "opensFrom": 164.999, "flatFrom": 165, "flatUntil": 195, "maximum": 360}"#
            ))
        #expect(
            try !with(
                #"{"name": "hinge", "closedBelow": 10, "opensFrom": 165, "flatFrom": 165, "flatUntil": 195, "maximum": 360}"#
            ))
        #expect(
            try !with(
                #"{"name": "hinge", "closedBelow": 10, "opensFrom": 9.999, "flatFrom": 165, "flatUntil": 195, "maximum": 360}"#
            ))
        #expect(try with(#"{"name": "hinge", "closedBelow": 10, "flatFrom": 165, "flatUntil": 360, "maximum": 360}"#))
        #expect(
            try !with(#"{"name": "hinge", "closedBelow": 10, "flatFrom": 165, "flatUntil": 360.001, "maximum": 360}"#))
        #expect(try with(#"{"name": "hinge", "closedBelow": 10, "flatFrom": 165, "flatUntil": 180, "maximum": 360}"#))
        #expect(
            try !with(#"{"name": "hinge", "closedBelow": 10, "flatFrom": 165, "flatUntil": 179.999, "maximum": 360}"#))
        #expect(
            try !with(#"{"name": "hinge", "closedBelow": 10, "flatFrom": 165, "flatUntil": 195, "maximum": 179.999}"#))
        // Without a folded-back mode (and no catch-all), a 360-degree hinge lacks one; a
        // 180-degree hinge cannot fold back and needs none.
        let modes = #"{"hinges": {"hinge": ["foldedBack"]}, "display": "single"},"#
        let catchAll = #"{"display": "spanned"}"#
        let spanned = #"{"hinges": {"hinge": ["halfOpen", "flat"]}, "display": "spanned"}"#
        let narrowed = Self.duo.replacingOccurrences(of: modes, with: "").replacingOccurrences(
            of: catchAll, with: spanned)
        #expect(try !decodes(narrowed, replacing: #""maximum": 360"#, with: #""maximum": 359"#))
        #expect(
            try decodes(
                narrowed, replacing: #""flatUntil": 195, "maximum": 360"#, with: #""flatUntil": 180, "maximum": 180"#))
    }
}

/// The other side of the scene rules `BadSceneTests` refuses: the boundary values
/// themselves are accepted, on both axes.
@Suite("Scene rules at their boundaries")
struct SceneBoundaryTests {
    static func scene(_ primary: String, regions: String = "") -> String {
        """
        {"context": {"bounds": {"x": 0, "y": 0, "width": 1000, "height": 700}\(regions)},
         "root": {"primary": {"id": "a"\(primary)}, "secondary": {"id": "b"}}}
        """
    }

    @Test(
        "accepted: ratios of 0 and 1, min = ideal = max, a zero size, a zero-width region",
        arguments: ["horizontal", "vertical"])
    func accepted(_ axis: String) throws {
        let size = axis == "horizontal" ? "Width" : "Height"
        for primary in [
            #", "split": {"\#(axis)": {"ratio": {"min": 0, "ideal": 0, "max": 1}}}"#,
            #", "split": {"\#(axis)": {"ratio": {"ideal": 1}}}"#,
            #", "split": {"\#(axis)": {"length": {"min": 40, "ideal": 40, "max": 40}}}"#,
            #", "min\#(size)": 40, "ideal\#(size)": 40"#, #", "min\#(size)": 0"#, #", "splitRatio": 0"#,
            #", "splitRatio": 1"#,
        ] {
            #expect(throws: Never.self, "\(primary)") { _ = try SceneDecoder.decode(Array(Self.scene(primary).utf8)) }
        }
        let region =
            axis == "horizontal"
            ? #", "reservedRegions": [{"x": 500, "y": 0, "width": 0, "height": 700}]"#
            : #", "reservedRegions": [{"x": 0, "y": 350, "width": 1000, "height": 0}]"#
        #expect(throws: Never.self) { _ = try SceneDecoder.decode(Array(Self.scene("", regions: region).utf8)) }
    }

    @Test("refused just past each boundary, naming the place", arguments: ["horizontal", "vertical"])
    func refused(_ axis: String) {
        for (primary, place) in [
            (#", "split": {"\#(axis)": {"ratio": {"ideal": 1.000001}}}"#, "root.primary.split.\(axis).ratio.ideal"),
            (#", "split": {"\#(axis)": {"ratio": {"min": -0.000001}}}"#, "root.primary.split.\(axis).ratio.min"),
            (
                #", "split": {"\#(axis)": {"length": {"min": 40.000001, "ideal": 40}}}"#,
                "root.primary.split.\(axis).length.ideal"
            ),
        ] {
            #expect("\(primary)") {
                _ = try SceneDecoder.decode(Array(Self.scene(primary).utf8))
            } throws: { error in
                "\(error)".hasPrefix(place)
            }
        }
    }
}

@Suite("What profile reads and defaults to")
struct ProfileSourceTests {
    @Test("a location's text is the line of that number, counted from 1")
    func lineText() {
        let here = #line
        let text = SourceFiles().text(at: SourceLocation(file: #filePath, line: here))
        #expect(text?.trimmingCharacters(in: .whitespaces) == "let here = #line", "\(text ?? "nil")")
        #expect(SourceFiles().text(at: SourceLocation(file: #filePath, line: 0)) == nil)
        #expect(SourceFiles().text(at: SourceLocation(file: #filePath, line: 1_000_000)) == nil)
        #expect(SourceFiles().text(at: SourceLocation(file: "relative/path.swift", line: 1)) == nil)
    }

    @Test("profile without --frames counts 120 relayouts")
    func defaultFrames() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runBinary([
            "profile", "--scenario", "drag-resize/media-player/iphone-duo", "--variant", "fast", "--out",
            directory.path,
        ])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("drag-resize/media-player/iphone-duo, fast: 120 relayouts"), "\(result.out)")
    }
}

@Suite("Small rules pinned by hand")
struct SmallRuleTests {
    @Test("JSON objects are equal only with the same keys and values in the same order")
    func jsonEquality() {
        let one: JSONValue = .object([("a", .number(1))])
        #expect(one == .object([("a", .number(1))]))
        #expect(one != .object([("a", .number(2))]))
        #expect(one != .object([("b", .number(1))]))
        #expect(one != .object([("a", .number(1)), ("b", .number(2))]))
        #expect(JSONValue.object([("a", .null), ("b", .null)]) != .object([("b", .null), ("a", .null)]))
        #expect(JSONValue.array([.number(1), .string("x")]) == .array([.number(1), .string("x")]))
        #expect(JSONValue.array([.number(1)]) != .array([.number(2)]))
        #expect(JSONValue.array([]) != .array([.null]))
    }

    @Test("the JSON parser: escapes, exponents with and without a sign, and the nesting limit at its edge")
    func jsonParser() throws {
        let text = #"{"a": "q\"b\\n\u00e9\/", "b": [1e5, 1E+2, -2.5e-3, -0, 0.5], "c": true}"#
        let value = try JSONParser.parse(text)
        #expect(value["a"] == .string("q\"b\\né/"))
        #expect(value["b"] == .array([.number(100_000), .number(100), .number(-0.0025), .number(0), .number(0.5)]))
        #expect(value["c"] == .bool(true))
        let limit = JSONParser.maximumNesting
        func nested(_ depth: Int) -> String {
            String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        }
        #expect(throws: Never.self) { try JSONParser.parse(nested(limit)) }
        #expect {
            try JSONParser.parse(nested(limit + 1))
        } throws: { error in
            "\(error)".contains("nesting deeper than \(limit) arrays and objects")
        }
    }

    @Test("a length with only a maximum below 1 pt is honoured: no minimum means 0, by every variant")
    func lengthWithoutMinimum() throws {
        let scene = try SceneDecoder.decode(
            Array(
                #"""
                {"context": {"bounds": {"x": 0, "y": 0, "width": 10, "height": 10}},
                 "root": {"style": "split", "primary": {"id": "a", "split": {"horizontal": {"length": {"max": 0.5}}}},
                          "secondary": {"id": "b"}}}
                """#.utf8))
        for entry in VariantList.all where !entry.isTestOnly {
            let panes = entry.variant.resolve(scene.tree, in: scene.context).panes
            #expect(panes.map(\.frame.width) == [0.5, 9.5], "\(entry.name)")
        }
    }

    @Test("the generator's contexts: bounds up to 1,400 pt, most on a 10-pt grid")
    func generatorBounds() throws {
        var generator = SceneGenerator(seed: 5)
        let tree = try TreeFactory.balanced(depth: 2)
        var onGrid = 0
        for _ in 0..<1_000 {
            let bounds = generator.context(for: tree).bounds
            #expect(bounds.width <= 1_400 && bounds.height <= 1_400)
            if bounds.width.truncatingRemainder(dividingBy: 10) == 0 { onGrid += 1 }
        }
        #expect(onGrid > 700)
    }

    @Test("a generated region runs across its target, centred on it along its length, overhanging ±10 pt or not")
    func generatedRegions() throws {
        var generator = SceneGenerator(seed: 11)
        let target = try Rect(x: 100, y: 50, width: 1_000, height: 700)
        var (vertical, horizontal) = (0, 0)
        for _ in 0..<500 {
            let region = generator.region(through: target)
            if region.width <= 40 && region.height >= 680 {
                vertical += 1
                #expect(region.midY == target.midY, "\(region)")
                #expect([-20, 0, 20].contains(region.height - target.height), "\(region)")
                #expect(region.midX >= target.minX - 0.2 * 1_000 && region.midX <= target.minX + 1.2 * 1_000)
            } else {
                horizontal += 1
                #expect(region.midX == target.midX, "\(region)")
                #expect([-20, 0, 20].contains(region.width - target.width), "\(region)")
                #expect(region.height <= 40)
            }
        }
        #expect(vertical > 150 && horizontal > 150)
    }

    @Test("chain-dN: every third level an overlay, minimum widths 0, 2, 4, 6, 8 in turn")
    func chainShape() throws {
        var arrangement: Arrangement? = try TreeFactory.chain(depth: 7).root
        var (overlays, widths): ([Int], [Double]) = ([], [])
        var level = 1
        while let current = arrangement {
            if case .overlay = current.style { overlays.append(level) }
            widths.append(current.primary.minWidth)
            if case .arrangement(let next) = current.secondary.content { arrangement = next } else { arrangement = nil }
            level += 1
        }
        #expect(overlays == [3, 6] && widths == [2, 4, 6, 8, 0, 2, 0], "\(overlays) \(widths)")
    }

    @Test("the spring heads for the hinges' mean angle over 165°; a trace has at most 4 angle columns")
    func springAndHinges() throws {
        let trifold = try DeviceProfile.shipped("galaxy-z-trifold")
        var tracker = Timeline.HingeTracker(device: trifold)
        _ = tracker.advance([90, 150])
        #expect(abs(tracker.springTarget - 120.0 / 165) < 1e-12)
        _ = tracker.advance([180, 180])
        #expect(tracker.springTarget == 1)
        func header(_ hinges: Int) -> String {
            "time," + (1...hinges).map { "angle\($0)" }.joined(separator: ",") + ",orientation\n0,"
                + Array(repeating: "90", count: hinges).joined(separator: ",") + ",landscape\n"
        }
        #expect(try MotionTrace.decode(Array(header(4).utf8), name: "t").samples.count == 1)
        #expect {
            try MotionTrace.decode(Array(header(5).utf8), name: "t")
        } throws: { error in "\(error)".contains("at most 4 hinge angles") }
    }

    @Test("the full suite: every modelled motion × these trees × every shipped device")
    func fullSuite() {
        let trees = Set(Suite.full.scenarios.map(\.tree.description))
        #expect(
            trees
                == Set(
                    [
                        "balanced-d1", "balanced-d4", "balanced-d8", "balanced-d12", "chain-d32", "chain-d256",
                        "random-n100",
                        "random-n1000",
                    ] + TreeSpec.shippedScenes))
        #expect(Suite.full.scenarios.count == trees.count * Motion.allCases.count * DeviceProfile.shippedNames.count)
    }

    @Test("generated trees reach their depth limit and never pass it")
    func generatedDepths() throws {
        var generator = SceneGenerator(seed: 12)
        var deepest = 0
        for _ in 0..<200 {
            let tree = try generator.tree(arrangements: 40, maximumDepth: 4)
            #expect(tree.depth <= 4 && tree.arrangementCount <= 15)
            deepest = max(deepest, tree.depth)
        }
        #expect(deepest == 4)
    }

    @Test("generated contexts: about one in ten has a zero width, one in ten a zero height")
    func zeroSizes() throws {
        var generator = SceneGenerator(seed: 13)
        let tree = try TreeFactory.balanced(depth: 2)
        let contexts = (0..<2_000).map { _ in generator.context(for: tree) }
        let (widths, heights) = (contexts.filter { $0.bounds.width == 0 }, contexts.filter { $0.bounds.height == 0 })
        #expect(
            (120...300).contains(widths.count) && (120...300).contains(heights.count),
            "\(widths.count) \(heights.count)")
    }

    @Test("a walk goes back as far as 9 frames; a region grows and shrinks by 2 pt")
    func walkSteps() throws {
        var generator = SceneGenerator(seed: 14)
        let tree = try TreeFactory.balanced(depth: 2)
        var (returns, grown) = (0, 0)
        for _ in 0..<60 {
            let walk = generator.walk(for: tree, steps: 100)
            // The longest way back is 8 steps before the frame before: 9 frames back, and
            // none of the 8 between is that context.
            for i in 9..<walk.count where walk[i] == walk[i - 9] && !walk[(i - 8)..<i].contains(walk[i]) {
                returns += 1
            }
            for (a, b) in zip(walk, walk.dropFirst())
            where a.bounds == b.bounds && a.sizeClass == b.sizeClass && a.layoutDirection == b.layoutDirection
                && a.reservedRegions.count == b.reservedRegions.count
            {
                let changed = zip(a.reservedRegions, b.reservedRegions).filter { $0 != $1 }
                guard changed.count == 1, let (old, new) = changed.first else { continue }
                let vertical = old.height >= old.width
                // The same region moved or resized across its length (not another one back in its place).
                let sameRun =
                    vertical
                    ? (old.minY == new.minY && old.height == new.height)
                    : (old.minX == new.minX && old.width == new.width)
                let (before, after) = vertical ? (old.width, new.width) : (old.height, new.height)
                guard sameRun, before == before.rounded(), after == after.rounded(), before != after else { continue }
                // Moves of ±2 pt in any number, from whole widths and never below 0: an even change.
                #expect(Int(after - before) % 2 == 0, "\(old) → \(new)")
                grown += 1
            }
        }
        #expect(returns > 3 && grown > 20, "\(returns) returns 9 frames back, \(grown) regions resized")
    }

    @Test("resize-back's drags, worked by hand at 120 Hz: 90 % of the width a quarter of the way into each")
    func resizeBack() {
        // 0.2 s held, dragged to 0.8 in 0.05 s, held 0.1 s, dragged back in 0.05 s.
        for (frame, fraction) in [(0, 1.0), (27, 0.9), (33, 0.8), (45, 0.9), (48, 1.0), (60, 1.0), (87, 0.9)] {
            let state = Motion.resizeBack.state(atFrame: frame, refreshRate: 120)
            #expect(abs(state.widthFraction - fraction) < 1e-12, "frame \(frame): \(state.widthFraction)")
        }
    }

    @Test("a walk's rotations swap the sides and the size classes together")
    func walkRotations() throws {
        var generator = SceneGenerator(seed: 9)
        let tree = try TreeFactory.balanced(depth: 2)
        let walk = generator.walk(for: tree, steps: 3_000)
        // Sides swapped with different size classes on the two axes: a rotation (a return
        // to an earlier context can swap the sides too, with that context's classes).
        var rotations = 0
        var swapped = 0
        for (before, after) in zip(walk, walk.dropFirst())
        where before.bounds.width != before.bounds.height && after.bounds.width == before.bounds.height
            && after.bounds.height == before.bounds.width && before.sizeClass.horizontal != before.sizeClass.vertical
        {
            rotations += 1
            if after.sizeClass.horizontal == before.sizeClass.vertical
                && after.sizeClass.vertical == before.sizeClass.horizontal
            {
                swapped += 1
            }
        }
        #expect(rotations > 30)
        #expect(Double(swapped) >= 0.8 * Double(rotations), "\(swapped) of \(rotations)")
    }
}

@Suite("E-divisive's statistic against the definition")
struct EnergyStatisticTests {
    /// q(s) = s(n − s)/n · (2·mean|x − y| − mean|x − x'| − mean|y − y'|), pairs within a
    /// side taken once: Matteson and James's statistic, computed from its definition.
    static func bruteForce(_ values: [Double], minimumSegment: Int) -> (Int, Double) {
        let n = values.count
        var best: (Int, Double) = (0, -.infinity)
        for split in minimumSegment...(n - minimumSegment) {
            let left = Array(values[..<split])
            let right = Array(values[split...])
            func meanWithin(_ side: [Double]) -> Double {
                guard side.count > 1 else { return 0 }
                var sum = 0.0
                for i in side.indices { for j in side.indices where j > i { sum += abs(side[i] - side[j]) } }
                return sum / Double(side.count * (side.count - 1) / 2)
            }
            var between = 0.0
            for x in left { for y in right { between += abs(x - y) } }
            between /= Double(left.count * right.count)
            let q = Double(left.count * right.count) / Double(n) * (2 * between - meanWithin(left) - meanWithin(right))
            if q > best.1 { best = (split, q) }
        }
        return best
    }

    @Test("the fast split statistic equals the definition's on seeded series", arguments: [3, 17, 101])
    func statistic(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        for length in [6, 11, 40] {
            let values = (0..<length).map { index in
                Double(generator.next() % 1000) / 10 + (index >= length / 2 ? 30 : 0)
            }
            let (split, q) = try #require(ChangePoints.bestSplit(values, minimumSegment: 3))
            let (expectedSplit, expectedQ) = Self.bruteForce(values, minimumSegment: 3)
            #expect(split == expectedSplit, "\(values)")
            #expect(abs(q - expectedQ) <= 1e-9 * max(1, abs(expectedQ)), "\(q) against \(expectedQ)")
        }
    }
}
