import ArrangementModel
import FastResolver
import Foundation
import ReferenceResolver
import Reports
import SceneFormat
import SceneGenerator
import Support
import TestSupport
import Testing
import Workloads

@testable import Measurement
@testable import Variants

@Suite("Runner, reports and result files")
struct RunnerTests {
    /// A variant that is wrong on purpose: the fast resolver with one pane nudged.
    struct NudgedVariant: ResolverVariant {
        var name: String { "nudged" }
        func prepare(_ tree: ArrangementTree) -> CompiledTree { FastResolver().prepare(tree) }
        func relayout(_ prepared: CompiledTree, in context: LayoutContext, into resolution: inout Resolution) {
            FastResolver().relayout(prepared, in: context, into: &resolution)
            if !context.reservedRegions.isEmpty, resolution.panes[1].visible {
                let frame = resolution.panes[1].frame
                resolution.panes[1].frame = try! Rect(
                    x: frame.x + 1, y: frame.y, width: frame.width, height: frame.height)
            }
        }
    }

    /// The reference and the fast variant, named rather than the default run, so that
    /// a variant added to the list changes nothing here.
    static let referenceAndFast = ["reference", "fast"].map { VariantList.entry(named: $0)! }

    func runner(_ variants: [VariantEntry]) -> Runner {
        var options = RunOptions()
        options.timePerScenario = 0.01
        options.frames = 24
        options.minimumSamples = 3
        return Runner(options: options, variants: variants)
    }

    @Test("a variant that differs from the reference is refused, naming the frame and the pane")
    func checksumRefusal() throws {
        let entries = [VariantList.entry(named: "fast")!, VariantEntry(NudgedVariant(), summary: "wrong")]
        let scenario = try Scenario("fold-cycle/balanced-d2/iphone-duo")
        #expect {
            _ = try runner(entries).run([scenario])
        } throws: { error in
            let failure = try #require(error as? VerificationFailure)
            // Frame 4 is the first half-open frame (θ = 156°); pane 1 is p2.
            return failure.variant == "nudged" && failure.frame == 4
                && failure.difference
                    == "pane p2: frame, variant nudged: (1, 0, 475, 328.8), reference: (0, 0, 475, 328.8); x +1"
        }
    }

    /// Not a timed test of speed: the runner must keep sampling until its budget is
    /// spent, so the run lasts at least that long on any machine.
    @Test("sampling lasts the time per scenario times the scenarios, shared by all of them")
    func samplingBudget() throws {
        var options = RunOptions()
        options.timePerScenario = 0.3
        options.frames = 12
        options.minimumSamples = 1
        options.framePasses = 1
        let scenarios = try ["fold-cycle/balanced-d1/iphone-duo", "hold/balanced-d1/iphone-duo"].map(Scenario.init)
        let started = Date()
        let results = try Runner(options: options, variants: [VariantList.entry(named: "fast")!]).run(scenarios)
        #expect(Date().timeIntervalSince(started) >= 0.6)
        // Both scenarios are sampled in every round, so they have as many samples.
        #expect(results.map(\.variant) == ["fast", "floor", "fast", "floor"])
        #expect(Set(results.map(\.samples.count)).count == 1 && results[0].samples.count > 1)
    }

    @Test("a scene keeps the direction it states: nested-reader, written right to left, is run right to left")
    func sceneDirection() throws {
        let scenario = try Scenario("fold-cycle/nested-reader/iphone-duo")
        let scene = try scenario.tree.makeScene()
        #expect(scene.context.layoutDirection == .rightToLeft && scene.stated == [.layoutDirection])
        let results = try runner([VariantList.reference]).run([scenario])
        let device = try DeviceProfile.shipped("iphone-duo")
        func checksum(_ direction: LayoutDirection) -> UInt64 {
            var hash = ResolutionComparison.checksumSeed
            for context in Timeline.contexts(motion: .foldCycle, device: device, frames: 24, direction: direction) {
                ResolutionComparison.checksum(ReferenceResolver().resolve(scene.tree, in: context), into: &hash)
            }
            return hash
        }
        #expect(checksum(.leftToRight) != checksum(.rightToLeft), "the direction shows in this scene's layout")
        #expect(results.first?.checksum == checksum(.rightToLeft))
        // A generated tree states nothing: the run's direction decides.
        let generated = try Workload(
            Scenario("fold-cycle/balanced-d2/iphone-duo"), catalog: Catalog(), frames: 24, direction: .rightToLeft)
        #expect(generated.contexts.allSatisfy { $0.layoutDirection == .rightToLeft })
    }

    @Test("a scene's size class and regions are its screen's: on a device, the device's, even on the same bounds")
    func sceneScreen() throws {
        let bounds = try Rect(x: 0, y: 0, width: 866, height: 822)
        let compact = SizeClass(horizontal: .compact, vertical: .regular)
        let scene = Scene(
            context: LayoutContext(
                bounds: bounds, sizeClass: compact, layoutDirection: .leftToRight,
                reservedRegions: [try Rect(x: 475, y: 0, width: 0, height: 822)]),
            tree: try TreeFactory.balanced(depth: 1))
        let flat = LayoutContext(bounds: bounds, sizeClass: .regular, layoutDirection: .rightToLeft)
        #expect(Workload.combine(flat, with: scene) == LayoutContext(bounds: bounds, sizeClass: .regular))
        var unstated = scene
        unstated.stated = [.sizeClass, .reservedRegions]
        #expect(Workload.combine(flat, with: unstated) == flat, "a direction not stated is the run's")
    }

    @Test("results carry every metric; each variant's checksum folds every frame of the reference's answer")
    func results() throws {
        let scenario = try Scenario("fold-cycle/balanced-d3/iphone-duo")
        let results = try runner(Self.referenceAndFast).run([scenario])
        #expect(results.map(\.variant) == ["reference", "fast", "floor"])
        // The checksum, worked out here from the reference on the same 24 frames.
        let tree = try TreeFactory.balanced(depth: 3)
        var expected = ResolutionComparison.checksumSeed
        for context in Timeline.contexts(
            motion: .foldCycle, device: try DeviceProfile.shipped("iphone-duo"), frames: 24)
        {
            ResolutionComparison.checksum(ReferenceResolver().resolve(tree, in: context), into: &expected)
        }
        // The floor copies frame 0's answer every frame.
        let device = try DeviceProfile.shipped("iphone-duo")
        let first = ReferenceResolver().resolve(
            tree, in: Timeline.contexts(motion: .foldCycle, device: device, frames: 24)[0])
        // The share of frames whose answer differs from the frame before (the last for the first).
        let answers = Timeline.contexts(motion: .foldCycle, device: device, frames: 24).map {
            ReferenceResolver().resolve(tree, in: $0)
        }
        let changing = (0..<24).filter { answers[$0] != answers[($0 + 23) % 24] }.count
        #expect(changing > 0 && changing < 24)
        var floor = ResolutionComparison.checksumSeed
        for _ in 0..<24 { ResolutionComparison.checksum(first, into: &floor) }
        #expect(results.map(\.checksum) == [expected, expected, floor])
        // The request count is process-wide and other tests run in parallel; the byte
        // count is this thread's own, so it is the exact one here.
        #expect(results[1].bytesAllocatedPerRelayout == 0 && results[2].bytesAllocatedPerRelayout == 0)
        #expect(results[0].bytesAllocatedPerRelayout > 0)
        #expect(results.allSatisfy { $0.samples.count >= 3 && $0.arrangements == 7 && $0.frames == 24 })
        for result in results {
            let rows = Dictionary(grouping: result.metricRows, by: \.metric.name)
            #expect(
                Set(rows.keys) == [
                    "timePerRelayout", "timePerArrangement", "relayoutsPerSecond", "allocationsPerRelayout",
                    "bytesAllocatedPerRelayout", "peakResidentMemory", "framesOverBudget", "changingFrames",
                    "prepareTime", "ratioToReference", "ratioToFloor", "framesOverBudgetCount", "frameTime",
                    "worstFrameTime", "frameOverrun",
                ], "\(result.variant): no instructions without --instructions")
            #expect(result.changingFrames == Double(changing) / 24, "\(result.variant)")
            #expect(result.frameTimes.count == 24 && result.frameTimes.allSatisfy { $0 > 0 })
            #expect(result.framePhases == Timeline.phases(motion: .foldCycle, device: device, frames: 24))
            let overBudget = result.frameTimes.filter { $0 > 1e9 / 120 }.count
            #expect(result.framesOverBudget == Double(overBudget) / 24)
            #expect(result.time.p50 > 0 && result.time.min <= result.time.p50 && result.time.p50 <= result.time.max)
            #expect(abs(result.timePerArrangement.p50 * 7 - result.time.p50) < 1e-9 * result.time.p50)
            #expect(result.relayoutsPerSecond == 1e9 / result.time.p50)
            #expect(result.peakResidentBytes > 0 && result.prepareNanoseconds > 0)
            #expect((0...1).contains(result.framesOverBudget))
            #expect(
                rows["timePerRelayout"]?.map(\.statistic.rawValue) == [
                    "p50", "min", "p90", "p99", "max", "mean", "mad", "ci95Lower", "ci95Upper",
                ])
        }
        // The reference over itself, round by round, is exactly 1.
        #expect(results[0].ratioToReference.map { [$0.value, $0.interval.lower, $0.interval.upper] } == [1, 1, 1])
        let ratio = try #require(results[1].ratioToReference)
        #expect(ratio.interval.contains(ratio.value) && ratio.value < 1)
        // The floor over itself is exactly 1; the reference is slower than copying its answer.
        #expect(results[2].ratioToFloor.map { [$0.value, $0.interval.lower, $0.interval.upper] } == [1, 1, 1])
        #expect(try #require(results[0].ratioToFloor).interval.lower > 1)
    }

    @Test("bytes per relayout are exactly what the variant allocates over the timeline, per frame")
    func exactBytes() throws {
        let results = try runner([VariantList.entry(named: "reference")!]).run([
            try Scenario("fold-cycle/balanced-d3/iphone-duo")
        ])
        let tree = try TreeFactory.balanced(depth: 3)
        let contexts = Timeline.contexts(
            motion: .foldCycle, device: try DeviceProfile.shipped("iphone-duo"), frames: 24)
        // The bench's loop over the whole timeline, as the runner counts it: after one
        // pass (the runner's verification), and per thread, so exact while other tests run.
        let bench = VariantList.entry(named: "reference")!.frameLoop(tree, contexts, now: Clock.now)
        bench.run(from: 0, count: contexts.count)
        let tally = AllocationTally.measure { bench.run(from: 0, count: contexts.count) }
        #expect(tally.bytes > 0)
        #expect(results.map(\.bytesAllocatedPerRelayout) == [Double(tally.bytes) / 24, 0])
    }

    @Test("scenarios are sampled in the same rounds: a cheap tree and a costly one get as many samples")
    func scenariosInterleaved() throws {
        var progressLines: [String] = []
        // Sampled one after the other, the one-arrangement tree would fill its own budget
        // with many more batches than the 255-arrangement one.
        let results = try runner(Self.referenceAndFast).run([
            try Scenario("fold-cycle/balanced-d1/iphone-duo"), try Scenario("fold-cycle/balanced-d8/iphone-duo"),
        ]) { progressLines.append("\($0.scenario): \($0.phase)") }
        #expect(results.map(\.arrangements) == [1, 1, 1, 255, 255, 255])
        #expect(Set(results.map(\.samples.count)).count == 1, "\(results.map(\.samples.count))")
        #expect(progressLines.last == "all 2 scenarios: sampling reference fast floor")
    }

    @Test("a report round-trips through JSON: environment, options, metrics, intervals, checksum, samples")
    func reportRoundTrip() throws {
        let report = SampleReports.syntheticReport()
        let text = JSONWriter.writePretty(report.json())
        let summary = try Report.decode(Array(text.utf8))
        #expect(summary.environment.commit == "abc123" && summary.environment.date == "2026-11-30T00:00:00Z")
        let entry = try #require(summary.results.first)
        #expect(
            entry.scenario == "fold-cycle/balanced-d8/iphone-duo" && entry.variant == "fast"
                && entry.arrangements == 255)
        #expect(entry.samples == [100, 110, 120, 130, 140])
        #expect(entry.metrics[.timePerRelayout] == 120)
        #expect(entry.metrics[.instructionsPerRelayout] == 12_345)
        #expect(entry.metrics[.allocationsPerRelayout] == 0)
        #expect(entry.metrics[.ratioToReference] == 0.1)
        #expect(entry.intervals[.ratioToReference].map { [$0.lower, $0.upper] } == [0.09, 0.11])
        let time = report.results[0].time
        #expect(entry.intervals[.timePerRelayout].map { [$0.lower, $0.upper] } == [time.ci95.lower, time.ci95.upper])

        // What the summary does not read is still in the file, as written.
        let document = try JSONParser.parse(text)
        #expect(document["schemaVersion"] == .number(1))
        let environment = try #require(document["environment"])
        #expect(environment["commit"] == .string("abc123"))
        #expect(environment["host"] == .string("ci, \"east\""))
        #expect(environment["dirty"] == .bool(false))
        let options = try #require(document["options"])
        let defaults = RunOptions()
        #expect(options["frames"] == .number(Double(defaults.frames)))
        #expect(options["timePerScenario"] == .number(defaults.timePerScenario))
        #expect(options["refreshRate"] == .number(defaults.refreshRate))
        #expect(options["layoutDirection"] == .string("leftToRight"))
        #expect(options["instructions"] == .bool(false))
        guard case .array(let results) = document["results"] ?? .null, let result = results.first else {
            Issue.record("no results")
            return
        }
        #expect(result["checksum"] == .string("beef"))
        #expect(result["batchFrames"] == .number(16) && result["refreshRate"] == .number(120))
        #expect(result["metrics"]?["ratioToReference"]?["ci95"] == .array([.number(0.09), .number(0.11)]))
        #expect(result["metrics"]?["timePerRelayout"]?["ci95"] != nil)
    }

    @Test("the CSV is long-format with the documented columns; history keeps each metric's headline and interval")
    func csvRows() throws {
        let report = SampleReports.syntheticReport()
        let lines = report.csv().split(separator: "\n")
        #expect(CSV.parse(lines[0]) == CSV.columns)
        let rows = lines.dropFirst().map { CSV.parse($0)! }
        #expect(rows.allSatisfy { $0.count == CSV.columns.count })
        #expect(rows.count == report.results[0].metricRows.count)
        #expect(
            rows.contains { $0[3] == "ci, \"east\"" && $0[7] == "timePerRelayout" && $0[8] == "p50" && $0[9] == "120" })
        let history = report.historyRows().split(separator: "\n").map { CSV.parse($0)! }
        // Each metric's headline, and the interval's bounds where there is one.
        let intervals = rows.filter { $0[8] == "ci95Lower" }.count
        #expect(history.count == Set(rows.map { $0[7] }).count + 2 * intervals)
        #expect(history.filter { $0[7] == "timePerRelayout" }.map { $0[8] } == ["p50", "ci95Lower", "ci95Upper"])
        #expect(history.first { $0[7] == "instructionsPerRelayout" }?[9] == "12345")
    }

    @Test("atomic writes replace a file whole and leave no temporary behind")
    func atomicWrite() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("nested/report.json").path
        try ResultFiles.writeAtomically("first", to: path)
        try ResultFiles.writeAtomically("second", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent) == [
                "report.json"
            ])
        let blocked = directory.appendingPathComponent("nested/report.json/inside.json").path
        #expect(throws: ResultFiles.WriteError.self) { try ResultFiles.writeAtomically("x", to: blocked) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second")
    }

    @Test("concurrent locked appends land every row intact, one header")
    func lockedAppend() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("history.csv").path
        let row = String(repeating: "x", count: 3000)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    for index in 0..<25 {
                        try ResultFiles.appendLocked(
                            "\(writer),\(index),\(row)\n\(writer),\(index),\(row)\n", header: "w,i,x\n", to: path)
                    }
                }
            }
            try await group.waitForAll()
        }
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.first == "w,i,x")
        #expect(lines.count == 1 + 8 * 25 * 2)
        #expect(lines.dropFirst().allSatisfy { $0.hasSuffix(row) && $0.split(separator: ",").count == 3 })
        // The two rows of one append stay together.
        for pair in stride(from: 1, to: lines.count, by: 2) {
            #expect(lines[pair] == lines[pair + 1])
        }
    }
}

/// Records every context it is given (for the bench's loop; allocates freely).
struct RecordingResolver: ResolverVariant {
    final class Log: @unchecked Sendable { var contexts: [LayoutContext] = [] }
    let log = Log()
    var name: String { "recording" }
    func prepare(_ tree: ArrangementTree) {}
    func relayout(_ prepared: Void, in context: LayoutContext, into resolution: inout Resolution) {
        log.contexts.append(context)
    }
}
