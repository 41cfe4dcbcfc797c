import ArrangementModel
import ReferenceResolver
import Testing
import Workloads

@testable import FastResolver

/// `fast` tests a proportional split's whole length against one bound per frame and
/// takes the exact path of "Numbers"' zero rule only below it (`Tables.zeroLength`):
/// the path must be taken where a pane's length lies within the tolerance, and never
/// on frames far from every threshold, where it would only cost.
@Suite("fast's exact path")
struct ExactPathTests {
    /// Frames resolved by `fast` with the exact path counted, each checked against the reference.
    func watched(_ tree: ArrangementTree, _ contexts: [LayoutContext]) -> (splits: Int, differences: [String]) {
        #if DEBUG
            let probe = ExactPathProbe()
            var differences: [String] = []
            ExactPathProbe.$current.withValue(probe) {
                let fast = FastResolver()
                let prepared = fast.prepare(tree)
                var resolution = Resolution(paneCount: tree.paneCount)
                for context in contexts {
                    fast.relayout(prepared, in: context, into: &resolution)
                    let want = ReferenceResolver().resolve(tree, in: context)
                    if let difference = ResolutionComparison.firstDifference(resolution, want, ids: tree.paneIDs) {
                        differences.append("\(ResolutionComparison.describe(context)): \(difference)")
                    }
                }
            }
            return (probe.splits, differences)
        #else
            return (-1, ["the probe exists in debug builds only"])
        #endif
    }

    @Test("a split whose panes lie within the tolerance takes the exact path and gives the reference's answer")
    func takenNearTheThreshold() throws {
        // A 0.4 split of a few nanometres, a 0.5 split of the tolerance's width, and a
        // fraction that leaves the far pane a tolerance wide: each length lies on the rule.
        let tree = try TreeFactory.balanced(depth: 2)
        let contexts = [
            LayoutContext(bounds: Rect.unchecked(0, 0, 3e-9, 1e-9)),
            LayoutContext(bounds: Rect.unchecked(0, 0, 2.000000002e-9, 1e-9)),
            LayoutContext(bounds: Rect.unchecked(100, 50, 4e-7, 1e-7)),
        ]
        let (splits, differences) = watched(tree, contexts)
        #expect(differences.isEmpty, "\(differences)")
        #expect(splits >= contexts.count, "the exact path taken \(splits) times")
    }

    @Test("on frames far from every threshold (a device's fold cycle, its every context) the exact path is never taken")
    func neverTakenFarFromThresholds() throws {
        for name in ["fold-cycle/balanced-d8/iphone-duo", "posture-flutter/balanced-d4/hinged-duo"] {
            let workload = try Workload(Scenario(name), catalog: Catalog(), frames: 240)
            let (splits, differences) = watched(workload.tree, workload.contexts)
            #expect(differences.isEmpty, "\(name): \(differences.prefix(3))")
            #expect(splits == 0, "\(name): the exact path taken \(splits) times")
        }
    }
}
