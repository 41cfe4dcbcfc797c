import Foundation
import Measurement
import Reports
import SceneGenerator
import Support
import Testing
import Workloads

@Suite("Regression gate", .serialized)
struct GateTests {
    static let scenario = "fold-cycle/balanced-d4/iphone-duo"

    /// One run with instructions counted, for fast, fast-slowed and the reference.
    func countedRun(in directory: URL) throws -> String {
        let result = try runBinary([
            "run", "--scenario", Self.scenario, "--variant", "reference", "--variant", "fast", "--variant",
            "fast-slowed",
            "--frames", "24", "--time-per-scenario", "0", "--instructions", "--out", directory.path,
        ])
        #expect(result.status == 0, "\(result.err)")
        return directory.appendingPathComponent("latest.json").path
    }

    func instructions(_ path: String, metric: Metric = .instructionsPerRelayout) throws -> [String: Double] {
        let summary = try Report.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        return Dictionary(
            uniqueKeysWithValues: summary.results.map { ($0.variant, $0.metrics[metric] ?? -1) })
    }

    @Test(
        "two runs of the same binary count the same instructions; the gate flags fast-slowed, never fast against itself"
    )
    func instructionsAreExactAndGated() throws {
        let first = try temporaryDirectory()
        let second = try temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(at: first)
            try? FileManager.default.removeItem(at: second)
        }
        let a = try countedRun(in: first)
        let b = try countedRun(in: second)
        let countsA = try instructions(a)
        let countsB = try instructions(b)
        #expect(countsA == countsB)
        #expect(countsA["fast"]! > 0 && countsA["fast-slowed"]! > countsA["fast"]!)
        // The cache simulation has fixed sizes: its estimate repeats exactly too, and
        // every instruction costs at least a cycle.
        let cyclesA = try instructions(a, metric: .estimatedCyclesPerRelayout)
        #expect(cyclesA == (try instructions(b, metric: .estimatedCyclesPerRelayout)))
        #expect(cyclesA.allSatisfy { $0.value > countsA[$0.key]! })

        // fast against itself, across the two runs: never flagged.
        let same = runFoldBench(["compare", a, b, "--gate", "allocations,instructions"])
        #expect(same.status == 0, "\(same.out)")
        // fast-slowed against fast: an instruction regression.
        let slowed = runFoldBench(["compare", a, b, "--pair", "fast=fast-slowed", "--gate", "instructions"])
        #expect(slowed.status == 1)
        #expect(slowed.out.contains("fast -> fast-slowed"))
        #expect(
            slowed.out.split(separator: "\n").contains {
                $0.contains("instructionsPerRelayout") && $0.hasSuffix("regression")
            })
    }

    @Test("run --instructions without valgrind exits 2 with a clear message, writing nothing")
    func missingValgrind() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runBinary(
            [
                "run", "--scenario", Self.scenario, "--frames", "2", "--time-per-scenario", "0", "--instructions",
                "--out", directory.path,
            ], environment: ["PATH": "/nonexistent"])
        #expect(result.status == 2)
        #expect(result.err.contains("valgrind is not installed"), "\(result.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}

@Suite("baseline", .serialized)
struct BaselineTests {
    @Test("baseline update --path writes a counted quick-suite report there and nowhere else")
    func updateToPath() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let committed = repositoryRoot.appendingPathComponent("Results/baseline.json")
        let before = try Data(contentsOf: committed)
        let path = directory.appendingPathComponent("nested/baseline.json").path
        let result = try runBinary(["baseline", "update", "--path", path, "--time-per-scenario", "0"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err.contains("wrote the baseline \(path)"))
        let summary = try Report.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        let quick = Workloads.Suite.quick.scenarios.map(\.description)
        #expect(Set(summary.results.map(\.scenario)) == Set(quick))
        #expect(summary.results.allSatisfy { ($0.metrics[.instructionsPerRelayout] ?? 0) > 0 })
        #expect(try Data(contentsOf: committed) == before, "the committed baseline is untouched")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["nested"])

        let wrong = try runBinary(["baseline", "refresh", "--path", path])
        #expect(wrong.status == 2)
        #expect(wrong.err.contains("the only baseline action is 'update', not 'refresh'"))
    }
}

@Suite("compare")
struct CompareTests {
    /// A minimal report with one fast result.
    func report(
        instructions: Double, allocations: Double, samples: [Double], variant: String = "fast", schema: Int = 1,
        ratio: (Double, Double, Double)? = nil, bytes: Double = 0
    ) -> String {
        """
        {"schemaVersion": \(schema), "environment": {"commit": "x"}, "results": [
        \(resultJSON(
                variant: variant, instructions: instructions, allocations: allocations, samples: samples, ratio: ratio,
                bytes: bytes))]}
        """
    }

    /// One result object of a minimal report.
    func resultJSON(
        variant: String, instructions: Double = 1, allocations: Double = 0, samples: [Double] = [1000, 1001, 1002],
        ratio: (Double, Double, Double)? = nil, bytes: Double = 0
    ) -> String {
        let ratioJSON =
            ratio.map {
                ", \"ratioToReference\": {\"unit\": \"ratio\", \"p50\": \($0.0), \"ci95\": [\($0.1), \($0.2)]}"
            }
            ?? ""
        return """
              {"scenario": "fold-cycle/balanced-d8/iphone-duo", "variant": "\(variant)", "arrangements": 255, "frames": 600,
               "samples": \(samples.count),
               "metrics": {"timePerRelayout": {"unit": "ns", "p50": \(Statistics.median(samples))},
                           "allocationsPerRelayout": {"unit": "count", "value": \(allocations)},
                           "bytesAllocatedPerRelayout": {"unit": "bytes", "value": \(bytes)},
                           "instructionsPerRelayout": {"unit": "count", "value": \(instructions)}\(ratioJSON)},
               "timeSamples": [\(samples.map { String($0) }.joined(separator: ", "))]}
            """
    }

    func compare(_ baseline: String, _ new: String, _ extra: [String] = []) throws -> (
        status: Int32, out: String, err: String
    ) {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let a = try writeFile(baseline, named: "a.json", in: directory)
        let b = try writeFile(new, named: "b.json", in: directory)
        return runFoldBench(["compare", a, b] + extra)
    }

    let steady = (0..<30).map { 1000 + Double($0 % 5) }

    @Test("identical reports: exit 0, every verdict unchanged")
    func unchanged() throws {
        let text = report(instructions: 50_000, allocations: 0, samples: steady)
        let result = try compare(text, text)
        #expect(result.status == 0)
        #expect(!result.out.contains("regression"))
    }

    @Test("any allocation increase is a regression (exit 1)")
    func allocationRegression() throws {
        let result = try compare(
            report(instructions: 50_000, allocations: 0, samples: steady),
            report(instructions: 50_000, allocations: 0.01, samples: steady))
        #expect(result.status == 1)
        #expect(result.out.contains("allocationsPerRelayout"))
    }

    @Test("instructions: beyond 1 % is a regression, within it is not; the flag moves the threshold")
    func instructionThreshold() throws {
        let base = report(instructions: 50_000, allocations: 0, samples: steady)
        #expect(try compare(base, report(instructions: 50_600, allocations: 0, samples: steady)).status == 1)
        #expect(try compare(base, report(instructions: 50_400, allocations: 0, samples: steady)).status == 0)
        #expect(
            try compare(
                base, report(instructions: 50_600, allocations: 0, samples: steady), ["--instruction-threshold", "2"]
            ).status == 0)
        #expect(
            try compare(
                base, report(instructions: 50_600, allocations: 0, samples: steady), ["--instruction-threshold", "1.1"]
            ).status == 1)
    }

    @Test("markdown and json formats")
    func formats() throws {
        let text = report(instructions: 50_000, allocations: 0, samples: steady)
        let markdown = try compare(text, text, ["--format", "markdown"])
        // Three judged metrics; the time row is shown but not counted.
        #expect(markdown.out.hasPrefix("**No regression** in 3 comparisons."))
        #expect(markdown.out.contains("| scenario | variant | metric |"))
        let json = try compare(text, text, ["--format", "json"])
        let document = try JSONParser.parse(json.out)
        #expect(document["regression"] == .bool(false))
    }

    /// The verdict `compare` printed for one metric, from its table.
    func verdict(_ output: String, _ metric: String) -> String? {
        output.split(separator: "\n").first { $0.contains(" \(metric) ") }.map { line in
            ["regression (not gated)", "unchanged (noise)", "regression", "improved", "unchanged"].first {
                line.hasSuffix($0)
            } ?? "?"
        }
    }

    @Test("times and the ratio to the reference are informational: shown with their change, never judged or gated")
    func timesInformational() throws {
        let base = report(instructions: 1, allocations: 0, samples: steady, ratio: (0.10, 0.098, 0.102))
        let slower = report(
            instructions: 1, allocations: 0, samples: steady.map { $0 * 1.5 }, ratio: (0.2, 0.19, 0.21))
        let result = try compare(base, slower)
        #expect(result.status == 0, "a 50 % slower time fails nothing")
        for metric in ["timePerRelayout", "ratioToReference"] {
            let line = try #require(result.out.split(separator: "\n").first { $0.contains(" \(metric) ") })
            #expect(line.hasSuffix("informational"), "\(line)")
            #expect(line.contains("+50.00%") || line.contains("+100.00%"), "\(line)")
        }
        #expect(!result.out.contains(" p "), "no p-value column")
        #expect(try compare(base, slower, ["--time-threshold", "5"]).status == 2, "the option is gone")
    }

    @Test("a regression in a metric not gated is printed as such and exits 0")
    func notGated() throws {
        let result = try compare(
            report(instructions: 50_000, allocations: 0, samples: steady),
            report(instructions: 60_000, allocations: 0, samples: steady), ["--gate", "allocations"])
        #expect(result.status == 0)
        #expect(verdict(result.out, "instructionsPerRelayout") == "regression (not gated)")
    }

    @Test("bytes: any increase is a regression; a decrease is an improvement")
    func bytesRegression() throws {
        let none = report(instructions: 1, allocations: 0, samples: steady)
        let some = report(instructions: 1, allocations: 0, samples: steady, bytes: 16)
        let worse = try compare(none, some, ["--gate", "bytes"])
        #expect(worse.status == 1 && verdict(worse.out, "bytesAllocatedPerRelayout") == "regression")
        let better = try compare(some, none, ["--gate", "bytes"])
        #expect(better.status == 0 && verdict(better.out, "bytesAllocatedPerRelayout") == "improved")
    }

    @Test("a zero baseline: the change is n/a, any instruction growth is a regression")
    func zeroBaseline() throws {
        let result = try compare(
            report(instructions: 0, allocations: 0, samples: steady),
            report(instructions: 5, allocations: 0, samples: steady), ["--gate", "instructions"])
        #expect(result.status == 1)
        let line = try #require(result.out.split(separator: "\n").first { $0.contains("instructionsPerRelayout") })
        #expect(line.contains(" n/a "))
        #expect(verdict(result.out, "instructionsPerRelayout") == "regression")
        let same = try compare(
            report(instructions: 0, allocations: 0, samples: steady),
            report(instructions: 0, allocations: 0, samples: steady), ["--gate", "instructions"])
        #expect(same.status == 0 && verdict(same.out, "instructionsPerRelayout") == "unchanged")
    }

    @Test("--gate names every metric it judges; an unknown name, or a time, exits 2 listing them")
    func gateNames() throws {
        let text = report(instructions: 1, allocations: 0, samples: steady)
        for name in ["speed", "time", "ratio"] {
            let unknown = try compare(text, text, ["--gate", "instructions,\(name)"])
            #expect(unknown.status == 2)
            #expect(
                unknown.err.contains("--gate takes allocations, bytes, instructions, cycles; not '\(name)'"),
                "\(unknown.err)")
        }
        #expect(
            runFoldBench(["compare", "--help"]).out.contains("allocations, bytes, instructions, cycles (default all)"))
        #expect(try compare(text, text, ["--gate", "bytes"]).status == 0)
    }

    @Test("a malformed --pair exits 2", arguments: ["fast", "=fast", "fast=", "a=b=c"])
    func malformedPair(_ pair: String) throws {
        let text = report(instructions: 1, allocations: 0, samples: steady)
        let result = try compare(text, text, ["--pair", pair])
        #expect(result.status == 2)
        #expect(result.err.contains("--pair takes OLD=NEW, not '\(pair)'"), "\(result.err)")
    }

    @Test("json output carries every row, its verdict and whether it gates")
    func jsonRows() throws {
        let result = try compare(
            report(instructions: 50_000, allocations: 0, samples: steady),
            report(instructions: 60_000, allocations: 0, samples: steady),
            ["--format", "json", "--gate", "instructions"])
        #expect(result.status == 1)
        let document = try JSONParser.parse(result.out)
        #expect(document["regression"] == .bool(true))
        guard case .array(let rows) = document["rows"] ?? .null else {
            Issue.record("no rows")
            return
        }
        #expect(rows.count == 4)
        let row = try #require(rows.first { $0["metric"] == .string("instructionsPerRelayout") })
        #expect(row["baseline"] == .number(50_000) && row["new"] == .number(60_000))
        #expect(row["change"] == .number(0.2))
        #expect(row["verdict"] == .string("regression") && row["gated"] == .bool(true))
        let time = rows.first { $0["metric"] == .string("timePerRelayout") }
        #expect(time?["gated"] == .bool(false) && time?["verdict"] == .string("informational"))
    }

    @Test("a scenario x variant only one side has is listed as new or missing and never fails")
    func newAndMissing() throws {
        let fast = report(instructions: 50_000, allocations: 0, samples: steady)
        let both = fast.replacingOccurrences(
            of: "\"results\": [\n", with: "\"results\": [\n" + resultJSON(variant: "fast-preorder") + ",\n")
        #expect(both != fast)
        let added = try compare(fast, both)
        #expect(added.status == 0, "\(added.err)")
        let newRow = try #require(added.out.split(separator: "\n").first { $0.contains("fast-preorder") })
        #expect(newRow.hasSuffix("new"))
        let removed = try compare(both, fast, ["--format", "json"])
        #expect(removed.status == 0)
        guard case .array(let rows) = try JSONParser.parse(removed.out)["rows"] ?? .null else {
            Issue.record("no rows")
            return
        }
        let missing = try #require(rows.first { $0["variant"] == .string("fast-preorder") })
        #expect(
            missing["verdict"] == .string("missing") && missing["metric"] == .null && missing["gated"] == .bool(false))
        // With --pair, only the pairs are compared.
        let paired = try compare(both, both, ["--pair", "fast=fast-preorder"])
        #expect(paired.status == 0)
        #expect(!paired.out.split(separator: "\n").contains { $0.hasSuffix("missing") || $0.hasSuffix("new") })
        #expect(paired.out.contains("fast -> fast-preorder"))
    }

    @Test("a non-finite metric is written as null and refused on reading, naming the place")
    func nonFiniteMetric() throws {
        var report = RunnerTests.syntheticReport()
        report.results[0].framesOverBudget = .nan
        let text = JSONWriter.writePretty(report.json())
        #expect(text.contains("\"value\": null"))
        #expect(throws: InputError.self) { try Report.decode(Array(text.utf8)) }
        let good = self.report(instructions: 1, allocations: 0, samples: steady)
        let result = try compare(good, text)
        #expect(result.status == 2)
        #expect(result.err.contains("b.json: results[0].metrics.framesOverBudget"), "\(result.err)")
    }

    @Test("a negative time sample or metric is refused, naming the place")
    func negativeValues() throws {
        let good = self.report(instructions: 1, allocations: 0, samples: steady)
        var report = RunnerTests.syntheticReport()
        report.results[0].samples[2] = -120
        let negativeSample = try compare(good, JSONWriter.writePretty(report.json()))
        #expect(negativeSample.status == 2)
        #expect(
            negativeSample.err.contains("b.json: results[0].timeSamples[2]: a time cannot be negative"),
            "\(negativeSample.err)")
        report = RunnerTests.syntheticReport()
        report.results[0].instructionsPerRelayout = -5
        let negativeCount = try compare(good, JSONWriter.writePretty(report.json()))
        #expect(negativeCount.status == 2)
        #expect(
            negativeCount.err.contains("b.json: results[0].metrics.instructionsPerRelayout.value: -5 is negative"),
            "\(negativeCount.err)")
    }

    /// Found by the report fuzzer (scripts/fuzz.sh report): a metric of 1e20 trapped
    /// in the page's digit grouping, and counts beyond Int in the merge reader.
    @Test("huge numbers in a report: drawn and compared, or refused by place in a merge; never a trap")
    func hugeValues() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var report = RunnerTests.syntheticReport()
        report.results[0].instructionsPerRelayout = 1e20
        report.results[0].allocationsPerRelayout = 1e300
        let huge = try writeFile(JSONWriter.writePretty(report.json()), named: "huge.json", in: directory)
        let page = runFoldBench(["report", huge, "--out", directory.appendingPathComponent("page").path])
        #expect(page.status == 0, "\(page.err)")
        #expect(page.err.contains("wrote \(directory.appendingPathComponent("page").path)/index.html\n"), "says where")
        let html = try String(contentsOfFile: directory.appendingPathComponent("page/index.html").path, encoding: .utf8)
        #expect(html.contains("1e+20"))
        #expect(runFoldBench(["compare", huge, huge]).status == 0)
        let text = JSONWriter.writePretty(RunnerTests.syntheticReport().json())
        let frames = try writeFile(
            text.replacingOccurrences(of: "\"frames\": 600", with: "\"frames\": 1e300"), named: "frames.json",
            in: directory)
        let merge = runFoldBench(["merge", frames, "--out", directory.appendingPathComponent("merged").path])
        #expect(merge.status == 2)
        #expect(merge.err.contains("frames.json: options.frames: 1e+300 is not a count of frames"), "\(merge.err)")
    }

    /// Found by the report fuzzer: a report giving one scenario × variant twice was
    /// compared entry by entry with the first of the pair, so it regressed against itself.
    @Test("a report giving a scenario × variant twice is refused, naming both places")
    func duplicateEntries() throws {
        var report = RunnerTests.syntheticReport()
        var second = report.results[0]
        second.bytesAllocatedPerRelayout = 5
        report.results.append(second)
        let text = JSONWriter.writePretty(report.json())
        let result = try compare(text, text)
        #expect(result.status == 2)
        #expect(
            result.err.contains(
                "a.json: results[1]: fold-cycle/balanced-d8/iphone-duo × fast is given twice (first at results[0])"),
            "\(result.err)")
    }

    @Test("bad input exits 2: unreadable, malformed, wrong schema, nothing in common")
    func badInput() throws {
        let good = report(instructions: 1, allocations: 0, samples: steady)
        let missing = runFoldBench(["compare", "/nonexistent/a.json", "/nonexistent/b.json"])
        #expect(missing.status == 2 && missing.err.contains("/nonexistent/a.json: cannot read"))
        let malformed = try compare(good, "{\"schemaVersion\": 1,")
        #expect(malformed.status == 2 && malformed.err.contains("b.json: line 1, column 21: malformed JSON"))
        let schema = try compare(good, report(instructions: 1, allocations: 0, samples: steady, schema: 2))
        #expect(schema.status == 2 && schema.err.contains("b.json: schemaVersion: unsupported schema version 2"))
        let disjoint = try compare(good, report(instructions: 1, allocations: 0, samples: steady, variant: "other"))
        #expect(disjoint.status == 2 && disjoint.err.contains("no scenario x variant x metric in common"))
        #expect(try compare(good, good, ["--format", "yaml"]).status == 2)
        let huge = try compare(
            good, good.replacingOccurrences(of: "\"arrangements\": 255", with: "\"arrangements\": 1e300"))
        #expect(huge.status == 2 && huge.err.contains("results[0].arrangements: 1e+300 is not a count of arrangements"))
    }
}

@Suite("trend")
struct TrendTests {
    static let header = CSV.line(CSV.columns)

    static func history(_ values: [Double], metric: String = "instructionsPerRelayout") -> String {
        header
            + values.enumerated().map { index, value in
                CSV.line([
                    "2026-11-\(10 + index % 18)T00:00:00Z", "c\(index)", "false", "host",
                    "fold-cycle/balanced-d8/iphone-duo", "fast", "255", metric, "value", String(value), "count",
                    "AMD EPYC", "2", "Swift version 6.3.1",
                ])
            }.joined()
    }

    @Test("a step in the series is found where it happens; a flat noisy series has none")
    func changePoints() {
        var generator = SplitMix64(seed: 3)
        let noise = (0..<40).map { _ in Double.random(in: -5...5, using: &generator) }
        let step = noise.enumerated().map { 1000 + $1 + ($0 >= 25 ? 60 : 0) }
        #expect(ChangePoints.detect(step) == [25])
        #expect(ChangePoints.detect(noise.map { 1000 + $0 }).isEmpty)
        let twoSteps = noise.enumerated().map { 1000 + $1 + ($0 >= 12 ? 80 : 0) + ($0 >= 30 ? -150 : 0) }
        #expect(ChangePoints.detect(twoSteps) == [12, 30])
    }

    @Test("trend writes a chart per series, an index and summaries; bad rows are reported by line and skipped")
    func command() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var text = Self.history((0..<20).map { $0 < 10 ? 50_000 : 55_000 })
        text += "2026-11-30T00:00:00Z,c99,false,host,fold-cycle/bal\n"  // a row cut short by a crash
        text += "2026-11-30T00:00:00Z,c98,false,host,s,fast,1,timePerRelayout,p50,fast!,ns,AMD EPYC,2,Swift\n"
        let path = try writeFile(text, named: "history.csv", in: directory)
        let out = directory.appendingPathComponent("trend").path
        let result = runFoldBench(["trend", path, "--out", out])
        #expect(result.status == 0)
        #expect(result.err.contains("\(path): line 22: 5 fields, expected 14 (truncated?) (skipped)"))
        #expect(result.err.contains("\(path): line 23: value 'fast!' is not a number (skipped)"))
        #expect(
            result.out.contains(
                "| fold-cycle/balanced-d8/iphone-duo | fast | instructionsPerRelayout | c10 | 50,000 | 55,000 | +10.0% | worse |"
            )
        )
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(
            files == [
                "index.html", "instructionsPerRelayout--fold-cycle_balanced-d8_iphone-duo--fast--AMD_EPYC.svg",
                "summary.csv",
                "summary.json", "summary.md",
            ])
        let svg = try String(contentsOfFile: "\(out)/\(files[1])", encoding: .utf8)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("<polyline") && svg.contains("change at c10"))
        // The dashboard shows the chart itself, with the change point's commit and the step.
        let index = try String(contentsOfFile: "\(out)/index.html", encoding: .utf8)
        #expect(index.contains("class=\"chart\" data-marks=\"20\""))
        #expect(index.components(separatedBy: "class=\"chart\"").count - 1 == 1, "one chart for the one series")
        #expect(index.contains("fast: change at c10") && index.contains(">fast +10.0 %</text>"))
        #expect(index.contains("<td>c10</td>") && index.contains("worse"))
    }

    @Test("a history's interval rows join their run's point; other statistics are not series")
    func historyIntervals() {
        let header = CSV.line(CSV.columns)
        func row(_ commit: String, _ metric: String, _ statistic: String, _ value: String) -> String {
            CSV.line([
                "2026-11-30T00:00:0\(commit.suffix(1))Z", commit, "false", "h", "s", "fast", "1", metric, statistic,
                value, "ns", "AMD EPYC", "2", "Swift version 6.3.1",
            ])
        }
        let text =
            header + row("c1", "timePerRelayout", "p50", "100") + row("c1", "timePerRelayout", "ci95Lower", "95")
            + row("c1", "timePerRelayout", "ci95Upper", "108") + row("c1", "timePerRelayout", "p90", "130")
            + row("c2", "timePerRelayout", "p50", "101") + row("c3", "timePerRelayout", "ci95Upper", "120")
            // The same commit run again a second later: its bound is not the first run's.
            + row("c2", "timePerRelayout", "ci95Upper", "130").replacingOccurrences(of: ":02Z", with: ":09Z")
        let (series, problems) = Trend.read(text)
        #expect(problems.isEmpty)
        #expect(series.count == 1)
        let points = series[0].points
        #expect(points.map(\.value) == [100, 101])
        #expect(points[0].interval.map { [$0.lower, $0.upper] } == [95, 108])
        #expect(points[1].interval == nil, "a bound of another run does not attach to this one")
    }

    @Test("a change is worse or better by the metric's polarity")
    func direction() {
        #expect(Trend.direction("timePerRelayout", 100, 120) == "worse")
        #expect(Trend.direction("instructionsPerRelayout", 120, 100) == "better")
        #expect(Trend.direction("relayoutsPerSecond", 100, 120) == "better")
        #expect(Trend.direction("relayoutsPerSecond", 120, 100) == "worse")
        #expect(Trend.direction("timePerRelayout", 100, 100) == "")
        #expect(Trend.direction("somethingNew", 100, 120) == "")
    }

    @Test("a missing history or a wrong header exits 2")
    func badHistory() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(runFoldBench(["trend", directory.appendingPathComponent("none.csv").path]).status == 2)
        let path = try writeFile("a,b\n1,2\n", named: "h.csv", in: directory)
        let result = runFoldBench(["trend", path, "--out", directory.path])
        #expect(result.status == 2)
        #expect(result.err.contains("line 1: the header is not date,commit"))
    }
}
