import ArrangementModel
import Variants
import Workloads

/// The edits a variant that remembers is checked over after its adversarial history:
/// every kind of edit the tree allows, each made alone at an unchanged context and then
/// undone with the context changed, then two kinds at once. A timeline of its own (the
/// contexts the scenario's, each edit on its own frame), so that it runs through the
/// frame loop as any timeline with content does.
public struct EditHistory: Sendable {
    /// One context per frame, and the tree of every frame.
    public let contexts: [LayoutContext]
    public let trees: TreeTimeline
    /// Per frame: what happened on it, for a failure's message ("" when nothing did).
    public let steps: [String]
    /// Frames by the kind of edit that landed on them.
    public let coverage: [TreeEdit.Kind: Int]

    /// The history on `tree`, whose contexts come from `timeline` (a few of them, in turn).
    public init(tree: ArrangementTree, timeline: [LayoutContext]) throws(ModelError) {
        let bases = Self.bases(timeline)
        guard let start = bases.first else {
            (contexts, steps, coverage, trees) = ([], [], [:], TreeTimeline(tree))
            return
        }
        var contexts: [LayoutContext] = [start]
        var steps = [""]
        var schedule: [(frame: Int, edits: [TreeEdit])] = []
        var coverage: [TreeEdit.Kind: Int] = [:]
        var next = 1
        // A pair of frames for each edit: made at the context of the frame before (one
        // where the edit shows, moved to first when it is not the last), then undone at the
        // next context; a frame with no edit between pairs.
        for pair in Self.pairs(tree, at: bases) {
            if let base = pair.base, bases[base] != contexts[contexts.count - 1] {
                contexts.append(bases[base])
                steps.append("")
            }
            let context = contexts[contexts.count - 1]
            contexts.append(context)
            steps.append("\(pair.edit.map(\.description).joined(separator: ", ")), the context unchanged")
            schedule.append((contexts.count - 1, pair.edit))
            let changed =
                bases[next % bases.count] != context ? bases[next % bases.count] : bases[(next + 1) % bases.count]
            next += 1
            contexts.append(changed)
            steps.append(
                "\(pair.undo.map(\.description).joined(separator: ", ")), with the context changed to \(ResolutionComparison.describe(changed))"
            )
            schedule.append((contexts.count - 1, pair.undo))
            contexts.append(changed)
            steps.append("")
            for kind in Set((pair.edit + pair.undo).map(\.kind)) { coverage[kind, default: 0] += 1 }
        }
        self.contexts = contexts
        self.steps = steps
        self.coverage = coverage
        trees = try TreeTimeline(tree, frames: contexts.count, schedule: schedule)
    }

    /// A few of the timeline's contexts, different from one another.
    static func bases(_ timeline: [LayoutContext]) -> [LayoutContext] {
        var found: [LayoutContext] = []
        for context in timeline where !found.contains(context) {
            found.append(context)
            if found.count == 4 { break }
        }
        return found
    }

    /// An edit, the edits that undo it, and the base context at which the edit changes the
    /// reference's answer (`nil` when none of the kind's candidates does at any).
    typealias Pair = (edit: [TreeEdit], undo: [TreeEdit], base: Int?)

    /// Each kind of edit the tree allows, with the edits that undo it; then two at once.
    /// Of each kind, the first candidate that changes the reference's answer at one of
    /// `bases`: a cache that forgets an edit is seen only where the edit shows, as a
    /// stale cache is seen only where a change of context shows (the adversarial
    /// history's rule). A subtree inserted, removed or replaced always shows.
    static func pairs(_ tree: ArrangementTree, at bases: [LayoutContext]) -> [Pair] {
        let leaves = Motion.leafPanes(tree)
        guard let first = leaves.first?.pane, let shallow = leaves.min(by: { $0.depth < $1.depth })?.pane else {
            return []
        }
        let (panes, arrangements) = levelOrder(tree, arrangements: candidateArrangements)
        let last = leaves[leaves.count - 1].pane
        func of(_ kind: TreeEdit.Kind) -> (TreeEdit) -> Bool { { $0.kind == kind } }
        let chosen = [
            (preferenceCandidates(first, panes), of(.preference)),
            (priorityCandidates(last, panes, arrangements), of(.priority)),
            (overlayCandidates(first, panes, arrangements), of(.overlayEdges)),
            (styleCandidates(tree, arrangements), of(.style)), (axesCandidates(tree, arrangements), of(.axes)),
        ].map { showing($0.0, of: $0.1, on: tree, at: bases) }
        // A pane's minimum and its ideal each alone, where it shows: a cache may forget one
        // field of a preference and keep the others.
        var pairs =
            chosen
            + [(minimumCandidates(panes), { $0.setsMinimum }), (idealCandidates(panes), { $0.setsIdeal })].map {
                showing($0.0, of: $0.1, on: tree, at: bases)
            }
        if tree.depth < ArrangementTree.maximumDepth, let detail = Motion.detailSubtree(avoiding: Set(tree.paneIDs)) {
            pairs.append(([.insert(shallow.id, detail)], [.remove(shallow.id)], nil))
            if let other = Self.replacement(for: detail, avoiding: Set(tree.paneIDs + detail.allIDs)) {
                // A subtree replaced by another and back, then removed: inserted first.
                pairs.append(([.insert(shallow.id, detail), .replace(shallow.id, other)], [.remove(shallow.id)], nil))
                // Two subtrees at once, into two panes, and both removed at once.
                if let second = leaves.last(where: { $0.pane.id != shallow.id })?.pane {
                    pairs.append(
                        (
                            [.insert(shallow.id, detail), .insert(second.id, other)],
                            [.remove(second.id), .remove(shallow.id)], nil
                        ))
                }
            }
        }
        // Two kinds at once: a priority and a style.
        let (priority, style) = (chosen[1], chosen[3])
        pairs.append((priority.edit + style.edit, style.undo + priority.undo, style.base ?? priority.base))
        return pairs
    }

    /// A subtree of as many panes as `detail` that lays out otherwise wherever it is
    /// shown (layered, not stacked): replacing one by the other always shows, so a cache
    /// that forgot the replacement is seen.
    static func replacement(for detail: Arrangement, avoiding ids: Set<String>) -> Arrangement? {
        guard let other = Motion.detailSubtree(avoiding: ids) else { return nil }
        return Arrangement(style: .overlay(.both), primary: other.primary, secondary: other.secondary)
    }

    /// How many arrangements, from the root down, offer candidates: enough to find one
    /// that shows on trees whose top arrangements hide an edit, few enough that a tree of
    /// thousands costs a few dozen resolutions.
    static let candidateArrangements = 12

    /// The first of `candidates` whose edits of a `kind` change the reference's answer at
    /// one of `bases` (tried in turn), with that base; else the first candidate, shown
    /// nowhere. A candidate's other edits (the minimums that make a priority decide, the
    /// overlay style that gives edges a meaning) are made on both sides, so that the
    /// answer differs by what a cache forgetting `kind` would miss.
    static func showing(
        _ candidates: [(edit: [TreeEdit], undo: [TreeEdit])], of kind: (TreeEdit) -> Bool, on tree: ArrangementTree,
        at bases: [LayoutContext]
    ) -> Pair {
        let reference = VariantList.reference.variant
        func applying(_ edits: [TreeEdit]) -> ArrangementTree? {
            try? edits.reduce(tree) { tree, edit throws(ModelError) in try edit.applied(to: tree) }
        }
        for (index, context) in bases.enumerated() {
            for candidate in candidates {
                guard let edited = applying(candidate.edit),
                    let without = applying(candidate.edit.filter { !kind($0) })
                else { continue }
                if reference.resolve(edited, in: context) != reference.resolve(without, in: context) {
                    return (candidate.edit, candidate.undo, index)
                }
            }
        }
        return (candidates[0].edit, candidates[0].undo, nil)
    }

    /// The panes of the first `count` arrangements in level order (the root's first), and
    /// those arrangements, each named as an edit names it (the pane holding it, or the root).
    static func levelOrder(_ tree: ArrangementTree, arrangements count: Int) -> (
        panes: [Pane], arrangements: [(name: String, arrangement: Arrangement)]
    ) {
        var arrangements = [(name: TreeEdit.rootPane, arrangement: tree.root)]
        var panes: [Pane] = []
        var index = 0
        while index < min(arrangements.count, count) {
            for pane in [arrangements[index].arrangement.primary, arrangements[index].arrangement.secondary] {
                panes.append(pane)
                if let nested = pane.arrangement { arrangements.append((pane.id, nested)) }
            }
            index += 1
        }
        return (panes, Array(arrangements.prefix(count)))
    }

    /// A minimum raised on the first leaf (an ideal equal to it follows, as it does back),
    /// then a split preference changed on each pane along either axis.
    static func preferenceCandidates(_ first: Pane, _ panes: [Pane]) -> [(edit: [TreeEdit], undo: [TreeEdit])] {
        let raised = first.minWidth + 120
        var candidates: [(edit: [TreeEdit], undo: [TreeEdit])] = [
            (
                [
                    .setPane(first.id, .idealWidth(max(first.idealWidth, raised))),
                    .setPane(first.id, .minWidth(raised)),
                ],
                [.setPane(first.id, .minWidth(first.minWidth)), .setPane(first.id, .idealWidth(first.idealWidth))]
            )
        ]
        guard let quarter = try? SizePreference.ratio(ideal: 0.25), let most = try? SizePreference.ratio(ideal: 0.75)
        else { return candidates }
        for pane in panes {
            for axis in [Axis.horizontal, .vertical] {
                let old = pane.split[axis]
                let new = old == quarter ? most : quarter
                candidates.append(([.setPane(pane.id, .split(axis, new))], [.setPane(pane.id, .split(axis, old))]))
            }
        }
        return candidates
    }

    /// Each pane's minimum raised along either axis, alone: by 120 where its ideal equals
    /// it (the ideal follows, and follows back), else up to its ideal (the undo then puts
    /// the ideal back too, as the minimum lowered takes it along).
    static func minimumCandidates(_ panes: [Pane]) -> [(edit: [TreeEdit], undo: [TreeEdit])] {
        panes.flatMap { pane in
            [
                (
                    pane.minWidth, pane.idealWidth, { TreeEdit.setPane(pane.id, .minWidth($0)) },
                    { TreeEdit.setPane(pane.id, .idealWidth($0)) }
                ),
                (
                    pane.minHeight, pane.idealHeight, { TreeEdit.setPane(pane.id, .minHeight($0)) },
                    { TreeEdit.setPane(pane.id, .idealHeight($0)) }
                ),
            ].map {
                (minimum: Double, ideal: Double, setMinimum: (Double) -> TreeEdit, setIdeal: (Double) -> TreeEdit) in
                ideal == minimum
                    ? ([setMinimum(minimum + 120)], [setMinimum(minimum)])
                    : ([setMinimum(ideal)], [setMinimum(minimum), setIdeal(ideal)])
            }
        }
    }

    /// Each pane's ideal size raised by 120 along either axis, alone; then, for a tree
    /// where no pane's split preference is `fixed` (an ideal size decides a length only
    /// there), the same with that axis's preference made `fixed` (the companion edit,
    /// made on both sides of ``showing(_:of:on:at:)``'s test).
    static func idealCandidates(_ panes: [Pane]) -> [(edit: [TreeEdit], undo: [TreeEdit])] {
        func raised(_ pane: Pane, _ axis: Axis) -> (edit: TreeEdit, undo: TreeEdit) {
            axis == .horizontal
                ? (
                    .setPane(pane.id, .idealWidth(pane.idealWidth + 120)),
                    .setPane(pane.id, .idealWidth(pane.idealWidth))
                )
                : (
                    .setPane(pane.id, .idealHeight(pane.idealHeight + 120)),
                    .setPane(pane.id, .idealHeight(pane.idealHeight))
                )
        }
        let alone = panes.flatMap { pane in
            Axis.allCases.map { axis in
                let change = raised(pane, axis)
                return ([change.edit], [change.undo])
            }
        }
        let fixed = panes.flatMap { pane in
            Axis.allCases.map { axis in
                let change = raised(pane, axis)
                return (
                    [TreeEdit.setPane(pane.id, .split(axis, .fixed)), change.edit],
                    [change.undo, TreeEdit.setPane(pane.id, .split(axis, pane.split[axis]))]
                )
            }
        }
        return alone + fixed
    }

    /// A layout priority raised by 2 on the last leaf, then raised and lowered on each
    /// pane; then, for a tree where no priority shows alone (it decides only which view is
    /// solved first between two alike, and which is shown when both do not fit), an
    /// arrangement's two views given minimums that cannot fit, with the secondary made the
    /// more important: the edit's frame shows the secondary alone, and a cache that forgot
    /// the priority shows the primary.
    static func priorityCandidates(
        _ last: Pane, _ panes: [Pane], _ arrangements: [(name: String, arrangement: Arrangement)]
    ) -> [(edit: [TreeEdit], undo: [TreeEdit])] {
        [
            (
                [.setPane(last.id, .layoutPriority(last.layoutPriority + 2))],
                [.setPane(last.id, .layoutPriority(last.layoutPriority))]
            )
        ]
            + panes.flatMap { pane in
                [2.0, -2.0].map { step in
                    (
                        [TreeEdit.setPane(pane.id, .layoutPriority(pane.layoutPriority + step))],
                        [TreeEdit.setPane(pane.id, .layoutPriority(pane.layoutPriority))]
                    )
                }
            }
            + arrangements.prefix(3).map { entry in
                let (primary, secondary) = (entry.arrangement.primary, entry.arrangement.secondary)
                let crowd = [primary, secondary].flatMap { crowded($0) }
                let priority = TreeEdit.setPane(secondary.id, .layoutPriority(primary.layoutPriority + 2))
                let back = TreeEdit.setPane(secondary.id, .layoutPriority(secondary.layoutPriority))
                return (crowd.map(\.edit) + [priority], [back] + crowd.reversed().map(\.undo))
            }
    }

    /// A pane's minimums raised past any screen on both axes (each ideal first, so that it
    /// stays at or above its minimum), and the edits that put them back.
    static func crowded(_ pane: Pane) -> [(edit: TreeEdit, undo: TreeEdit)] {
        let large = 100_000.0
        return [
            (
                .setPane(pane.id, .idealWidth(max(pane.idealWidth, large))),
                .setPane(pane.id, .idealWidth(pane.idealWidth))
            ),
            (.setPane(pane.id, .minWidth(large)), .setPane(pane.id, .minWidth(pane.minWidth))),
            (
                .setPane(pane.id, .idealHeight(max(pane.idealHeight, large))),
                .setPane(pane.id, .idealHeight(pane.idealHeight))
            ),
            (.setPane(pane.id, .minHeight(large)), .setPane(pane.id, .minHeight(pane.minHeight))),
        ]
    }

    /// The first leaf's overlay edges set to trailing and bottom, then each pane's to
    /// every other pair; then, for a tree with no overlay arrangement (edges decide only
    /// where an overlay separated by a divider puts its views), an arrangement made an
    /// overlay on both axes with its secondary's edges set to trailing and bottom: on a
    /// frame with a divider across it the secondary takes the trailing region, and a cache
    /// that forgot the edges shows it in the leading one.
    static func overlayCandidates(
        _ first: Pane, _ panes: [Pane], _ arrangements: [(name: String, arrangement: Arrangement)]
    ) -> [(edit: [TreeEdit], undo: [TreeEdit])] {
        let all: [OverlayEdges] = [
            OverlayEdges(horizontal: .leading, vertical: .top), OverlayEdges(horizontal: .leading, vertical: .bottom),
            OverlayEdges(horizontal: .trailing, vertical: .top), OverlayEdges(horizontal: .trailing, vertical: .bottom),
        ]
        let edges = OverlayEdges(horizontal: .trailing, vertical: .bottom)
        return [([.setPane(first.id, .overlayEdges(edges))], [.setPane(first.id, .overlayEdges(first.overlayEdge))])]
            + panes.flatMap { pane in
                all.filter { $0 != pane.overlayEdge }.map {
                    (
                        [TreeEdit.setPane(pane.id, .overlayEdges($0))],
                        [TreeEdit.setPane(pane.id, .overlayEdges(pane.overlayEdge))]
                    )
                }
            }
            + arrangements.prefix(3).map { entry in
                let (style, secondary) = (entry.arrangement.style, entry.arrangement.secondary)
                return (
                    [.setStyle(entry.name, .overlay(.both)), .setPane(secondary.id, .overlayEdges(edges))],
                    [.setPane(secondary.id, .overlayEdges(secondary.overlayEdge)), .setStyle(entry.name, style)]
                )
            }
    }

    /// The sheet's arrangement switched between split and overlay, then each arrangement's.
    static func styleCandidates(
        _ tree: ArrangementTree, _ arrangements: [(name: String, arrangement: Arrangement)]
    ) -> [(edit: [TreeEdit], undo: [TreeEdit])] {
        func flipped(_ style: ArrangementStyle) -> ArrangementStyle {
            switch style {
            case .split(let axes): .overlay(axes)
            case .overlay(let axes): .split(axes)
            }
        }
        let (name, target) = Motion.sheetTarget(tree)
        return [([.setStyle(name, flipped(target.style))], [.setStyle(name, target.style)])]
            + arrangements.map {
                ([.setStyle($0.name, flipped($0.arrangement.style))], [.setStyle($0.name, $0.arrangement.style)])
            }
    }

    /// The sheet's arrangement held to the other axis, then each arrangement to each other set.
    static func axesCandidates(
        _ tree: ArrangementTree, _ arrangements: [(name: String, arrangement: Arrangement)]
    ) -> [(edit: [TreeEdit], undo: [TreeEdit])] {
        let (name, target) = Motion.sheetTarget(tree)
        let other: AxisSet = target.style.axes == .horizontal ? .vertical : .horizontal
        return [([.setAxes(name, other)], [.setAxes(name, target.style.axes)])]
            + arrangements.flatMap { entry in
                [AxisSet.horizontal, .vertical, .both].filter { $0 != entry.arrangement.style.axes }.map {
                    ([TreeEdit.setAxes(entry.name, $0)], [TreeEdit.setAxes(entry.name, entry.arrangement.style.axes)])
                }
            }
    }
}

extension Arrangement {
    /// The ids of its panes and of every pane below them.
    var allIDs: [String] {
        var ids: [String] = []
        var stack = [self]
        while let arrangement = stack.popLast() {
            for pane in [arrangement.primary, arrangement.secondary] {
                ids.append(pane.id)
                if let nested = pane.arrangement { stack.append(nested) }
            }
        }
        return ids
    }
}
