import ArrangementModel
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
        // A pair of frames for each edit: made at the context of the frame before, then
        // undone at the next context; a frame with no edit between pairs.
        for (edit, undo) in Self.pairs(tree) {
            let context = contexts[contexts.count - 1]
            contexts.append(context)
            steps.append("\(edit.map(\.description).joined(separator: ", ")), the context unchanged")
            schedule.append((contexts.count - 1, edit))
            let changed = bases[next % bases.count]
            next += 1
            contexts.append(changed)
            steps.append(
                "\(undo.map(\.description).joined(separator: ", ")), with the context changed to \(ResolutionComparison.describe(changed))"
            )
            schedule.append((contexts.count - 1, undo))
            contexts.append(changed)
            steps.append("")
            for kind in Set((edit + undo).map(\.kind)) { coverage[kind, default: 0] += 1 }
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

    /// Each kind of edit the tree allows, with the edits that undo it; then two at once.
    static func pairs(_ tree: ArrangementTree) -> [(edit: [TreeEdit], undo: [TreeEdit])] {
        let leaves = Motion.leafPanes(tree)
        guard let first = leaves.first?.pane, let shallow = leaves.min(by: { $0.depth < $1.depth })?.pane else {
            return []
        }
        let last = leaves[leaves.count - 1].pane
        var pairs: [(edit: [TreeEdit], undo: [TreeEdit])] = []
        // A preference: a minimum raised (an ideal equal to it follows, as it does back).
        let raised = first.minWidth + 120
        pairs.append(
            (
                [
                    .setPane(first.id, .idealWidth(max(first.idealWidth, raised))),
                    .setPane(first.id, .minWidth(raised)),
                ],
                [.setPane(first.id, .minWidth(first.minWidth)), .setPane(first.id, .idealWidth(first.idealWidth))]
            ))
        pairs.append(
            (
                [.setPane(last.id, .layoutPriority(last.layoutPriority + 2))],
                [.setPane(last.id, .layoutPriority(last.layoutPriority))]
            ))
        let edges = OverlayEdges(horizontal: .trailing, vertical: .bottom)
        pairs.append(
            ([.setPane(first.id, .overlayEdges(edges))], [.setPane(first.id, .overlayEdges(first.overlayEdge))]))
        let (name, target) = Motion.sheetTarget(tree)
        let flipped: ArrangementStyle =
            switch target.style {
            case .split(let axes): .overlay(axes)
            case .overlay(let axes): .split(axes)
            }
        pairs.append(([.setStyle(name, flipped)], [.setStyle(name, target.style)]))
        let axes: AxisSet = target.style.axes == .horizontal ? .vertical : .horizontal
        pairs.append(([.setAxes(name, axes)], [.setAxes(name, target.style.axes)]))
        if tree.depth < ArrangementTree.maximumDepth, let detail = Motion.detailSubtree(avoiding: Set(tree.paneIDs)) {
            pairs.append(([.insert(shallow.id, detail)], [.remove(shallow.id)]))
            if let other = Motion.detailSubtree(avoiding: Set(tree.paneIDs + detail.allIDs)) {
                // A subtree replaced by another and back, then removed: inserted first.
                pairs.append(
                    ([.insert(shallow.id, detail), .replace(shallow.id, other)], [.remove(shallow.id)]))
            }
        }
        // Two kinds at once: a preference and a style.
        pairs.append(
            (
                [.setPane(last.id, .layoutPriority(last.layoutPriority + 2)), .setStyle(name, flipped)],
                [.setStyle(name, target.style), .setPane(last.id, .layoutPriority(last.layoutPriority))]
            ))
        return pairs
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
