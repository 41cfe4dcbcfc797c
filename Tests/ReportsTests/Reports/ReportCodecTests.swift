import Foundation
import Reports
import SceneFormat
import Support
import TestSupport
import Testing
import Workloads

@testable import Measurement
@testable import Reports

/// The report file's one codec: what is written is read back as the same value, every
/// field of every table is written and checked when read, and a partial report keeps
/// exactly the metrics it gives.
@Suite("The report codec")
struct ReportCodecTests {
    /// A report with every field set to a value of its own, every metric present.
    static func fullReport() -> Report {
        var environment = RunEnvironment()
        environment.toolVersion = "9.8.7"
        environment.commit = "0123456789ab"
        environment.dirty = true
        environment.date = "2026-12-01T10:00:00Z"
        environment.host = "ci-7"
        environment.cpu = "Some CPU @ 2.0GHz"
        environment.cores = 6
        environment.os = "Debian 12"
        environment.swift = "Swift version 6.3"
        environment.buildConfiguration = "release"
        environment.allocator = "jemalloc 5.3.0"
        var options = RunOptions()
        options.timePerScenario = 0.25
        options.frames = 42
        options.refreshRate = 90
        options.direction = .rightToLeft
        options.countInstructions = true
        options.suite = "quick"
        options.shard = "2/3"
        var report = SampleReports.pageReport()
        report.environment = environment
        report.options = options
        for index in report.results.indices {
            report.results[index].estimatedCyclesPerRelayout = 1234.5 + Double(index)
            report.results[index].changingFrames = 0.25
            report.results[index].checksum = 0xdead_beef_0000 + UInt64(index)
            report.results[index].baselineVariant = "fast"
            report.results[index].ratioToBaseline = Estimate(0.5 + Double(index), Interval(0.25, 1.5 + Double(index)))
            report.results[index].verdict = .inconclusive
            report.results[index].counterpart = CounterpartComparison(
                variant: "fast", unit: "instructions", framesDearer: 3 + index, frames: 42, worstRatio: 1.25,
                worstFrame: 7)
            report.results[index].clockNanoseconds = 21.5
            report.results[index].repeatTimeRatio = 0.987
            report.results[index].frameInstructions = [100, 250, 120]
            report.results[index].editFrames = [EditFrame(frame: 1, kinds: ["insert", "preference"])]
            report.results[index].editFrameTimes = FrameDistribution([900])
            report.results[index].editFrameInstructionCounts = FrameDistribution([250])
            report.results[index].frameInstructionCounts = FrameDistribution([100, 250, 120])
            report.results[index].frameTime = FrameDistribution([1200.5, 900, 1000 + Double(index)])
            report.results[index].worstFramesByTime = [
                WorstFrame(frame: 7, value: 12_345.5, phase: "half-open, landscape", change: "bounds resized")
            ]
            report.results[index].worstFramesByInstructions = [
                WorstFrame(frame: 1, value: 250, phase: "flat, portrait", change: "the same")
            ]
            report.results[index].historyCheck = HistoryCheck(
                seed: UInt64.max - UInt64(index), steps: 4_731,
                kinds: [.init(change: "direction flipped", steps: 2), .init(change: "pane shown", steps: 6)])
        }
        return report
    }

    static func written(_ report: Report) -> String { JSONWriter.writePretty(report.json()) }

    @Test("a report read back is written again byte for byte, every metric and field kept")
    func roundTrip() throws {
        let report = Self.fullReport()
        let text = Self.written(report)
        let read = try Report.decode(Array(text.utf8))
        #expect(Self.written(read) == text)
        #expect(read.environment == report.environment)
        #expect(read.options.frames == 42 && read.options.refreshRate == 90 && read.options.direction == .rightToLeft)
        #expect(read.options.timePerScenario == 0.25 && read.options.countInstructions)
        for (a, b) in zip(read.results, report.results) {
            #expect(a.metricRows == b.metricRows)
            #expect(a.checksum == b.checksum && a.batchFrames == b.batchFrames && a.frames == b.frames)
            #expect(a.samples == b.samples && a.framePhases == b.framePhases && a.absentMetrics.isEmpty)
        }
        // Every metric of a full result is written.
        for metric in Metric.allCases { #expect(text.contains("\"\(metric.name)\""), "\(metric.name) written") }
    }

    @Test("every field of each table is written under its key, and a value of the wrong kind is refused at its path")
    func everyFieldChecked() throws {
        let report = Self.fullReport()
        guard case .object(let top) = report.json() else {
            Issue.record("not an object")
            return
        }
        func member(_ key: String) -> JSONValue { top.first { $0.key == key }!.value }
        let tables: [(String, [String], JSONValue)] = [
            ("environment", ReportCodec.environmentFields.map(\.key), member("environment")),
            ("options", ReportCodec.optionFields.map(\.key), member("options")),
        ]
        for (name, keys, value) in tables {
            guard case .object(let fields) = value else {
                Issue.record("\(name) not an object")
                continue
            }
            #expect(fields.map(\.key) == keys, "\(name) writes every field of its table, in order")
            for key in keys {
                // A value of a kind no field takes: an array.
                var broken = top
                let index = broken.firstIndex { $0.key == name }!
                broken[index].value = .object(fields.map { ($0.key, $0.key == key ? .array([]) : $0.value) })
                let bytes = Array(JSONWriter.writePretty(.object(broken)).utf8)
                do {
                    _ = try Report.decode(bytes)
                    Issue.record("\(name).\(key) of the wrong kind was accepted")
                } catch {
                    #expect(error.place == "\(name).\(key)", "the error names \(name).\(key)")
                }
            }
        }
        guard case .array(let results) = member("results"), case .object(let first) = results[0] else {
            Issue.record("no results")
            return
        }
        #expect(first.map(\.key) == ReportCodec.resultFields.map(\.key))
    }

    @Test("a report that gives only some metrics keeps those, and their derived ones, and no others")
    func partialReport() throws {
        let text = """
            {"schemaVersion": 1, "results": [{"scenario": "s", "variant": "fast", "arrangements": 4,
              "metrics": {"timePerRelayout": {"unit": "ns", "p50": 100}, "allocationsPerRelayout": {"value": 2},
                          "futureMetric": {"value": 1}}}]}
            """
        let report = try Report.decode(Array(text.utf8))
        let result = try #require(report.results.first)
        #expect(
            Set(result.metrics.keys)
                == [.timePerRelayout, .timePerArrangement, .relayoutsPerSecond, .allocationsPerRelayout])
        #expect(result.metrics[.timePerArrangement] == 25)
        #expect(result.metrics[.relayoutsPerSecond] == 1e7)
        #expect(result.metrics[.allocationsPerRelayout] == 2)
        #expect(result.value(.bytesAllocatedPerRelayout, .value) == nil)
        #expect(report.environment == RunEnvironment())
        // Written again, it still gives only those.
        let again = try Report.decode(Array(JSONWriter.writePretty(report.json()).utf8))
        #expect(Set(again.results[0].metrics.keys) == Set(result.metrics.keys))
    }

    @Test("statistics a report leaves out are its samples', as the runner computes them")
    func statisticsFromSamples() throws {
        let text = """
            {"schemaVersion": 1, "results": [{"scenario": "s", "variant": "fast", "arrangements": 1,
              "timeSamples": [4, 1, 3, 10, 2], "metrics": {"timePerRelayout": {"p50": 3.5}}}]}
            """
        let result = try #require(try Report.decode(Array(text.utf8)).results.first)
        let fromSamples = TimeSummary(samples: [4, 1, 3, 10, 2])
        #expect(result.time.p50 == 3.5)
        #expect(result.time.min == 1 && result.time.max == 10 && result.time.mean == fromSamples.mean)
        #expect(result.time.ci95 == fromSamples.ci95)
    }

    @Test("a value out of its field's range is refused with the field's rule")
    func ranges() throws {
        func error(_ results: String, options: String = "{}") -> String {
            let text = "{\"schemaVersion\": 1, \"options\": \(options), \"results\": [\(results)]}"
            do {
                _ = try Report.decode(Array(text.utf8))
                return "accepted"
            } catch {
                return error.description
            }
        }
        let metrics = "\"metrics\": {}"
        #expect(
            error("{\"scenario\": \"s\", \"variant\": \"v\", \"arrangements\": 0, \(metrics)}")
                == "results[0].arrangements: 0 is not a count of arrangements")
        #expect(
            error("{\"scenario\": \"s\", \"variant\": \"v\", \"arrangements\": 1, \"batchFrames\": 0.5, \(metrics)}")
                == "results[0].batchFrames: 0.5 is not a count of frames")
        #expect(
            error("{\"scenario\": \"s\", \"variant\": \"v\", \"arrangements\": 1, \"checksum\": \"xyz\", \(metrics)}")
                == "results[0].checksum: not a hexadecimal checksum")
        #expect(error("{\"scenario\": \"s\", \"arrangements\": 1, \(metrics)}") == "results[0].variant: missing")
        #expect(
            error("", options: "{\"layoutDirection\": \"upward\"}").hasPrefix(
                "options.layoutDirection: unknown layout direction \"upward\""))
        #expect(
            error(
                "{\"scenario\": \"s\", \"variant\": \"v\", \"arrangements\": 1, \"metrics\": {\"ratioToFloor\": {\"p50\": 1, \"ci95\": [1]}}}"
            ) == "results[0].metrics.ratioToFloor.ci95: expected [lower, upper]")
    }
}
