import ArrangementModel
import FastResolver

/// A test-only stale cache: the incremental resolver behind a cache keyed on the window's
/// size and not its position. A frame whose bounds moved without resizing, everything
/// else as the frame before, is skipped: the panes stay where the window was. Kept out of
/// the shipped resolver, which it wraps; the harness must refuse it.
public struct PositionForgettingResolver: ResolverVariant {
    public var name: String { "incremental-forgets-position" }
    public var frameMemory: FrameMemory { [.keepsState, .readsItsLastAnswer] }

    public init() {}

    /// The context the answer was last written for.
    public final class Memory: @unchecked Sendable {
        let incremental: IncrementalResolver.Memory
        var last: LayoutContext?
        init(_ incremental: IncrementalResolver.Memory) { self.incremental = incremental }
    }

    public func prepare(_ tree: ArrangementTree) -> Memory { Memory(IncrementalResolver().prepare(tree)) }

    public func relayout(_ memory: Memory, in context: LayoutContext, into resolution: inout Resolution) {
        if let last = memory.last, last.bounds.width == context.bounds.width,
            last.bounds.height == context.bounds.height, last.sizeClass == context.sizeClass,
            last.layoutDirection == context.layoutDirection, last.reservedRegions == context.reservedRegions
        {
            return
        }
        IncrementalResolver().relayout(memory.incremental, in: context, into: &resolution)
        memory.last = context
    }
}
