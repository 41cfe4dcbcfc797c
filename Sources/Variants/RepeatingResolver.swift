import ArrangementModel
import FastResolver

/// A test-only variant: the fast resolver, relayouting every `period`-th frame twice.
/// Its slowdown is a share of the fast variant's own time, 1 / `period`, whatever speed
/// the process runs at, which a fixed amount of extra work per arrangement is not (a
/// process settles at one of two speeds). `foldbench ab`'s self-test plants it.
public struct RepeatingResolver: ResolverVariant {
    public let name: String
    public let period: Int

    public init(name: String, period: Int) {
        precondition(period >= 1, "a period of at least one frame")
        self.name = name
        self.period = period
    }

    /// The compiled tree and the frames since the last repeat. The count lives behind a
    /// pointer, not in a class, so that a frame pays no reference counting for it (that
    /// would add a fixed cost of its own); one word per prepared tree, never freed (a
    /// test-only variant).
    public func prepare(_ tree: ArrangementTree) -> (tree: CompiledTree, frames: UnsafeMutablePointer<Int>) {
        let frames = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        frames.initialize(to: 0)
        return (FastResolver().prepare(tree), frames)
    }

    public func relayout(
        _ prepared: (tree: CompiledTree, frames: UnsafeMutablePointer<Int>), in context: LayoutContext,
        into resolution: inout Resolution
    ) {
        FastResolver().relayout(prepared.tree, in: context, into: &resolution)
        prepared.frames.pointee += 1
        if prepared.frames.pointee == period {
            prepared.frames.pointee = 0
            FastResolver().relayout(prepared.tree, in: context, into: &resolution)
        }
    }
}
