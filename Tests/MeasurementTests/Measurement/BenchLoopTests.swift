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
        for (name, period): (VariantName, Int) in [
            ("fast-slowed-10", 10), ("fast-slowed-5", 20), ("fast-slowed-2", 50),
        ] {
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
