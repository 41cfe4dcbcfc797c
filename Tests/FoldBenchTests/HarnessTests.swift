import ArrangementModel
import FastResolver
import Foundation
import ReferenceResolver
import Reports
import SceneFormat
import SceneGenerator
import Support
import Testing
import Workloads

@testable import Measurement
@testable import Variants

@Suite("Statistics")
struct StatisticsTests {
    @Test("known samples give known percentiles, MAD and mean")
    func percentiles() {
        let values = (1...10).map(Double.init)
        #expect(Statistics.quantile(values, 0.5) == 5.5)
        #expect(abs(Statistics.quantile(values, 0.9) - 9.1) < 1e-12)
        #expect(Statistics.quantile(values, 0) == 1)
        #expect(Statistics.quantile(values, 1) == 10)
        #expect(Statistics.medianAbsoluteDeviation([1, 1, 2, 2, 4, 6, 9]) == 1)
        let summary = TimeSummary(samples: [3, 1, 2])
        #expect(summary.min == 1 && summary.max == 3 && summary.p50 == 2 && summary.mean == 2)
    }

    @Test("the median's 95 % interval uses the binomial order statistics")
    func medianInterval() {
        let interval = Statistics.medianConfidenceInterval((1...100).map(Double.init))
        #expect(interval.lower == 40)
        #expect(interval.upper == 61)
        let single = Statistics.medianConfidenceInterval([7])
        #expect(single.lower == 7 && single.upper == 7)
    }

    /// A caller's mistake stops the process rather than give a number: each
    /// precondition at the first value it refuses (in a child process each).
    @Test("t with no degree of freedom, a probability of 0 or 1, or no values: refused")
    func refusedArguments() async {
        await #expect(processExitsWith: .failure) { _ = Statistics.tCDF(1, degrees: 0) }
        await #expect(processExitsWith: .failure) { _ = Statistics.tQuantile(0.9, degrees: 0) }
        await #expect(processExitsWith: .failure) { _ = Statistics.tQuantile(1, degrees: 3) }
        await #expect(processExitsWith: .failure) { _ = Statistics.tQuantile(0, degrees: 3) }
        await #expect(processExitsWith: .failure) { _ = Statistics.quantile([], 0.5) }
    }
}

@Suite("Device model and motions")
struct MotionTests {
    let duo = try! DeviceProfile.shipped("iphone-duo")

    @Test("fold-cycle at 120 Hz: flat, then half-open with the fold, then closed after a transition")
    func foldCycle() throws {
        let contexts = Timeline.contexts(motion: .foldCycle, device: duo, frames: 60)
        // Frame 0: θ = 180, flat inner landscape, the status bar inset on the right.
        #expect(contexts[0].bounds == (try Rect(x: 0, y: 0, width: 866, height: 822)))
        #expect(contexts[0].reservedRegions.isEmpty)
        // Frame 10: θ = 120, half-open: the fold at x = 475.
        #expect(contexts[10].reservedRegions == [try Rect(x: 475, y: 0, width: 0, height: 822)])
        // The moon-phase scene splits into the documents' 475/391 halves.
        let scene = try SceneDecoder.decode(
            [UInt8](try Data(contentsOf: repositoryRoot.appendingPathComponent("Benchmarks/Scenes/moon-phase.json"))))
        let resolution = ReferenceResolver().resolve(scene.tree, in: contexts[10])
        #expect(resolution.panes.map(\.frame.width) == [475, 391])
        // θ < 20 at frames 27...33: the bounds move towards the outer display with
        // nothing reserved, and turn back before the 12 transition frames are over.
        #expect(duo.posture(atAngle: Motion.foldCycle.state(atFrame: 27, refreshRate: 120).angle) == .closed)
        #expect(contexts[26].reservedRegions.count == 1)
        let outer = try Rect(x: 47, y: 0, width: 750, height: 369)
        for frame in 27...33 {
            #expect(contexts[frame].reservedRegions.isEmpty)
            #expect(contexts[frame].bounds.width < contexts[frame - 1].bounds.width)
            #expect(contexts[frame].bounds.width > outer.width)
        }
        #expect(contexts[34].bounds.width > contexts[33].bounds.width)
        // At 480 Hz the display stays closed long enough to arrive: 12 frames after the switch.
        let slow = Timeline.contexts(motion: .foldCycle, device: duo, frames: 130, refreshRate: 480)
        #expect(duo.posture(atAngle: Motion.foldCycle.state(atFrame: 107, refreshRate: 480).angle) == .closed)
        #expect(slow[117].bounds != outer)
        #expect(slow[118].bounds == outer)
    }

    @Test("posture-flutter: the fold vanishes at 160°–170° and appears at 150°")
    func postureFlutter() {
        let contexts = Timeline.contexts(motion: .postureFlutter, device: duo, frames: 12)
        #expect(contexts[0].reservedRegions.isEmpty)  // 160°: flat
        #expect(contexts[3].reservedRegions.isEmpty)  // 170°
        #expect(contexts[9].reservedRegions.count == 1)  // 150°: half-open
    }

    @Test("rotate-half-open flips to portrait after 0.25 s, the fold becomes horizontal")
    func rotate() throws {
        let contexts = Timeline.contexts(motion: .rotateHalfOpen, device: duo, frames: 31)
        #expect(contexts[29].bounds.width == 866)
        #expect(contexts[30].bounds == (try Rect(x: 0, y: 0, width: 822, height: 950)))
        #expect(contexts[30].reservedRegions == [try Rect(x: 0, y: 475, width: 822, height: 0)])
    }

    @Test("drag-resize sweeps the width from 100 % to 40 % in 0.25 s")
    func dragResize() {
        let contexts = Timeline.contexts(motion: .dragResize, device: duo, frames: 61)
        #expect(contexts[0].bounds.width == 866)
        #expect(abs(contexts[30].bounds.width - 866 * 0.4) < 1e-9)
        #expect(contexts[60].bounds.width == 866)
    }

    @Test("refresh rate changes the frame times")
    func refreshRate() {
        let state = Motion.foldCycle.state(atFrame: 15, refreshRate: 60)
        #expect(state.angle == 0)
    }

    @Test(
        "postures change exactly at the profile's thresholds",
        arguments: [
            ("iphone-duo", 19.99, Posture.closed), ("iphone-duo", 20, .halfOpen), ("iphone-duo", 159.99, .halfOpen),
            ("iphone-duo", 160, .flat), ("hinged-duo", 14.99, .closed), ("hinged-duo", 15, .halfOpen),
            ("hinged-duo", 169.99, .halfOpen), ("hinged-duo", 170, .flat),
        ])
    func thresholds(_ device: String, _ angle: Double, _ posture: Posture) throws {
        let profile = try DeviceProfile.shipped(device)
        #expect(profile.posture(atAngle: angle) == posture)
        let context = profile.context(posture: posture, orientation: .landscape)
        let screen = profile.displays[posture == .closed ? 0 : 1].screens[.landscape]!
        #expect(context.bounds == screen.safeArea)
        #expect(context.sizeClass == screen.sizeClass)
        #expect(context.reservedRegions == (posture == .halfOpen ? [screen.folds[0].rect] : []))
    }

    /// The first frame of fold-cycle on `device` at `rate` whose posture is closed.
    func firstClosedFrame(_ device: DeviceProfile, refreshRate rate: Double) -> Int {
        (0...).first {
            device.posture(atAngle: Motion.foldCycle.state(atFrame: $0, refreshRate: rate).angle) == .closed
        }!
    }

    @Test("hinged-duo: closing moves the bounds to the outer display over its 8 transition frames, folds cleared")
    func hingedTransition() throws {
        let hinged = try DeviceProfile.shipped("hinged-duo")
        #expect(hinged.transitionFrames == 8)
        let contexts = Timeline.contexts(motion: .foldCycle, device: hinged, frames: 130, refreshRate: 480)
        let closing = firstClosedFrame(hinged, refreshRate: 480)
        let inner = try Rect(x: 0, y: 24, width: 884, height: 736)
        let outer = try Rect(x: 44, y: 0, width: 692, height: 339)
        #expect(contexts[closing - 1].bounds == inner)
        #expect(contexts[closing - 1].reservedRegions == [try Rect(x: 429, y: 0, width: 26, height: 780)])
        for step in 0..<7 {
            let context = contexts[closing + step]
            let t = Double(step + 1) / 8
            #expect(context.reservedRegions.isEmpty)
            #expect(abs(context.bounds.x - 44 * t) < 1e-9 && abs(context.bounds.width - (884 + (692 - 884) * t)) < 1e-9)
        }
        #expect(contexts[closing + 7].bounds == outer)
        #expect(contexts[closing + 7].sizeClass == SizeClass(horizontal: .compact, vertical: .compact))
    }

    @Test("hinged-duo in portrait: the band lies across, below the top inset")
    func hingedPortrait() throws {
        let hinged = try DeviceProfile.shipped("hinged-duo")
        let contexts = Timeline.contexts(motion: .rotateHalfOpen, device: hinged, frames: 31)
        #expect(contexts[29].bounds == (try Rect(x: 0, y: 24, width: 884, height: 736)))
        #expect(contexts[30].bounds == (try Rect(x: 0, y: 24, width: 780, height: 840)))
        #expect(contexts[30].reservedRegions == [try Rect(x: 0, y: 429, width: 780, height: 26)])
    }

    @Test("with no transition frames the bounds jump to the other display on the frame the posture changes")
    func noTransition() throws {
        var device = try DeviceProfile.shipped("iphone-duo")
        device.transitionFrames = 0
        let contexts = Timeline.contexts(motion: .foldCycle, device: device, frames: 60)
        let closing = firstClosedFrame(device, refreshRate: 120)
        let outer = device.displays[0].screens[.landscape]!.safeArea
        #expect(contexts[closing - 1].bounds != outer)
        #expect(contexts[closing].bounds == outer)
        let opening = (closing...).first { contexts[$0].bounds != outer }!
        #expect(contexts[opening].bounds == device.displays[1].screens[.landscape]!.safeArea)
        #expect(contexts[opening].reservedRegions.count == 1)
    }

    @Test("a right-to-left timeline is the left-to-right one with the direction flipped", arguments: Motion.allCases)
    func rightToLeftTimeline(_ motion: Motion) throws {
        for device in try DeviceProfile.shippedNames.map(DeviceProfile.shipped) {
            let forward = Timeline.contexts(motion: motion, device: device, frames: 90)
            let backward = Timeline.contexts(motion: motion, device: device, frames: 90, direction: .rightToLeft)
            #expect(backward.allSatisfy { $0.layoutDirection == .rightToLeft })
            #expect(forward.allSatisfy { $0.layoutDirection == .leftToRight })
            #expect(
                zip(forward, backward).allSatisfy { $0.bounds == $1.bounds && $0.reservedRegions == $1.reservedRegions }
            )
        }
    }

    @Test("the hinged profile reserves a 26 pt band")
    func hingedProfile() throws {
        let hinged = try DeviceProfile.shipped("hinged-duo")
        let context = hinged.context(posture: .halfOpen, orientation: .landscape)
        #expect(context.reservedRegions.first?.width == 26)
    }
}

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
                && failure.difference == "pane p2: frame (1, 0, 475, 328.8) vs (0, 0, 475, 328.8)"
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
                    "prepareTime", "ratioToReference", "ratioToFloor",
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
        #expect(results[0].ratioToReference.map { [$0.value, $0.lower, $0.upper] } == [1, 1, 1])
        let ratio = try #require(results[1].ratioToReference)
        #expect(ratio.lower <= ratio.value && ratio.value <= ratio.upper && ratio.value < 1)
        // The floor over itself is exactly 1; the reference is slower than copying its answer.
        #expect(results[2].ratioToFloor.map { [$0.value, $0.lower, $0.upper] } == [1, 1, 1])
        #expect(try #require(results[0].ratioToFloor).lower > 1)
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

    static func syntheticReport() -> Report {
        var environment = RunEnvironment()
        environment.commit = "abc123"
        environment.date = "2026-11-30T00:00:00Z"
        environment.host = "ci, \"east\""
        let result = VariantResult(
            scenario: "fold-cycle/balanced-d8/iphone-duo", variant: "fast", arrangements: 255, frames: 600,
            refreshRate: 120, batchFrames: 16, samples: [100, 110, 120, 130, 140],
            time: TimeSummary(samples: [100, 110, 120, 130, 140]),
            allocationsPerRelayout: 0, bytesAllocatedPerRelayout: 0, instructionsPerRelayout: 12_345,
            peakResidentBytes: 1 << 20,
            framesOverBudget: 0, prepareNanoseconds: 5000, ratioToReference: (0.1, 0.09, 0.11), checksum: 0xBEEF)
        return Report(environment: environment, options: RunOptions(), results: [result])
    }

    @Test("a report round-trips through JSON: environment, options, metrics, intervals, checksum, samples")
    func reportRoundTrip() throws {
        let report = Self.syntheticReport()
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
        #expect(entry.intervals[.timePerRelayout].map { [$0.lower, $0.upper] } == [time.ci95[0], time.ci95[1]])

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
        let report = Self.syntheticReport()
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

@Suite("The bench's loop")
struct BenchLoopTests {
    @Test("each frame's context reaches the variant whole, across region changes and the wrap-around")
    func contextsReachTheVariant() throws {
        let duo = try DeviceProfile.shipped("iphone-duo")
        let tree = try TreeFactory.balanced(depth: 2)
        for motion in [Motion.foldCycle, .postureFlutter, .rotateHalfOpen] {
            let contexts = Timeline.contexts(motion: motion, device: duo, frames: 90)
            let changes = zip(contexts, contexts.dropFirst()).filter { $0.reservedRegions != $1.reservedRegions }
            #expect(changes.count >= 2, "\(motion): the regions change within the timeline")
            let recording = RecordingResolver()
            let bench = VariantEntry(recording, summary: "records").frameLoop(tree, contexts, now: Clock.now)
            bench.run(from: 70, count: 50)
            bench.run(from: 5, count: 3)
            let expected = Array(contexts[70..<90] + contexts[0..<30] + contexts[5..<8])
            #expect(recording.log.contexts == expected, "\(motion)")
        }
    }

    @Test("prepare's time is the clock's reading after it less the one before")
    func prepareTime() throws {
        var readings: [UInt64] = [1_000, 1_250]
        let loop = VariantEntry(RecordingResolver(), summary: "records").frameLoop(
            try TreeFactory.balanced(depth: 1), [LayoutContext(bounds: .zero)], now: { readings.removeFirst() })
        #expect(loop.prepareNanoseconds == 250 && readings.isEmpty)
    }

    @Test("the planted slowdowns: fast-slowed adds 2 steps per arrangement; fast-slowed-N repeats every Nth frame")
    func plantedSlowdowns() async throws {
        await #expect(processExitsWith: .failure) { _ = RepeatingResolver(name: "r", period: 0) }
        let slowed = try #require(VariantList.entry(named: "fast-slowed")?.variant as? SlowedResolver)
        #expect(slowed.stepsPerArrangement == 2)
        #expect(slowed.prepare(try TreeFactory.balanced(depth: 3)).steps == 14)
        let repeating = RepeatingResolver(name: "r", period: 3)
        let prepared = repeating.prepare(try TreeFactory.balanced(depth: 1))
        var resolution = Resolution(paneCount: 2)
        var counts: [Int] = []
        for _ in 0..<7 {
            repeating.relayout(prepared, in: LayoutContext(bounds: .zero), into: &resolution)
            counts.append(prepared.counter.frames)
        }
        #expect(counts == [1, 2, 0, 1, 2, 0, 1], "the third frame of every three is relayouted again")
        for (name, period) in [("fast-slowed-10", 10), ("fast-slowed-5", 20), ("fast-slowed-2", 50)] {
            #expect((VariantList.entry(named: name)?.variant as? RepeatingResolver)?.period == period, "\(name)")
        }
    }

    @Test("a timed batch is preceded by one untimed frame, the one before it, wrapping at the start")
    func timedBatch() throws {
        let duo = try DeviceProfile.shipped("iphone-duo")
        let contexts = Timeline.contexts(motion: .dragResize, device: duo, frames: 10)
        #expect(Set(contexts.map(\.bounds)).count > 5, "every frame tells itself apart")
        let recording = RecordingResolver()
        let bench = VariantEntry(recording, summary: "records").frameLoop(
            try TreeFactory.balanced(depth: 1), contexts, now: Clock.now)
        #expect(bench.frames == 10)
        #expect(bench.timeBatch(from: 3, count: 4) >= 0)
        #expect(recording.log.contexts == Array(contexts[2..<7]))
        recording.log.contexts = []
        _ = bench.timeBatch(from: 0, count: 2)
        #expect(recording.log.contexts == [contexts[9], contexts[0], contexts[1]])
    }
}
