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
                    // Frames exactly: the zero rule moves a length by less than the
                    // comparison of answers allows.
                    if resolution.panes.map(\.frame) != want.panes.map(\.frame) {
                        differences.append("\(ResolutionComparison.describe(context)): the frames differ")
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

    @Test(
        "an edit that gives a pane a sliver of a share keeps the exact path where the pane falls within the tolerance")
    func editedShare() throws {
        // balanced-d2's root primary is p1: 0.5 of 400 pt, then a share of 1e-12 leaves its
        // nested split a pane of 2e-10 pt, within the tolerance (about 1.2e-6 pt here).
        let tree = try TreeFactory.balanced(depth: 2)
        let edits = [TreeEdit.setPane("p2", .split(.horizontal, try .ratio(ideal: 1e-12)))]
        let edited = try edits.reduce(tree) { tree, edit throws(ModelError) in try edit.applied(to: tree) }
        let fast = FastResolver()
        var prepared = fast.prepare(tree)
        #expect(fast.edit(&prepared, with: edits, giving: edited))
        let context = LayoutContext(bounds: Rect.unchecked(0, 0, 800, 400))
        var resolution = Resolution(paneCount: edited.paneCount)
        fast.relayout(prepared, in: context, into: &resolution)
        let want = ReferenceResolver().resolve(edited, in: context)
        // Exactly: the zero rule moves a length by less than the tolerance the comparison
        // of answers allows, so only the frames themselves show whether it was applied.
        #expect(resolution.panes.map(\.frame) == want.panes.map(\.frame))
        #expect(want.panes[edited.paneIDs.firstIndex(of: "p2")!].frame.width == 0)
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
