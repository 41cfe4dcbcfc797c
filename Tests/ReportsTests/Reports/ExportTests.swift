import Foundation
import Reports
import Support
import TestSupport
import Testing

/// Each export in the shape its consumer documents, field by field.
@Suite("Exports in their consumers' shapes")
struct ExportTests {
    func summary() throws -> Report { try ReportPageTests.summary(SampleReports.pageReport()) }

    func parse(_ text: String) throws -> JSONValue { try JSONParser.parse(text) }

    @Test("bmf: benchmark → measure → value, lower_value, upper_value")
    func bencherMetricFormat() throws {
        let json = try parse(try summary().export(.bmf))
        guard case .object(let benchmarks) = json else {
            Issue.record("not an object")
            return
        }
        #expect(
            benchmarks.map(\.key) == [
                "fold-cycle/balanced-d8/iphone-duo/reference", "fold-cycle/balanced-d8/iphone-duo/fast",
            ])
        let fast = try #require(json["fold-cycle/balanced-d8/iphone-duo/fast"])
        guard case .object(let measures) = fast else {
            Issue.record("not an object")
            return
        }
        #expect(
            measures.map(\.key) == [
                "latency", "instructions", "allocations", "bytes-allocated", "ratio-to-reference", "ratio-to-floor",
            ])
        #expect(fast["latency"]?["value"] == .number(520))
        guard case .number(let lower)? = fast["latency"]?["lower_value"],
            case .number(let upper)? = fast["latency"]?["upper_value"]
        else {
            Issue.record("no interval")
            return
        }
        #expect(lower <= 520 && 520 <= upper)
        #expect(fast["instructions"] == .object([("value", .number(8_825))]), "a count has no interval")
        #expect(fast["ratio-to-floor"]?["value"] == .number(1.3))
    }

    @Test("github-action-benchmark: name, unit, value, range, extra for every metric")
    func githubActionBenchmark() throws {
        let json = try parse(try summary().export(.githubActionBenchmark))
        guard case .array(let items) = json else {
            Issue.record("not a list")
            return
        }
        #expect(items.count == 12)
        let time = try #require(
            items.first { $0["name"] == .string("fold-cycle/balanced-d8/iphone-duo/fast timePerRelayout") })
        guard case .object(let fields) = time else {
            Issue.record("not an object")
            return
        }
        #expect(fields.map(\.key) == ["name", "unit", "value", "range", "extra"])
        #expect(time["unit"] == .string("ns") && time["value"] == .number(520))
        guard case .string(let range)? = time["range"] else {
            Issue.record("no range")
            return
        }
        #expect(range.hasPrefix("± "))
        let count = try #require(
            items.first { $0["name"] == .string("fold-cycle/balanced-d8/iphone-duo/fast instructionsPerRelayout") })
        #expect(count["unit"] == .string("count") && count["value"] == .number(8_825) && count["range"] == nil)
    }

    @Test("google-benchmark: context, one iteration per sample, then mean, median and stddev")
    func googleBenchmark() throws {
        let json = try parse(try summary().export(.googleBenchmark))
        #expect(json["context"]?["executable"] == .string("foldbench"))
        #expect(json["context"]?["num_cpus"] != nil && json["context"]?["library_build_type"] != nil)
        guard case .array(let benchmarks)? = json["benchmarks"] else {
            Issue.record("no benchmarks")
            return
        }
        // Two variants × (3 samples + 3 aggregates).
        #expect(benchmarks.count == 12)
        let fast = benchmarks.filter { $0["run_name"] == .string("fold-cycle/balanced-d8/iphone-duo/fast") }
        let iterations = fast.filter { $0["run_type"] == .string("iteration") }
        #expect(iterations.map { $0["real_time"] } == [.number(520), .number(572), .number(468)])
        #expect(iterations.map { $0["repetition_index"] } == [.number(0), .number(1), .number(2)])
        for entry in iterations {
            for key in [
                "name", "run_name", "run_type", "iterations", "real_time", "cpu_time", "time_unit", "repetitions",
            ] {
                #expect(entry[key] != nil, "\(key)")
            }
            #expect(entry["time_unit"] == .string("ns") && entry["repetitions"] == .number(3))
            #expect(entry["instructions"] == .number(8_825))
        }
        let aggregates = fast.filter { $0["run_type"] == .string("aggregate") }
        #expect(aggregates.map { $0["aggregate_name"] } == [.string("mean"), .string("median"), .string("stddev")])
        #expect(
            aggregates.map { $0["name"] } == [
                .string("fold-cycle/balanced-d8/iphone-duo/fast_mean"),
                .string("fold-cycle/balanced-d8/iphone-duo/fast_median"),
                .string("fold-cycle/balanced-d8/iphone-duo/fast_stddev"),
            ])
        #expect(aggregates[1]["real_time"] == .number(520))
        guard case .number(let mean)? = aggregates[0]["real_time"],
            case .number(let deviation)? = aggregates[2]["real_time"]
        else {
            Issue.record("no aggregates")
            return
        }
        #expect(abs(mean - 520) < 1e-9 && abs(deviation - 52) < 1e-9)
    }

    @Test("benchstat: configuration lines, exact units, one line per sample with its counts")
    func benchstat() throws {
        let text = try summary().export(.benchstat)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.prefix(3) == ["goos: linux", "goarch: amd64", "pkg: foldbench"])
        #expect(lines.contains("Unit instructions/op assume=exact"))
        #expect(lines.contains("Unit allocs/op assume=exact"))
        let fast = lines.filter { $0.hasPrefix("BenchmarkRelayout/fold-cycle/balanced-d8/iphone-duo/fast-1 ") }
        #expect(fast.count == 3)
        // NAME, iterations, then value-unit pairs, tab-separated as `go test` writes them.
        let fields = fast[0].split(separator: "\t").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(
            fields == [
                "BenchmarkRelayout/fold-cycle/balanced-d8/iphone-duo/fast-1", "16", "520 ns/op", "8825 instructions/op",
                "0 allocs/op", "0 B/op",
            ])
        // A Go benchmark name has no space in it.
        let names = lines.filter { $0.hasPrefix("Benchmark") }.map {
            $0.split(separator: "\t")[0].trimmingCharacters(in: .whitespaces)
        }
        #expect(names.count == 6 && names.allSatisfy { !$0.contains(" ") })
    }

    @Test("export and run --export: unknown formats and malformed FORMAT:PATH exit 2; a file is written")
    func commands() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let report = try writeFile(
            JSONWriter.writePretty(SampleReports.pageReport().json()), named: "report.json", in: directory)
        let out = directory.appendingPathComponent("bmf.json").path
        let written = runFoldBench(["export", report, "--format", "bmf", "--out", out])
        #expect(written.status == 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == (try summary().export(.bmf)))
        let printed = runFoldBench(["export", report, "--format", "benchstat"])
        #expect(printed.status == 0 && printed.out.hasPrefix("goos: linux"))
        let unknown = runFoldBench(["export", report, "--format", "csv"])
        #expect(
            unknown.status == 2 && unknown.err.contains("an export format is ") && unknown.err.contains(", not 'csv'"))
        for bad in ["bmf", ":x", "bmf:", "nope:x"] {
            let result = runFoldBench(["run", "--scenario", "drag-resize/media-player/iphone-duo", "--export", bad])
            #expect(result.status == 2, "\(bad)")
        }
        let run = runFoldBench([
            "run", "--scenario", "drag-resize/media-player/iphone-duo", "--frames", "4", "--time-per-scenario", "0",
            "--out", directory.path, "--export", "benchstat:\(directory.path)/run.txt",
        ])
        #expect(run.status == 0, "\(run.err)")
        let text = try String(contentsOfFile: "\(directory.path)/run.txt", encoding: .utf8)
        #expect(text.contains("BenchmarkRelayout/drag-resize/media-player/iphone-duo/fast-1 "))
    }
}
