import ArrangementModel
import Measurement
import ReferenceResolver
import SceneGenerator
import Testing
import Variants
import Workloads

@Suite("Device timelines, every variant")
struct DeviceTimelineTests {
    /// Every modelled motion and every shipped trace.
    static let motions = Motion.allCases.map(\.rawValue) + Catalog.shippedTraces

    @Test(
        "every shipped device's every motion, frame by frame in order, resolves as a fresh reference does",
        arguments: DeviceProfile.shippedNames)
    func everyMotion(device name: String) throws {
        let device = try DeviceProfile.shipped(name)
        var generator = SceneGenerator(seed: 7)
        let trees = [
            try TreeFactory.balanced(depth: 4), try generator.tree(arrangements: 60, maximumDepth: 8),
        ]
        var regionsSeen = 0
        for motionName in Self.motions {
            let motion = try Catalog().motion(motionName)
            if case .trace(let trace) = motion, trace.hinges != device.hinges.count { continue }
            if case .trace(let trace) = motion, (try? trace.check(on: device)) == nil { continue }
            for direction in [LayoutDirection.leftToRight, .rightToLeft] {
                let contexts = Timeline.contexts(source: motion, device: device, frames: 240, direction: direction)
                regionsSeen = max(regionsSeen, contexts.map(\.reservedRegions.count).max() ?? 0)
                for tree in trees {
                    let reference = contexts.map { ReferenceResolver().resolve(tree, in: $0) }
                    for entry in allCandidates {
                        let loop = entry.frameLoop(tree, contexts, now: Clock.now)
                        for frame in contexts.indices {
                            let got = loop.resolution(atFrame: frame)
                            if let difference = ResolutionComparison.firstDifference(
                                got, reference[frame], ids: tree.paneIDs)
                            {
                                Issue.record(
                                    "\(entry.name), \(motionName)/\(name) \(direction.name), frame \(frame): \(difference)"
                                )
                                return
                            }
                        }
                    }
                }
            }
        }
        #expect(regionsSeen == (name == "galaxy-z-trifold" ? 2 : 1))
    }
}
