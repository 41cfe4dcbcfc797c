import ArrangementModel
import Support

/// A variant as FoldBench drives it: its name, a one-line summary, the variant itself
/// for one-off resolutions, and a factory that prepares it for a timeline of frames.
public struct VariantEntry: Sendable {
    public let name: VariantName
    public let summary: String
    public let variant: any ResolverVariant
    /// Hidden from `foldbench list` and the default run (variants that exist to test the harness).
    public let isTestOnly: Bool
    /// Run when `foldbench run` names no variant; a listed variant may opt out (a
    /// comparison point rather than a candidate).
    public let runsByDefault: Bool
    /// What the variant keeps between the relayouts of one prepared tree.
    public let frameMemory: FrameMemory
    @usableFromInline let makeLoop: @Sendable (TreeTimeline, [LayoutContext], () -> UInt64) -> FrameLoop

    /// Wraps a concrete variant; the frame loop is specialised for `V`, so it calls
    /// the variant directly rather than through the existential (inlinable, so that this
    /// holds for a variant of another module too).
    @inlinable
    public init<V: ResolverVariant>(
        _ variant: V, summary: String, isTestOnly: Bool = false, runsByDefault: Bool = true
    ) {
        name = VariantName(variant.name)
        self.summary = summary
        self.variant = variant
        self.isTestOnly = isTestOnly
        self.runsByDefault = runsByDefault && !isTestOnly
        frameMemory = variant.frameMemory
        makeLoop = { trees, contexts, now in FrameLoop(variant, trees: trees, contexts: contexts, now: now) }
    }

    /// Wraps a variant whose frame loop is its own (a library's, in guarded memory).
    public init<V: ResolverVariant>(
        _ variant: V, summary: String,
        makeLoop: @escaping @Sendable (TreeTimeline, [LayoutContext], () -> UInt64) -> FrameLoop
    ) {
        name = VariantName(variant.name)
        self.summary = summary
        self.variant = variant
        isTestOnly = false
        runsByDefault = true
        frameMemory = variant.frameMemory
        self.makeLoop = makeLoop
    }

    /// Prepares the variant for `tree` and the frames of `contexts`; `now` (nanoseconds)
    /// times the variant's own preparation.
    public func frameLoop(_ tree: ArrangementTree, _ contexts: [LayoutContext], now: () -> UInt64) -> FrameLoop {
        makeLoop(TreeTimeline(tree), contexts, now)
    }

    /// Prepares the variant for the first tree of `trees` and the frames of `contexts`,
    /// the tree changing as `trees` says.
    public func frameLoop(_ trees: TreeTimeline, _ contexts: [LayoutContext], now: () -> UInt64) -> FrameLoop {
        makeLoop(trees, contexts, now)
    }
}
