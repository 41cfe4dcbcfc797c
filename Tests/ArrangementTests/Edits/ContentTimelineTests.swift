import ArrangementModel
import FastResolver
import Measurement
import ReferenceResolver
import SceneGenerator
import Support
import Testing
import Variants
import Workloads

@Suite("Timelines with content")
struct ContentTimelineTests {
    let tree = try! TreeFactory.balanced(depth: 4)

    @Test("a tree timeline splits at the frames edits land on, finds each frame's tree, and knows its wrap-around")
    func segments() throws {
        let leaf = try #require(Motion.leafPanes(tree).first?.pane)
        let raised = TreeEdit.setPane(leaf.id, .minHeight(leaf.minHeight + 50))
        let back = TreeEdit.setPane(leaf.id, .minHeight(leaf.minHeight))
        let trees = try TreeTimeline(tree, frames: 10, schedule: [(7, [back]), (3, [raised])])
        #expect(trees.segments.map(\.start) == [0, 3, 7])
        #expect(trees.tree(atFrame: 2) == tree && trees.tree(atFrame: 3) != tree && trees.tree(atFrame: 9) == tree)
        #expect(trees.edits(atFrame: 3) == [raised] && trees.edits(atFrame: 4).isEmpty)
        #expect(!trees.restoresAtWrap && !trees.changesContent(atFrame: 0) && trees.changesContent(atFrame: 7))
        let open = try TreeTimeline(tree, frames: 10, schedule: [(3, [raised])])
        #expect(open.restoresAtWrap && open.changesContent(atFrame: 0))
        #expect(EditFrame.frames(of: open, count: 10).map(\.kinds) == [["restore"], ["preference"]])
    }

    @Test(
        "a timeline that wraps round to another tree carries the edits that undo its own, which give the first tree back; fast and incremental take them in place"
    )
    func wrapEdits() throws {
        for (motion, device) in [
            (Motion.listLoading, "iphone-duo"), (.detail, "pixel-9-pro-fold"), (.keyboard, "hinged-duo"),
        ] {
            let scenario = Scenario(motion: motion, tree: .balanced(depth: 4), device: device)
            for frames in [100, 240, 333] {
                let trees = try Workload(scenario, catalog: Catalog(), frames: frames).trees
                guard trees.restoresAtWrap else {
                    #expect(trees.wrapEdits.isEmpty)
                    continue
                }
                #expect(!trees.wrapEdits.isEmpty, "\(scenario) over \(frames) frames")
                var tree = trees.segments[trees.segments.count - 1].tree
                for edit in trees.wrapEdits { tree = try edit.applied(to: tree) }
                #expect(tree == trees.first, "\(scenario) over \(frames) frames")
            }
        }
        // Each kind undone: applied, then undone, gives the tree back.
        let leaf = try #require(Motion.leafPanes(tree).first?.pane)
        let subtree = try #require(Motion.detailSubtree(avoiding: Set(tree.paneIDs)))
        let edits: [TreeEdit] = [
            .setPane(leaf.id, .minWidth(leaf.minWidth + 50)), .setPane(leaf.id, .idealHeight(leaf.idealHeight + 9)),
            .setPane(leaf.id, .layoutPriority(3)), .setPane(leaf.id, .split(.vertical, .fixed)),
            .setPane(leaf.id, .overlayEdges(OverlayEdges(vertical: .bottom))), .setStyle("root", .overlay(.vertical)),
            .setAxes("p1", .vertical), .insert(leaf.id, subtree), .remove("p1"), .replace("s1", subtree),
        ]
        for edit in edits {
            let undo = try #require(edit.undoing(in: tree), "\(edit.description)")
            var back = try edit.applied(to: tree)
            for step in undo { back = try step.applied(to: back) }
            #expect(back == tree, "\(edit.description)")
        }
    }

    @Test("an edit that names nothing, or lands outside the timeline, is refused with its frame and its rule")
    func refusals() {
        #expect(throws: ModelError.self) {
            try TreeTimeline(self.tree, frames: 10, schedule: [(4, [.remove("nowhere")])])
        }
        do {
            _ = try TreeTimeline(tree, frames: 10, schedule: [(4, [.remove("nowhere")])])
        } catch {
            #expect(error.rule.hasPrefix("frame 4, pane \"nowhere\""), "\(error)")
        }
        #expect(throws: ModelError.self) { try TreeTimeline(self.tree, frames: 10, schedule: [(10, [.remove("p1")])]) }
    }

    /// Every motion with content, on a few trees and devices.
    static let cases: [(Motion, String, String)] = [Motion.listLoading, .keyboard, .sheet, .detail].flatMap { motion in
        [("balanced-d1", "pixel-9-pro-fold"), ("balanced-d4", "galaxy-z-trifold"), ("chain-d32", "hinged-duo")].map {
            (motion, $0.0, $0.1)
        }
    }

    @Test("each motion with content edits the tree on the frames it says, and the edits change the answer somewhere")
    func schedules() throws {
        for (motion, treeName, device) in Self.cases {
            let scenario = Scenario(motion: motion, tree: try TreeSpec(treeName), device: device)
            let workload = try Workload(scenario, catalog: Catalog(), frames: 240)
            let trees = workload.trees
            #expect(trees.hasEdits, "\(scenario)")
            // The keyboard, the sheet and the detail come back to the tree they left.
            if motion != .listLoading { #expect(!trees.restoresAtWrap, "\(scenario)") }
            // Some frame's answer differs from the unedited tree's in the same context.
            let changed = stride(from: 0, to: 240, by: 3).contains { frame in
                let edited = trees.tree(atFrame: frame)
                guard edited.paneCount == workload.tree.paneCount else { return true }
                let context = workload.contexts[frame]
                return ReferenceResolver().resolve(edited, in: context)
                    != ReferenceResolver().resolve(workload.tree, in: context)
            }
            #expect(changed, "\(scenario): no edit changes the answer")
        }
    }

    @Test("fast and incremental equal the reference on every frame of every motion with content, twice round")
    func framesAgree() throws {
        for (motion, treeName, device) in Self.cases {
            let scenario = Scenario(motion: motion, tree: try TreeSpec(treeName), device: device)
            let workload = try Workload(scenario, catalog: Catalog(), frames: 240)
            let entries = ["fast", "incremental"].compactMap { VariantList.entry(named: VariantName($0)) }
            _ = try Runner.verify(
                entries, entries.map { $0.frameLoop(workload.trees, workload.contexts, now: Clock.now) },
                reference: VariantList.reference.frameLoop(workload.trees, workload.contexts, now: Clock.now),
                trees: workload.trees, contexts: workload.contexts, scenario: scenario.name)
        }
    }

    /// A variant that counts its prepares, as the fast resolver otherwise.
    struct CountingPrepares: ResolverVariant {
        final class Count: @unchecked Sendable { var value = 0 }
        let count = Count()
        var name: String { "counting" }
        func prepare(_ tree: ArrangementTree) -> CompiledTree {
            count.value += 1
            return FastResolver().prepare(tree)
        }
        func relayout(_ prepared: CompiledTree, in context: LayoutContext, into resolution: inout Resolution) {
            FastResolver().relayout(prepared, in: context, into: &resolution)
        }
    }

    @Test(
        "the loop prepares the edited tree on the frames edits land on, and nowhere else, unless the variant takes them"
    )
    func preparesOnEditFrames() throws {
        let scenario = Scenario(motion: .detail, tree: .balanced(depth: 4), device: "iphone-duo")
        let workload = try Workload(scenario, catalog: Catalog(), frames: 240)
        let variant = CountingPrepares()
        let loop = VariantEntry(variant, summary: "test").frameLoop(workload.trees, workload.contexts, now: Clock.now)
        #expect(variant.count.value == 1)
        loop.run(from: 0, count: 240)
        let edits = workload.trees.segments.count - 1
        #expect(variant.count.value == 1 + edits)
        // Round again: the detail ends closed, so the wrap-around prepares nothing.
        loop.run(from: 240, count: 240)
        #expect(variant.count.value == 1 + 2 * edits)
        // A range that starts mid-timeline brings the tree to its frame first.
        let middle = workload.trees.segments[1].start + 1
        loop.run(from: middle, count: 1)
        #expect(variant.count.value == 2 + 2 * edits)
        #expect(
            loop.resolution(atFrame: middle)
                == ReferenceResolver().resolve(
                    workload.trees.tree(atFrame: middle), in: workload.contexts[middle]))
    }
}

@Suite("Edits taken in place")
struct InPlaceEditTests {
    /// A few edits that keep the panes where they were, drawn for `tree`: a pane's values,
    /// an arrangement's style or axes, each on a pane drawn from the whole tree.
    static func edits(_ tree: ArrangementTree, _ generator: inout SceneGenerator<SeededSource>) -> [TreeEdit] {
        let holders = [TreeEdit.rootPane] + SplicedEditTests.leavesAndHolders(tree).holders
        return (0..<generator.source.int(in: 1...3)).map { _ in
            let pane = tree.paneIDs[generator.source.int(in: 0...(tree.paneCount - 1))]
            let holder = holders[generator.source.int(in: 0...(holders.count - 1))]
            switch generator.source.int(in: 0...5) {
            case 0: return .setPane(pane, .layoutPriority(generator.source.double(in: -2...2).rounded()))
            case 1: return .setPane(pane, .split(.horizontal, try! .ratio(ideal: 0.3)))
            case 2: return .setPane(pane, .overlayEdges(OverlayEdges(horizontal: .trailing)))
            case 3: return .setStyle(holder, generator.source.bool() ? .overlay(.both) : .split(.vertical))
            case 4: return .setAxes(holder, .horizontal)
            default: return .setPane(pane, .split(.vertical, .fixed))
            }
        }
    }

    @Test("fast and incremental, given edits in place, answer as the edited tree freshly prepared, on 200 seeded trees")
    func asFreshlyPrepared() throws {
        var generator = SceneGenerator(seed: 55)
        var compared = 0
        for index in 0..<200 {
            let tree = try generator.tree(arrangements: generator.source.int(in: 1...60), maximumDepth: 12)
            let edits = Self.edits(tree, &generator)
            var edited = tree
            do {
                for edit in edits { edited = try edit.applied(to: edited) }
            } catch { continue }  // an edit this tree refuses (a minimum above an ideal)
            let walk = generator.walk(for: tree, steps: 4)
            Self.expectTaken(edits, from: tree, giving: edited, over: walk, "tree \(index)")
            compared += walk.count
        }
        #expect(compared > 400)
    }

    /// `fast` and `incremental` (after a frame of `walk`) take `edits` made to `tree` in
    /// place, then answer every context of `walk` as the reference answers `edited`.
    /// Returns the fast variant's tree.
    @discardableResult
    static func expectTaken(
        _ edits: [TreeEdit], from tree: ArrangementTree, giving edited: ArrangementTree, over walk: [LayoutContext],
        _ label: String
    ) -> CompiledTree {
        let described = "\(label), after \(edits.map(\.description))"
        var fast = FastResolver().prepare(tree)
        #expect(FastResolver().edit(&fast, with: edits, giving: edited), "\(described)")
        var memory = IncrementalResolver().prepare(tree)
        var resolution = Resolution(paneCount: tree.paneCount)
        IncrementalResolver().relayout(memory, in: walk[0], into: &resolution)
        #expect(IncrementalResolver().edit(&memory, with: edits, giving: edited), "\(described)")
        resolution = Resolution(paneCount: edited.paneCount)
        for context in walk {
            let want = ReferenceResolver().resolve(edited, in: context)
            var got = Resolution(paneCount: edited.paneCount)
            FastResolver().relayout(fast, in: context, into: &got)
            #expect(got == want, "fast, \(described)")
            IncrementalResolver().relayout(memory, in: context, into: &resolution)
            #expect(resolution == want, "incremental, \(described)")
        }
        return fast
    }
}

@Suite("Subtrees spliced in place")
struct SplicedEditTests {
    /// `arrangement` with every pane's id prefixed, so it can go into a tree that uses its ids.
    static func renamed(_ arrangement: Arrangement, _ prefix: String) throws -> Arrangement {
        func pane(_ pane: Pane) throws -> Pane {
            var content = PaneContent.view
            if let nested = pane.arrangement { content = .arrangement(try renamed(nested, prefix)) }
            return try Pane(
                id: prefix + pane.id, layoutPriority: pane.layoutPriority, minWidth: pane.minWidth,
                minHeight: pane.minHeight, idealWidth: pane.idealWidth, idealHeight: pane.idealHeight,
                split: pane.split,
                overlayEdge: pane.overlayEdge, content: content)
        }
        return Arrangement(
            style: arrangement.style, primary: try pane(arrangement.primary), secondary: try pane(arrangement.secondary)
        )
    }

    @Test(
        "a subtree inserted, removed or replaced is spliced into fast's and incremental's tables: stored as a fresh compile stores it, answering as the reference, on 200 seeded trees"
    )
    func asFreshlyCompiled() throws {
        var generator = SceneGenerator(seed: 56)
        var kinds: [TreeEdit.Kind: Int] = [:]
        for index in 0..<200 {
            let tree = try generator.tree(arrangements: generator.source.int(in: 1...40), maximumDepth: 10)
            let (leaves, holders) = Self.leavesAndHolders(tree)
            let inserted = try Self.renamed(
                generator.tree(arrangements: generator.source.int(in: 1...8), maximumDepth: 4).root, "new-")
            let leaf = leaves[generator.source.int(in: 0...(leaves.count - 1))]
            let edit: TreeEdit
            switch holders.isEmpty ? 0 : generator.source.int(in: 0...2) {
            case 0: edit = .insert(leaf, inserted)
            case 1: edit = .remove(holders[generator.source.int(in: 0...(holders.count - 1))])
            default: edit = .replace(holders[generator.source.int(in: 0...(holders.count - 1))], inserted)
            }
            guard let edited = try? edit.applied(to: tree) else { continue }  // deeper than the contract allows
            kinds[edit.kind, default: 0] += 1
            let walk = generator.walk(for: tree, steps: 4)
            let fast = InPlaceEditTests.expectTaken([edit], from: tree, giving: edited, over: walk, "tree \(index)")
            let fresh = FastResolver().prepare(edited)
            #expect(fast.paneCount == edited.paneCount)
            #expect(
                fast.storedPanes.map { [$0.holder, $0.primary, $0.secondary] }
                    == fresh.storedPanes.map { [$0.holder, $0.primary, $0.secondary] },
                "tree \(index), \(edit.description)")
        }
        #expect(
            kinds[.insert, default: 0] > 30 && kinds[.remove, default: 0] > 30 && kinds[.replace, default: 0] > 30,
            "\(kinds)")
    }

    /// Several edits on one frame, two to five, subtrees inserted, removed and replaced
    /// among a pane's values and styles (an edit may land inside a subtree an earlier one
    /// inserted, or on one a later one removes): taken in place by both, stored as a fresh
    /// compile stores the edited tree, answering as the reference does.
    @Test
    func severalEditsOnOneFrameAreTakenInPlace() throws {
        var generator = SceneGenerator(seed: 57)
        var taken = 0
        var structuralPerFrame: [Int: Int] = [:]
        for index in 0..<200 {
            let tree = try generator.tree(arrangements: generator.source.int(in: 1...30), maximumDepth: 8)
            var edits: [TreeEdit] = []
            var edited = tree
            for step in 0..<generator.source.int(in: 2...5) {
                let candidates =
                    Self.structuralEdits(edited, &generator, prefix: "n\(step)-")
                    + InPlaceEditTests.edits(edited, &generator)
                let edit = candidates[generator.source.int(in: 0...(candidates.count - 1))]
                guard let next = try? edit.applied(to: edited) else { continue }
                edits.append(edit)
                edited = next
            }
            let structural = edits.filter(\.kind.movesPanes).count
            guard structural > 0, edits.count > 1 else { continue }
            structuralPerFrame[min(structural, 3), default: 0] += 1
            let walk = generator.walk(for: tree, steps: 3)
            let fast = InPlaceEditTests.expectTaken(edits, from: tree, giving: edited, over: walk, "tree \(index)")
            let fresh = FastResolver().prepare(edited)
            #expect(
                fast.storedPanes.map { [$0.holder, $0.primary, $0.secondary] }
                    == fresh.storedPanes.map { [$0.holder, $0.primary, $0.secondary] },
                "tree \(index), \(edits.map(\.description))")
            taken += 1
        }
        #expect(taken > 100 && structuralPerFrame[2, default: 0] > 20, "\(taken), \(structuralPerFrame)")
    }

    /// The ids of the panes that hold a view, and of those that hold an arrangement.
    static func leavesAndHolders(_ tree: ArrangementTree) -> (leaves: [String], holders: [String]) {
        var leaves: [String] = []
        var holders: [String] = []
        var stack = [tree.root]
        while let arrangement = stack.popLast() {
            for pane in [arrangement.primary, arrangement.secondary] {
                if let nested = pane.arrangement {
                    holders.append(pane.id)
                    stack.append(nested)
                } else {
                    leaves.append(pane.id)
                }
            }
        }
        return (leaves, holders)
    }

    /// A subtree inserted into a leaf of `tree`, one of its subtrees removed, or replaced.
    static func structuralEdits(
        _ tree: ArrangementTree, _ generator: inout SceneGenerator<SeededSource>, prefix: String
    ) -> [TreeEdit] {
        let (leaves, holders) = leavesAndHolders(tree)
        guard
            let inserted = try? renamed(
                generator.tree(arrangements: generator.source.int(in: 1...4), maximumDepth: 3).root, prefix)
        else { return [] }
        var edits: [TreeEdit] = [.insert(leaves[generator.source.int(in: 0...(leaves.count - 1))], inserted)]
        if !holders.isEmpty {
            let holder = holders[generator.source.int(in: 0...(holders.count - 1))]
            edits += [.remove(holder), .replace(holder, inserted)]
        }
        return edits
    }
}
