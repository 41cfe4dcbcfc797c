import ArrangementModel

/// A subtree inserted, removed or replaced at one pane, taken without compiling the
/// tree again: every other arrangement keeps its compiled entry and its plans, with its
/// pane slots moved past the subtree; only the new subtree is compiled. What is left of
/// a compile is ordering the arrangements and writing the steps.
///
/// In the depth-first numbering a pane's subtree is a run of panes right after it, and
/// of arrangements (an arrangement is numbered when its pane is reached), so the edit
/// cuts one run out of each and puts another in.
struct CompiledSplice {
    /// The edited tree, numbered as ``CompiledTree/Numbering`` numbers it.
    var numbering: CompiledTree.Numbering
    /// Two plans per arrangement, by depth-first number.
    var plans: [AxisPlan]

    /// `old` with every subtree of `splices` spliced in, in their order (each pane before
    /// the one spliced is then already numbered as the edited tree, of `paneCount` panes,
    /// numbers it); the pane values and styles the edits change are left to the caller.
    /// The last splice, for the caller to compile (those before it compiled in `old`'s
    /// order); nil when there is none or one does not fit.
    static func splicing(_ old: CompiledTree, _ splices: [PlacedEdits.Splice], paneCount: Int) -> CompiledSplice? {
        var tree = old
        var last: CompiledSplice?
        for splice in splices {
            if let last { tree = last.compiled(old.order) }
            guard splice.pane < tree.paneCount,
                let next = CompiledSplice(tree, at: splice.pane, inserting: splice.subtree, paneCount: nil)
            else { return nil }
            last = next
        }
        return last?.numbering.paneCount == paneCount ? last : nil
    }

    /// How many arrangements `arrangement` is, with those nested in it.
    static func arrangementCount(_ arrangement: Arrangement) -> Int {
        var count = 0
        var stack = [arrangement]
        while let next = stack.popLast() {
            count += 1
            for pane in [next.primary, next.secondary] { if let nested = pane.arrangement { stack.append(nested) } }
        }
        return count
    }

    /// The numbering of `old` with the subtree held by pane `pane` (none, for an
    /// insertion) taken out and `subtree` put in its place; `paneCount`, when given, the
    /// count the result must have.
    init?(_ old: CompiledTree, at pane: Int, inserting subtree: Arrangement?, paneCount: Int?) {
        let before = Numbering(old)
        let count = before.numbering.compiled.count
        // The old subtree's arrangements: from the one pane `pane` holds, while deeper.
        let start =
            (1..<count).first { before.holder[$0] == pane } ?? (1..<count).first { before.holder[$0] > pane }
            ?? count
        var end = start
        if start < count, before.holder[start] == pane {
            end += 1
            while end < count, before.numbering.depths[end] > before.numbering.depths[start] { end += 1 }
        }
        let removedPanes = 2 * (end - start)
        let inserted = subtree.map { CompiledTree.Numbering($0) }
        let insertedCount = inserted?.compiled.count ?? 0
        let newPaneCount = before.numbering.paneCount - removedPanes + 2 * insertedCount
        guard paneCount == nil || newPaneCount == paneCount else { return nil }
        let delta = 2 * insertedCount - removedPanes
        let slotsPerPane = MemoryLayout<PaneLayout>.stride / 8
        /// A pane slot of the old numbering in the new one.
        func moved(_ slot: PaneSlot) -> PaneSlot {
            let index = Int(slot.rawValue) / slotsPerPane
            return index > pane + removedPanes ? PaneSlot(pane: index + delta) : slot
        }
        let newCount = count - (end - start) + insertedCount
        var numbering = CompiledTree.Numbering(capacity: newCount)
        numbering.paneCount = newPaneCount
        var plans: [AxisPlan] = []
        plans.reserveCapacity(2 * newCount)
        /// Old arrangement `index`, its slots moved and its parent renumbered.
        func keep(_ index: Int) {
            var compiled = before.numbering.compiled[index]
            compiled.primary = moved(compiled.primary)
            compiled.secondary = moved(compiled.secondary)
            numbering.compiled.append(compiled)
            numbering.parentSlots.append(moved(before.numbering.parentSlots[index]))
            numbering.depths.append(before.numbering.depths[index])
            let parent = before.numbering.parents[index]
            numbering.parents.append(parent < start ? parent : parent - (end - start) + insertedCount)
            plans.append(before.plans[2 * index])
            plans.append(before.plans[2 * index + 1])
        }
        for index in 0..<start { keep(index) }
        if let inserted, let subtree {
            let owner = before.owner[pane]
            let depth = before.numbering.depths[owner] + 1
            let offset = pane + 1
            for index in 0..<insertedCount {
                var compiled = inserted.compiled[index]
                compiled.primary = PaneSlot(pane: Int(compiled.primary.rawValue) / slotsPerPane + offset)
                compiled.secondary = PaneSlot(pane: Int(compiled.secondary.rawValue) / slotsPerPane + offset)
                numbering.compiled.append(compiled)
                numbering.parentSlots.append(
                    index == 0
                        ? PaneSlot(pane: pane)
                        : PaneSlot(pane: Int(inserted.parentSlots[index].rawValue) / slotsPerPane + offset))
                numbering.depths.append(inserted.depths[index] + depth)
                numbering.parents.append(index == 0 ? owner : inserted.parents[index] + start)
            }
            plans += CompiledTree.plans(subtree, count: insertedCount, position: Array(0..<insertedCount))
        }
        for index in end..<count { keep(index) }
        self.numbering = numbering
        self.plans = plans
    }

    /// The edited tree compiled in `order` (its own tables, or `other`'s when shared).
    func compiled(_ order: CompiledTree.Order, sharingTablesOf other: CompiledTree? = nil) -> CompiledTree {
        CompiledTree(numbering, order: order, sharingTablesOf: other) { count, position in
            [AxisPlan](unsafeUninitializedCapacity: 2 * count) { placed, initialized in
                for index in 0..<count {
                    (placed.baseAddress! + 2 * position[index]).initialize(to: plans[2 * index])
                    (placed.baseAddress! + 2 * position[index] + 1).initialize(to: plans[2 * index + 1])
                }
                initialized = 2 * count
            }
        }
    }

    /// A compiled tree's numbering read back from its tables: each arrangement's entry,
    /// plans, parent slot, parent and depth, and each pane's arrangement and holder.
    struct Numbering {
        var numbering: CompiledTree.Numbering
        var plans: [AxisPlan] = []
        /// Per arrangement, the pane holding it (0 for the root, which no pane holds).
        var holder: [Int] = []
        /// Per pane, the arrangement it belongs to.
        var owner: [Int] = []

        init(_ tree: CompiledTree) {
            let count = tree.count
            let slotsPerPane = MemoryLayout<PaneLayout>.stride / 8
            let tables = tree.storage.sharedFrom ?? tree.storage
            numbering = CompiledTree.Numbering(capacity: count)
            numbering.paneCount = tree.paneCount
            plans.reserveCapacity(2 * count)
            holder.reserveCapacity(count)
            owner = [Int](repeating: 0, count: tree.paneCount)
            for index in 0..<count {
                let step = tree.storage.steps[Int(tree.storage.storedPlace[index])]
                let arrangement = tables.arrangements[step.tableIndex]
                numbering.compiled.append(arrangement)
                numbering.parentSlots.append(step.parent)
                holder.append(index == 0 ? 0 : Int(step.parent.rawValue) / slotsPerPane)
                plans.append(tables.plans[2 * step.tableIndex])
                plans.append(tables.plans[2 * step.tableIndex + 1])
                owner[Int(arrangement.primary.rawValue) / slotsPerPane] = index
                owner[Int(arrangement.secondary.rawValue) / slotsPerPane] = index
            }
            // A parent comes before its children in the depth-first numbering.
            numbering.parents.append(0)
            numbering.depths.append(0)
            for index in 1..<max(count, 1) {
                let parent = owner[holder[index]]
                numbering.parents.append(parent)
                numbering.depths.append(numbering.depths[parent] + 1)
            }
        }
    }
}
