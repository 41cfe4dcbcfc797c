import Foundation
import Measurement
import Reports
import SceneGenerator
import Support
import TestSupport
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

    func instructions(_ path: String, metric: Metric = .instructionsPerRelayout) throws -> [VariantName: Double] {
        let summary = try Report.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        return Dictionary(
            uniqueKeysWithValues: summary.results.map { ($0.variant, $0.metrics[metric] ?? -1) })
    }

    @Test("on a tree too small to remember, incremental's frames are fast's: the same instructions, exactly")
    func smallTreeFramesAreFast() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runBinary([
            "run", "--scenario", "fold-cycle/balanced-d4/iphone-duo", "--variant", "fast", "--variant", "incremental",
            "--frames", "24", "--time-per-scenario", "0", "--instructions", "--out", directory.path,
        ])
        #expect(result.status == 0, "\(result.err)")
        let path = directory.appendingPathComponent("latest.json").path
        for metric in [Metric.instructionsPerRelayout, .worstFrameInstructions] {
            let counts = try instructions(path, metric: metric)
            #expect(counts["fast"]! > 0 && counts["incremental"] == counts["fast"], "\(metric): \(counts)")
        }
    }

    /// Told by the frame loop that the bounds changed, incremental runs the fast
    /// resolver's frame with no comparison: about 40 instructions above fast's in a
    /// release build; in a debug one (the tests' binary) some 260 below, as fast's frame
    /// goes through two more functions there. Finding out itself, it cost 250 above in a
    /// debug build; 1,266 when the check was a call into the pass's code.
    @Test("on frames that each move the root, incremental told so costs fast's frame, without a check")
    func rootFramesCostTheCheckOnly() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runBinary([
            "run", "--scenario", "drag-resize/balanced-d8/iphone-duo", "--variant", "fast", "--variant",
            "incremental", "--frames", "24", "--time-per-scenario", "0", "--instructions", "--out", directory.path,
        ])
        #expect(result.status == 0, "\(result.err)")
        let path = directory.appendingPathComponent("latest.json").path
        for metric in [Metric.instructionsPerRelayout, .worstFrameInstructions] {
            let counts = try instructions(path, metric: metric)
            let (fast, incremental) = (counts["fast"]!, counts["incremental"]!)
            #expect(fast > 10_000 && incremental < fast + 100, "\(metric): \(counts)")
        }
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

    @Test("a variant slow on one frame in 600: the worst frame's count gate catches it, the mean's does not")
    func worstFrameGate() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try runBinary([
            "run", "--scenario", "hold/balanced-d8/iphone-duo", "--variant", "fast", "--variant", "fast-spike-600",
            "--time-per-scenario", "0", "--instructions", "--out", directory.path,
        ])
        #expect(result.status == 0, "\(result.err)")
        let path = directory.appendingPathComponent("latest.json").path
        let report = try Report.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        let fast = try #require(report.results.first { $0.variant == "fast" })
        let spike = try #require(report.results.first { $0.variant == "fast-spike-600" })
        // Every frame of the timeline counted on its own; the spike's is the 600th.
        #expect(fast.frameInstructions.count == 600 && spike.frameInstructions.count == 600)
        #expect(spike.worstFramesByInstructions.first?.frame == 599)
        let worst = try #require(spike.metrics[.worstFrameInstructions])
        #expect(worst > 1.5 * (try #require(fast.metrics[.worstFrameInstructions])))
        // At the same 1 % threshold: the mean's gate passes it, the worst frame's fails it.
        let mean = runFoldBench(["compare", path, path, "--pair", "fast=fast-spike-600", "--gate", "instructions"])
        #expect(mean.status == 0, "\(mean.out)\(mean.err)")
        let frame = runFoldBench([
            "compare", path, path, "--pair", "fast=fast-spike-600", "--gate", "worst-frame-instructions",
        ])
        #expect(frame.status == 1, "\(frame.out)\(frame.err)")
        #expect(
            frame.out.split(separator: "\n").contains {
                $0.contains("worstFrameInstructions") && $0.hasSuffix("regression")
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
