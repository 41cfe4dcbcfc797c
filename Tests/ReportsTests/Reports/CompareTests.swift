import Foundation
import Measurement
import Reports
import SceneGenerator
import Support
import TestSupport
import Testing
import Workloads

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

    /// Two reports of several pairs, one of which regressed on instructions and one on
    /// allocations; `pr-report`'s status and its text with `extra`.
    func pullRequestReport(_ extra: [String], command: String = "pr-report") throws -> (
        status: Int32, out: String, err: String
    ) {
        func report(_ results: [String]) -> String {
            "{\"schemaVersion\": 1, \"environment\": {\"commit\": \"x\"}, \"results\": [\(results.joined(separator: ","))]}"
        }
        let base = report([
            resultJSON(variant: "fast", instructions: 1000), resultJSON(variant: "incremental", instructions: 400),
            resultJSON(variant: "reference", instructions: 50_000),
        ])
        let new = report([
            resultJSON(variant: "fast", instructions: 1000), resultJSON(variant: "incremental", instructions: 440),
            resultJSON(variant: "reference", instructions: 50_000, allocations: 2),
        ])
        let directory = try temporaryDirectory()
        let a = try writeFile(base, named: "a.json", in: directory)
        let b = try writeFile(new, named: "b.json", in: directory)
        return runFoldBench(
            command == "pr-report" ? ["pr-report", b, "--baseline", a] + extra : ["compare", a, b] + extra)
    }

    @Test(
        "pr-report opens with the gate's verdict (the gate's count), the worst change and a pointer, lists each moved pair once, and exits as the gate"
    )
    func pullRequestReportFirstLines() throws {
        let gated = try pullRequestReport(["--gate", "instructions"])
        #expect(gated.status == 1)
        let lines = gated.out.split(separator: "\n", omittingEmptySubsequences: false).prefix(10).joined(
            separator: "\n")
        // The allocation regression is not gated here: the count is the gate's, 1.
        #expect(lines.hasPrefix("## FoldBench: ❌ 1 regression (instructions 1) in 3 gated comparisons"), "\(lines)")
        #expect(
            lines.contains(
                "**Worst change: fold-cycle/balanced-d8/iphone-duo × incremental, instructions +10.0 % (400 → 440).**"),
            "\(lines)")
        #expect(lines.contains("Below: the counts that moved"))
        // Each pair once: incremental's row, reference's (not gated), fast's not at all.
        let rows = gated.out.split(separator: "\n").filter { $0.hasPrefix("| fold-cycle") }
        #expect(rows.count == 2, "\(rows)")
        #expect(!rows.contains { $0.contains("| fast |") })
        #expect(rows.first?.contains("**400 → 440 (+10.0 %)**") == true, "the failing pair first, in bold")
        let compared = try pullRequestReport(["--gate", "instructions"], command: "compare")
        #expect(compared.status == gated.status)
        #expect(compared.out.contains("1 regression (instructions 1) in 3 gated comparisons"), "\(compared.out)")
        // Every gate: two regressions, status 1; no baseline: nothing judged, status 0.
        let all = try pullRequestReport([])
        #expect(all.status == 1 && all.out.hasPrefix("## FoldBench: ❌ 2 regressions (allocations 1, instructions 1)"))
        // A gate that cannot judge what it was asked (no cycles in either report): status 2, named.
        let blind = try pullRequestReport(["--gate", "cycles"])
        #expect(blind.status == 2 && blind.out.hasPrefix("## FoldBench: ⚠️ the gate cannot judge 1 comparison"))
        #expect(blind.err.contains("estimatedCyclesPerRelayout: in neither report"), "\(blind.err)")
    }

    @Test("identical reports: exit 0, every verdict unchanged")
    func unchanged() throws {
        let text = report(instructions: 50_000, allocations: 0, samples: steady)
        let result = try compare(text, text)
        #expect(result.status == 0)
        #expect(!result.out.split(separator: "\n").contains { $0.hasSuffix("regression") })
        // What did not move is counted, not listed; the last line is the verdict.
        #expect(!result.out.contains("unchanged\n"))
        #expect(
            result.out.hasSuffix(
                "No regression in 3 gated comparisons; no count moved; not listed: 3 unchanged, 1 times shown only (--all lists every row).\n"
            ), "\(result.out)")
        let all = try compare(text, text, ["--all"])
        #expect(all.out.contains("unchanged\n") && all.out.contains("informational\n"))
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
        #expect(markdown.out.hasPrefix("**No regression** in 3 gated comparisons; no count moved."), "\(markdown.out)")
        #expect(
            try compare(text, text, ["--format", "markdown", "--all"]).out.contains("| scenario | variant | metric |"))
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
        let result = try compare(base, slower, ["--all"])
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

    @Test("a zero baseline: the change is n/a, any instruction growth is a regression; 0 → 0 is ±0")
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
            report(instructions: 0, allocations: 0, samples: steady), ["--gate", "instructions", "--all"])
        #expect(same.status == 0 && verdict(same.out, "instructionsPerRelayout") == "unchanged")
        let zero = try #require(same.out.split(separator: "\n").first { $0.contains("instructionsPerRelayout") })
        #expect(zero.contains("+0.00%") && !zero.contains("n/a"), "\(zero)")
    }

    @Test("--gate names every metric it judges; an unknown name, or a time, exits 2 listing them")
    func gateNames() throws {
        let text = report(instructions: 1, allocations: 0, samples: steady)
        for name in ["speed", "time", "ratio"] {
            let unknown = try compare(text, text, ["--gate", "instructions,\(name)"])
            #expect(unknown.status == 2)
            #expect(
                unknown.err.contains(
                    "a metric of --gate is allocations, bytes, instructions, cycles, worst-frame-instructions or edit-frame-instructions, not '\(name)'"
                ),
                "\(unknown.err)")
        }
        #expect(
            runFoldBench(["compare", "--help"]).out.contains(
                "allocations, bytes, instructions, cycles, worst-frame-instructions, edit-frame-instructions (default all)"
            ))
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

    @Test(
        "a scenario x variant only the new report has is listed as new; one the baseline gates and the new lacks exits 2"
    )
    func newAndMissing() throws {
        let fast = report(instructions: 50_000, allocations: 0, samples: steady)
        let both = fast.replacingOccurrences(
            of: "\"results\": [\n", with: "\"results\": [\n" + resultJSON(variant: "fast-preorder") + ",\n")
        #expect(both != fast)
        let added = try compare(fast, both)
        #expect(added.status == 0, "\(added.err)")
        let newRow = try #require(added.out.split(separator: "\n").first { $0.contains("fast-preorder") })
        #expect(newRow.hasSuffix("new"))
        // The gate would pass blind on what the new report does not have.
        let removed = try compare(both, fast, ["--format", "json"])
        #expect(removed.status == 2)
        #expect(removed.err.contains("fast-preorder: in the baseline (with allocationsPerRelayout"), "\(removed.err)")
        // With --pair, only the pairs are compared.
        let paired = try compare(both, both, ["--pair", "fast=fast-preorder"])
        #expect(paired.status == 0)
        #expect(!paired.out.split(separator: "\n").contains { $0.hasSuffix("missing") || $0.hasSuffix("new") })
        #expect(paired.out.contains("fast -> fast-preorder"))
    }

    @Test("no gate passes blind: counts measured on one side only, or a --gate metric neither has, exit 2 naming them")
    func blindGates() throws {
        let counted = report(instructions: 50_000, allocations: 0, samples: steady)
        let uncounted = counted.replacingOccurrences(
            of: #",\s*"instructionsPerRelayout": \{[^}]*\}"#, with: "", options: .regularExpression)
        #expect(uncounted != counted)
        for (baseline, new, side) in [
            (counted, uncounted, "in the baseline, not in the new report"),
            (uncounted, counted, "in the new report, not in the baseline"),
        ] {
            let result = try compare(baseline, new, ["--gate", "instructions"])
            #expect(result.status == 2, "\(result.out)")
            #expect(
                result.err.contains("instructionsPerRelayout is \(side) (counted by run --instructions)"),
                "\(result.err)")
            #expect(!result.out.contains("No regression"))
        }
        // Neither side counted, and the gate asked for: an error; not asked for: not judged.
        let neither = try compare(uncounted, uncounted, ["--gate", "instructions"])
        #expect(neither.status == 2 && neither.err.contains("instructionsPerRelayout: in neither report"))
        #expect(try compare(uncounted, uncounted, ["--gate", "allocations"]).status == 0)
    }

    @Test("a non-finite metric is written as null and refused on reading, naming the place")
    func nonFiniteMetric() throws {
        var report = SampleReports.syntheticReport()
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
        var report = SampleReports.syntheticReport()
        report.results[0].samples[2] = -120
        let negativeSample = try compare(good, JSONWriter.writePretty(report.json()))
        #expect(negativeSample.status == 2)
        #expect(
            negativeSample.err.contains("b.json: results[0].timeSamples[2]: a time cannot be negative"),
            "\(negativeSample.err)")
        report = SampleReports.syntheticReport()
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
        var report = SampleReports.syntheticReport()
        report.results[0].instructionsPerRelayout = 1e20
        report.results[0].allocationsPerRelayout = 1e300
        let huge = try writeFile(JSONWriter.writePretty(report.json()), named: "huge.json", in: directory)
        let page = runFoldBench(["report", huge, "--out", directory.appendingPathComponent("page").path])
        #expect(page.status == 0, "\(page.err)")
        #expect(page.err.contains("wrote \(directory.appendingPathComponent("page").path)/index.html\n"), "says where")
        let html = try String(contentsOfFile: directory.appendingPathComponent("page/index.html").path, encoding: .utf8)
        #expect(html.contains("1e+20"))
        #expect(runFoldBench(["compare", huge, huge]).status == 0)
        let text = JSONWriter.writePretty(SampleReports.syntheticReport().json())
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
        var report = SampleReports.syntheticReport()
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
