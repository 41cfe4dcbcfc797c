import ArrangementModel

/// A variant that takes no edit in place: on a frame where the tree changes, the frame
/// loop prepares the edited tree anew. What taking edits in place is measured against
/// (`fast-prepares-anew`, `incremental-prepares-anew`); its frames are its base's.
public struct PreparingAnew<Base: ResolverVariant>: ResolverVariant {
    public let base: Base

    public init(_ base: Base) { self.base = base }

    public var name: String { "\(base.name)-prepares-anew" }

    public var frameMemory: FrameMemory { base.frameMemory }

    @inlinable
    public func prepare(_ tree: ArrangementTree) -> Base.Prepared { base.prepare(tree) }

    @inlinable
    public func relayout(_ prepared: Base.Prepared, in context: LayoutContext, into resolution: inout Resolution) {
        base.relayout(prepared, in: context, into: &resolution)
    }
}
