import ArrangementModel
import FastResolver

/// Test only: the fast resolver taking edits in place but forgetting one kind of them
/// (leaving the compiled tables as they were for it), as layout engines whose cache
/// misses a style change have shipped. The harness must refuse each on every frame such
/// an edit changes: its timeline checks compare every frame with the reference on the
/// edited tree.
public struct EditForgettingResolver: ResolverVariant {
    /// The kinds of edit a planted cache forgets.
    public enum Fault: String, Sendable, CaseIterable {
        /// A pane's preference (minimum, ideal, split preference): a list that loaded.
        case preference
        /// An arrangement's style or axes: a sheet presented.
        case style
        /// A pane's layout priority: which view a layered arrangement shows in front.
        case priority
        /// A pane's overlay edges: where a layered secondary sits.
        case overlayEdges = "overlay-edges"
        /// Only an arrangement's permitted axes, its style kept.
        case axes
        /// A subtree replaced by another of as many panes: a detail swapped for another.
        case replace

        /// A pane's minimum alone (its ideal, and an ideal that follows it, kept).
        case minimum
        /// A pane's ideal size alone.
        case ideal

        /// Whether `edit` is what this fault forgets.
        func forgets(_ edit: TreeEdit) -> Bool {
            switch self {
            case .preference: edit.kind == .preference
            case .style: edit.kind == .style || edit.kind == .axes
            case .priority: edit.kind == .priority
            case .overlayEdges: edit.kind == .overlayEdges
            case .axes: edit.kind == .axes
            case .replace: edit.kind == .replace
            case .minimum: edit.setsMinimum
            case .ideal: edit.setsIdeal
            }
        }
    }

    public let forgets: Fault

    public init(forgetting fault: Fault) { forgets = fault }

    public var name: String { "fast-forgets-\(forgets.rawValue)-edits" }

    /// The compiled tree and the tree as this cache believes it is (without the edits it forgot).
    public final class Prepared: @unchecked Sendable {
        var compiled: CompiledTree
        var tree: ArrangementTree

        init(_ tree: ArrangementTree) {
            compiled = FastResolver().prepare(tree)
            self.tree = tree
        }
    }

    public func prepare(_ tree: ArrangementTree) -> Prepared { Prepared(tree) }

    public func relayout(_ prepared: Prepared, in context: LayoutContext, into resolution: inout Resolution) {
        FastResolver().relayout(prepared.compiled, in: context, into: &resolution)
    }

    /// The fast resolver's edit, made on the tree as this cache believes it is, with the
    /// forgotten kind left out; prepared anew when what it believes has another pane
    /// count than the edited tree (a forgetting that could not go unseen).
    public func edit(_ prepared: inout Prepared, with edits: [TreeEdit], giving edited: ArrangementTree) -> Bool {
        let kept = edits.filter { !forgets.forgets($0) }
        var believed = prepared.tree
        for edit in kept {
            guard let next = try? edit.applied(to: believed) else { return false }
            believed = next
        }
        guard believed.paneCount == edited.paneCount else { return false }
        prepared.tree = believed
        return FastResolver().edit(&prepared.compiled, with: kept, giving: believed)
    }
}
