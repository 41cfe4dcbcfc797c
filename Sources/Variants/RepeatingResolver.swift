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

    /// Frames since the last repeat, one counter per prepared tree, freed with it.
    public final class FrameCounter: @unchecked Sendable {
        var frames = 0
    }

    /// The compiled tree and its frame counter. The relayout reads the counter through
    /// its borrowed argument, so a frame pays no reference counting for it.
    public func prepare(_ tree: ArrangementTree) -> (tree: CompiledTree, counter: FrameCounter) {
        (FastResolver().prepare(tree), FrameCounter())
    }

    public func relayout(
        _ prepared: (tree: CompiledTree, counter: FrameCounter), in context: LayoutContext,
        into resolution: inout Resolution
    ) {
        FastResolver().relayout(prepared.tree, in: context, into: &resolution)
        prepared.counter.frames += 1
        if prepared.counter.frames == period {
            prepared.counter.frames = 0
            FastResolver().relayout(prepared.tree, in: context, into: &resolution)
        }
    }
}
