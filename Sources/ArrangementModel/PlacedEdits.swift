/// A frame's edits with the places they land on in the tree they leave, worked out once
/// before any frame: what the C interface hands a library (each edit's arrangement by
/// its depth-first number), so that a built-in variant's edit frame, too, costs taking
/// the edits rather than finding where they land. A class, so that handing it over is
/// one reference count (each an atomic operation, on an edit frame that is timed), not
/// one per list.
public final class PlacedEdits: Sendable {
    /// The edits, in the order they were made.
    public let edits: [TreeEdit]
    /// The arrangements whose own values the edits change, each once, by depth-first
    /// number in the edited tree (the root 0, then the primary's subtree, then the
    /// secondary's), with their values there: a pane's values change the arrangement that
    /// holds the pane as one of its two; a style or axes the arrangement the pane holds
    /// (or the root). A style set on a pane that a later edit left holding none, or any
    /// edit of a pane a later edit removed, changes nothing. Subtrees inserted, removed
    /// or replaced are not listed: their panes move.
    public let changed: [Changed]
    /// The subtrees inserted, removed or replaced, as the edited tree has them: each pane
    /// such an edit names that the edited tree still has, by its depth-first pane number,
    /// with the subtree it holds there (none after a removal), in pane order; a pane
    /// inside a subtree listed before it is left out (it comes with that subtree).
    public let splices: [Splice]
    /// Whether some edit inserts, removes or replaces a subtree.
    public let movesPanes: Bool

    /// A subtree put in at a pane, or taken out.
    public struct Splice: Equatable, Sendable {
        public let pane: Int
        public let subtree: Arrangement?
    }

    /// One arrangement an edit changed.
    public struct Changed: Equatable, Sendable {
        public let index: Int
        public let arrangement: Arrangement
    }

    /// `edits`, made in order to some tree to give `edited`, with their places there.
    public init(_ edits: [TreeEdit], in edited: ArrangementTree) {
        self.edits = edits
        movesPanes = edits.contains { $0.kind.movesPanes }
        // Each pane's holder and what it holds, by depth-first number, in one walk; and
        // how many arrangements each subtree is.
        var places: [String: (holder: Int, content: Int?)] = [:]
        var arrangements: [Arrangement] = []
        var sizes: [Int] = []
        func walk(_ arrangement: Arrangement) {
            let index = arrangements.count
            arrangements.append(arrangement)
            sizes.append(1)
            for pane in [arrangement.primary, arrangement.secondary] {
                if let nested = pane.arrangement {
                    places[pane.id] = (index, arrangements.count)
                    walk(nested)
                } else {
                    places[pane.id] = (index, nil)
                }
            }
            sizes[index] = arrangements.count - index
        }
        walk(edited.root)
        var splices: [Splice] = []
        var covered = -1  // panes up to this one lie inside a subtree already listed
        let moved = Set(edits.filter(\.kind.movesPanes).compactMap { edited.index(ofPane: $0.pane) })
        for pane in moved.sorted() where pane > covered {
            let content = places[edited.paneIDs[pane]]?.content
            splices.append(Splice(pane: pane, subtree: content.map { arrangements[$0] }))
            covered = pane + 2 * (content.map { sizes[$0] } ?? 0)
        }
        self.splices = splices
        var seen = Set<Int>()
        var changed: [Changed] = []
        for edit in edits where !edit.kind.movesPanes {
            let holds = edit.kind == .style || edit.kind == .axes
            let index =
                holds && edit.pane == TreeEdit.rootPane
                ? 0 : places[edit.pane].flatMap { holds ? $0.content : $0.holder }
            if let index, seen.insert(index).inserted {
                changed.append(Changed(index: index, arrangement: arrangements[index]))
            }
        }
        self.changed = changed
    }
}
