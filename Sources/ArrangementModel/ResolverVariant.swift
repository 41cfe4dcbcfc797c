/// A named implementation of the contract, measured side by side with the others.
///
/// A variant works in two steps: ``prepare(_:)`` turns a validated tree into
/// whatever the variant wants to keep (done once per tree, timed on its own), then
/// ``relayout(_:in:into:)`` resolves it for one context, every frame, writing
/// into a ``Resolution`` the caller owns.
public protocol ResolverVariant: Sendable {
    /// What ``prepare(_:)`` keeps for the frames to come.
    associatedtype Prepared

    /// The name used on the command line and in reports.
    var name: String { get }

    /// One-off work for a tree; nothing here depends on the context.
    func prepare(_ tree: ArrangementTree) -> Prepared

    /// Resolves the prepared tree for `context`, overwriting every pane of `resolution`,
    /// which must have been made for this tree's pane count.
    func relayout(_ prepared: Prepared, in context: LayoutContext, into resolution: inout Resolution)
}

extension ResolverVariant {
    /// Prepares and relayouts once: for tools and tests, not for frames.
    public func resolve(_ tree: ArrangementTree, in context: LayoutContext) -> Resolution {
        let prepared = prepare(tree)
        var resolution = Resolution(paneCount: tree.paneCount)
        relayout(prepared, in: context, into: &resolution)
        return resolution
    }
}
