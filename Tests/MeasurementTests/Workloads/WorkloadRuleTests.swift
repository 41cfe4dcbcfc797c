import ArrangementModel
import TestSupport
import Testing

@testable import Workloads

@Suite("Workloads' rules pinned by hand")
struct WorkloadRuleTests {
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

    @Test("resize-back's drags, worked by hand at 120 Hz: 90 % of the width a quarter of the way into each")
    func resizeBack() {
        // 0.2 s held, dragged to 0.8 in 0.05 s, held 0.1 s, dragged back in 0.05 s.
        for (frame, fraction) in [(0, 1.0), (27, 0.9), (33, 0.8), (45, 0.9), (48, 1.0), (60, 1.0), (87, 0.9)] {
            let state = Motion.resizeBack.state(atFrame: frame, refreshRate: 120)
            #expect(abs(state.widthFraction - fraction) < 1e-12, "frame \(frame): \(state.widthFraction)")
        }
    }
}
