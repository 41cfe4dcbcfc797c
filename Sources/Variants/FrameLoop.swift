import ArrangementModel

/// One variant prepared for one tree and timeline: relayouts ranges of frames into a
/// resolution it owns. Built by ``VariantEntry`` for a concrete variant type, so the
/// loop in ``run(from:count:)`` calls the variant directly. This is the loop the
/// harness times; it adds nothing per frame but the context's hand-over.
public final class FrameLoop {
    /// How long the variant's `prepare` took, in nanoseconds.
    public let prepareNanoseconds: UInt64
    /// Frames in the timeline; frame numbers wrap around at it.
    public let frames: Int
    @usableFromInline let relayoutRange: (Int, Int) -> Void
    @usableFromInline let relayoutContext: (LayoutContext) -> Void
    @usableFromInline let storage: ResolutionStorage
    @usableFromInline let contexts: [LayoutContext]
    /// The answer the loop wrote last (outside the timing: a library's lives in its own buffer).
    @usableFromInline let lastAnswerOf: (() -> Resolution)?
    /// What the variant did that it may not, seen after the fact (a library's loop), or nil.
    @usableFromInline let auditOf: (() -> String?)?
    /// The library whose code this loop runs (its index in the worker's request), or -1.
    public private(set) var libraryIndex = -1

    /// Inlinable so that a variant from another module (a library's) gets a loop
    /// specialised for its type too, not calls through its protocol witness. A prepared
    /// tree on which the variant's frames are another's (``ResolverVariant/statelessFrames(_:)``)
    /// gets that variant's loop, chosen here once.
    @inlinable
    init<V: ResolverVariant>(_ variant: V, tree: ArrangementTree, contexts: [LayoutContext], now: () -> UInt64) {
        let start = now()
        let prepared = variant.prepare(tree)
        prepareNanoseconds = now() - start
        let storage = ResolutionStorage(paneCount: tree.paneCount)
        self.storage = storage
        self.contexts = contexts
        frames = contexts.count
        if let (stateless, statelessPrepared) = variant.statelessFrames(prepared) {
            relayoutRange = Self.loop(stateless, statelessPrepared, contexts, storage)
            relayoutContext = { stateless.relayout(statelessPrepared, in: $0, into: &storage.resolution) }
        } else {
            relayoutRange = Self.loop(variant, prepared, contexts, storage)
            relayoutContext = { context in variant.relayout(prepared, in: context, into: &storage.resolution) }
        }
        lastAnswerOf = nil
        auditOf = nil
    }

    /// The timed loop of `variant` over `contexts`, into `storage`'s resolution.
    @inlinable
    static func loop<V: ResolverVariant>(
        _ variant: V, _ prepared: V.Prepared, _ contexts: [LayoutContext], _ storage: ResolutionStorage
    ) -> (Int, Int) -> Void {
        let count = contexts.count
        // The loop passes each frame's context from one local variable, so the variant
        // borrows it without reference counting: copying a context out of the array
        // would retain and release its region list (two atomic operations, a few
        // nanoseconds a frame, the caller's cost rather than the variant's). The fields
        // that are plain values are set every frame; the region list only when it
        // differs from the previous frame's (an equal list, already in the variable,
        // is the same input).
        let frames = contexts.map { Frame(bounds: $0.bounds, sizeClass: $0.sizeClass, direction: $0.layoutDirection) }
        let regionsChange = contexts.indices.map { index in
            contexts[index].reservedRegions != contexts[(index + count - 1) % count].reservedRegions
        }
        return { start, length in
            // Take the buffer out of the box so that it is uniquely referenced in the loop.
            var resolution = Resolution(paneCount: 0)
            swap(&resolution, &storage.resolution)
            var index = start % count
            var context = contexts[index]
            for _ in 0..<length {
                let frame = frames[index]
                context.bounds = frame.bounds
                context.sizeClass = frame.sizeClass
                context.layoutDirection = frame.direction
                if regionsChange[index] { context.reservedRegions = contexts[index].reservedRegions }
                variant.relayout(prepared, in: context, into: &resolution)
                index += 1
                if index == count { index = 0 }
            }
            swap(&resolution, &storage.resolution)
        }
    }

    /// A loop of closures of its own (a library's, whose panes live in guarded memory).
    public init(
        prepareNanoseconds: UInt64, contexts: [LayoutContext], storage: ResolutionStorage, libraryIndex: Int,
        relayoutRange: @escaping (Int, Int) -> Void, relayoutContext: @escaping (LayoutContext) -> Void,
        lastAnswer: @escaping () -> Resolution, audit: @escaping () -> String?
    ) {
        self.prepareNanoseconds = prepareNanoseconds
        frames = contexts.count
        self.contexts = contexts
        self.storage = storage
        self.relayoutRange = relayoutRange
        self.relayoutContext = relayoutContext
        lastAnswerOf = lastAnswer
        auditOf = audit
        self.libraryIndex = libraryIndex
    }

    /// The answer the last relayout wrote, not copied (outside the timing; not to be kept).
    public var lastAnswer: Resolution { lastAnswerOf?() ?? storage.resolution }

    /// A rule the variant broke that only shows after the fact, or nil.
    public func audit() -> String? { auditOf?() }

    /// Relayouts `length` consecutive frames from `start` (wrapping around the timeline).
    @inline(__always)
    public func run(from start: Int, count length: Int) { relayoutRange(start, length) }

    /// The resolution of one frame (not for timing): the variant relayouts `frame` into
    /// the loop's own resolution, the one the timed frames use, and the caller gets a copy.
    public func resolution(atFrame frame: Int) -> Resolution {
        relayout(contexts[frame % frames]) { $0.copyingPanes() }
    }

    /// Relayouts a context outside the timeline into the loop's own resolution (the same
    /// prepared value, so a variant that remembers goes on from the frames before), and
    /// hands that resolution to `body` without copying it. `body` must not keep it: a
    /// copy kept would make the next relayout write into another buffer.
    public func relayout<Result>(_ context: LayoutContext, _ body: (Resolution) -> Result) -> Result {
        relayoutContext(context)
        return body(storage.resolution)
    }
}

extension Resolution {
    /// A copy with panes of its own: handing out a resolution that shares the loop's
    /// storage would make the next relayout write into a copy made on write, not the
    /// resolution a variant that remembers wrote last.
    public func copyingPanes() -> Resolution {
        var copy = Resolution(paneCount: 0)
        copy.panes = panes.withUnsafeBufferPointer { Array($0) }
        return copy
    }
}

/// A frame's context but for its region list.
@usableFromInline
struct Frame {
    @usableFromInline let bounds: Rect
    @usableFromInline let sizeClass: SizeClass
    @usableFromInline let direction: LayoutDirection

    @inlinable
    init(bounds: Rect, sizeClass: SizeClass, direction: LayoutDirection) {
        self.bounds = bounds
        self.sizeClass = sizeClass
        self.direction = direction
    }
}

/// The resolution a frame loop writes into, shared by its closures.
public final class ResolutionStorage {
    public var resolution: Resolution
    @inlinable
    public init(paneCount: Int) { resolution = Resolution(paneCount: paneCount) }
}
