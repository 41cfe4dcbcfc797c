import ArrangementModel

/// One variant prepared for one tree and timeline: relayouts ranges of frames into a
/// resolution it owns. Built by ``VariantEntry`` for a concrete variant type, so the
/// loop in ``run(from:count:)`` calls the variant directly. This is the loop the
/// harness times; it adds nothing per frame but the context's hand-over. It tells a
/// variant that remembers what changed since the frame before (``ContextChanges``, worked out before
/// any timing), except on a range's first frame when the range does not go on from
/// where the last one stopped: then it does not know. The frames checked
/// (``resolution(atFrame:)``) are ranges of one frame of this same loop, so that what
/// is checked is the code that is timed.
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
    /// The tree of every frame.
    public let trees: TreeTimeline
    /// One frame of the timed loop (a range of one), or nil for a library's loop.
    @usableFromInline let relayoutFrame: ((Int) -> Void)?

    /// Inlinable so that a variant from another module (a library's) gets a loop
    /// specialised for its type too, not calls through its protocol witness. A prepared
    /// tree on which the variant's frames are another's (``ResolverVariant/statelessFrames(_:)``)
    /// gets that variant's loop, chosen here once.
    ///
    /// On a timeline whose tree changes (``TreeTimeline``), the loop brings the variant
    /// the edits on the frames they land on, within the frame: the variant takes them in
    /// place (``ResolverVariant/edit(_:with:giving:)``) or the loop prepares the edited
    /// tree anew, and makes a resolution of the new pane count when it changed.
    @inlinable
    init<V: ResolverVariant>(_ variant: V, trees: TreeTimeline, contexts: [LayoutContext], now: () -> UInt64) {
        let tree = trees.first
        let start = now()
        let prepared = variant.prepare(tree)
        prepareNanoseconds = now() - start
        let storage = ResolutionStorage(paneCount: tree.paneCount)
        self.storage = storage
        self.contexts = contexts
        self.trees = trees
        frames = contexts.count
        // Each way of looping, and its relayout of a context from outside the timeline,
        // after which the loop no longer knows what the variant saw last.
        let range: (Int, Int) -> Void
        let untimed: (LayoutContext) -> Void
        if trees.hasEdits {
            let state = EditingState(variant, prepared, trees)
            range = Self.editingLoop(variant, state, trees, contexts, storage)
            untimed = { variant.relayout(state.prepared, in: $0, into: &storage.resolution) }
        } else if let (stateless, statelessPrepared) = variant.statelessFrames(prepared) {
            range = Self.loop(stateless, statelessPrepared, contexts, storage)
            untimed = { stateless.relayout(statelessPrepared, in: $0, into: &storage.resolution) }
        } else {
            range = Self.loop(variant, prepared, contexts, storage)
            untimed = { variant.relayout(prepared, in: $0, into: &storage.resolution) }
        }
        relayoutRange = range
        relayoutFrame = { range($0, 1) }
        relayoutContext = { context in
            storage.nextFrame = -1
            untimed(context)
        }
        lastAnswerOf = nil
        auditOf = nil
    }

    /// A loop over a tree that never changes.
    @inlinable
    convenience init<V: ResolverVariant>(
        _ variant: V, tree: ArrangementTree, contexts: [LayoutContext], now: () -> UInt64
    ) {
        self.init(variant, trees: TreeTimeline(tree), contexts: contexts, now: now)
    }

    /// The timed loop of `variant` over `contexts` whose tree changes as `trees` says:
    /// as ``loop(_:_:_:_:)``, and on a frame where edits land (or, when the timeline
    /// wraps around to a tree it had changed, on frame 0), the variant takes them first.
    @inlinable
    static func editingLoop<V: ResolverVariant>(
        _ variant: V, _ state: EditingState<V>, _ trees: TreeTimeline, _ contexts: [LayoutContext],
        _ storage: ResolutionStorage
    ) -> (Int, Int) -> Void {
        let count = contexts.count
        let (frames, changes) = Self.handover(contexts)
        // Per frame, the segment that begins there, or -1. When the last segment's tree is
        // the first one's, the wrap-around changes nothing: the loop only notes that the
        // first segment is in force again.
        var begins = [Int](repeating: -1, count: count)
        for (index, segment) in trees.segments.enumerated() where index > 0 { begins[segment.start] = index }
        if trees.restoresAtWrap { begins[0] = 0 }
        let last = trees.segments.count - 1
        let wrapsUnchanged = !trees.restoresAtWrap
        return { start, length in
            var resolution = Resolution(paneCount: 0)
            swap(&resolution, &storage.resolution)
            var index = start % count
            // A range that starts elsewhere than where the last one left off: the tree of
            // its first frame, prepared anew (unless the range starts on that tree's edits).
            let wanted = trees.segment(atFrame: index)
            let before = wanted == 0 ? last : wanted - 1
            if wanted == 0, state.segment == last, wrapsUnchanged {
                state.segment = 0
            } else if wanted != state.segment, !(begins[index] == wanted && state.segment == before) {
                state.switchTree(to: wanted, &resolution, taking: false)
            }
            var prepared = state.prepared
            var context = contexts[index]
            var unknown = Self.firstFrame(index, storage)
            for _ in 0..<length {
                let begin = begins[index]
                if begin >= 0, begin != state.segment {
                    state.prepared = prepared
                    state.switchTree(to: begin, &resolution, taking: true)
                    prepared = state.prepared
                }
                let changed = changes[index]
                Self.hand(index, frames, changed, contexts, to: &context)
                variant.relayout(prepared, in: context, changes: changed.adding(unknown), into: &resolution)
                unknown = .none
                index += 1
                if index == count {
                    index = 0
                    if wrapsUnchanged { state.segment = 0 }
                }
            }
            state.prepared = prepared
            if length > 0 { storage.nextFrame = index }
            swap(&resolution, &storage.resolution)
        }
    }

    /// What the loops hand over frame by frame. A loop passes each frame's context from
    /// one local variable, so the variant borrows it without reference counting: copying
    /// a context out of the array would retain and release its region list (two atomic
    /// operations, a few nanoseconds a frame, the caller's cost rather than the
    /// variant's). The fields that are plain values are set every frame; the region list
    /// only when it differs from the previous frame's (an equal list, already in the
    /// variable, is the same input). Each frame's changes are against the frame before
    /// it, frame 0's against the last frame (the timeline wraps round).
    @inlinable
    static func handover(_ contexts: [LayoutContext]) -> (frames: [Frame], changes: [ContextChanges]) {
        let count = contexts.count
        let frames = contexts.map { Frame(bounds: $0.bounds, sizeClass: $0.sizeClass, direction: $0.layoutDirection) }
        let changes = contexts.indices.map { index in
            ContextChanges(from: contexts[(index + count - 1) % count], to: contexts[index])
        }
        return (frames, changes)
    }

    /// Frame `index`'s context into the loop's variable (``handover(_:)``).
    @inlinable @inline(__always)
    static func hand(
        _ index: Int, _ frames: [Frame], _ changed: ContextChanges, _ contexts: [LayoutContext],
        to context: inout LayoutContext
    ) {
        let frame = frames[index]
        context.bounds = frame.bounds
        context.sizeClass = frame.sizeClass
        context.layoutDirection = frame.direction
        if changed.includes(.regions) { context.reservedRegions = contexts[index].reservedRegions }
    }

    /// What a range starting at `index` adds to its first frame's changes: nothing when
    /// the range goes on from the last frame handed over (the variant saw the frame
    /// before), else that the loop does not know.
    @inlinable @inline(__always)
    static func firstFrame(_ index: Int, _ storage: ResolutionStorage) -> ContextChanges {
        storage.nextFrame == index ? .none : .unknown
    }

    /// The timed loop of `variant` over `contexts`, into `storage`'s resolution.
    @inlinable
    static func loop<V: ResolverVariant>(
        _ variant: V, _ prepared: V.Prepared, _ contexts: [LayoutContext], _ storage: ResolutionStorage
    ) -> (Int, Int) -> Void {
        let count = contexts.count
        let (frames, changes) = Self.handover(contexts)
        // A variant that remembers nothing has no use for the word: its loop does not
        // keep track of where the last range stopped (a frame timed alone would pay it).
        guard variant.frameMemory.remembers else {
            return { start, length in
                var resolution = Resolution(paneCount: 0)
                swap(&resolution, &storage.resolution)
                var index = start % count
                var context = contexts[index]
                for _ in 0..<length {
                    Self.hand(index, frames, changes[index], contexts, to: &context)
                    variant.relayout(prepared, in: context, into: &resolution)
                    index += 1
                    if index == count { index = 0 }
                }
                swap(&resolution, &storage.resolution)
            }
        }
        return { start, length in
            // Take the buffer out of the box so that it is uniquely referenced in the loop.
            var resolution = Resolution(paneCount: 0)
            swap(&resolution, &storage.resolution)
            var index = start % count
            var context = contexts[index]
            var unknown = Self.firstFrame(index, storage)
            for _ in 0..<length {
                let changed = changes[index]
                Self.hand(index, frames, changed, contexts, to: &context)
                variant.relayout(prepared, in: context, changes: changed.adding(unknown), into: &resolution)
                unknown = .none
                index += 1
                if index == count { index = 0 }
            }
            if length > 0 { storage.nextFrame = index }
            swap(&resolution, &storage.resolution)
        }
    }

    /// A loop of closures of its own (a library's, whose panes live in guarded memory).
    /// `relayoutFrame`, when given, relayouts one frame of the timeline watched (the
    /// frames checked); without it, a frame checked is its context relayouted from
    /// outside the timeline.
    public init(
        prepareNanoseconds: UInt64, trees: TreeTimeline, contexts: [LayoutContext], storage: ResolutionStorage,
        libraryIndex: Int,
        relayoutRange: @escaping (Int, Int) -> Void, relayoutFrame: ((Int) -> Void)? = nil,
        relayoutContext: @escaping (LayoutContext) -> Void,
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
        self.trees = trees
        self.relayoutFrame = relayoutFrame
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
        if let relayoutFrame {
            relayoutFrame(frame % frames)
            return lastAnswer.copyingPanes()
        }
        return relayout(contexts[frame % frames]) { $0.copyingPanes() }
    }

    /// Relayouts frame `frame` of the timeline, as ``resolution(atFrame:)`` does, and
    /// hands the loop's own resolution to `body` without copying it (not to be kept). On
    /// a timeline whose tree changes, the edits of the frames are taken as the timed
    /// loop takes them, so frames are asked for in order.
    public func relayout<Result>(frame: Int, _ body: (Resolution) -> Result) -> Result {
        if let relayoutFrame {
            relayoutFrame(frame % frames)
            return body(lastAnswer)
        }
        return relayout(contexts[frame % frames], body)
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

/// Where a loop over a timeline whose tree changes is: the prepared value in force, and
/// the segment of the timeline it was made for.
@usableFromInline
final class EditingState<V: ResolverVariant> {
    @usableFromInline let variant: V
    // Unchecked: each access would cost a call into the runtime on every edit frame, and
    // the loop that owns this state is the only one to use it.
    @exclusivity(unchecked) @usableFromInline var prepared: V.Prepared
    @exclusivity(unchecked) @usableFromInline var segment = 0
    /// Per segment, its tree, its pane count and the edits that lead to it (for the first,
    /// those that lead back to it after the last) with their places, worked out before any
    /// frame: read by index on an edit frame, so that the frame costs the variant's edit,
    /// not copies of the timeline's segments or a search for where the edits land.
    @usableFromInline let trees: [ArrangementTree]
    @usableFromInline let paneCounts: [Int]
    @usableFromInline let leadingEdits: [PlacedEdits]

    @inlinable
    init(_ variant: V, _ prepared: V.Prepared, _ timeline: TreeTimeline) {
        self.variant = variant
        self.prepared = prepared
        trees = timeline.segments.map(\.tree)
        paneCounts = trees.map(\.paneCount)
        let edits = [timeline.wrapEdits] + timeline.segments.dropFirst().map(\.edits)
        leadingEdits = zip(edits, trees).map { PlacedEdits($0, in: $1) }
    }

    /// Brings the prepared value to segment `target`: the edits that lead to it taken in
    /// place when `taking` and the variant can, else its tree prepared anew; the
    /// resolution made again for a new pane count. Not inlined: it runs only where the
    /// content changes.
    @inlinable @inline(never)
    func switchTree(to target: Int, _ resolution: inout Resolution, taking: Bool) {
        let edits = leadingEdits[target]
        if !(taking && !edits.edits.isEmpty && variant.edit(&prepared, placed: edits, giving: trees[target])) {
            prepared = variant.prepare(trees[target])
        }
        if resolution.panes.count != paneCounts[target] { resolution = Resolution(paneCount: paneCounts[target]) }
        segment = target
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

/// The resolution a frame loop writes into, shared by its closures, and where the
/// last range of frames stopped.
public final class ResolutionStorage {
    /// Unchecked, as ``nextFrame``: a range swaps it in and out, and each checked access
    /// would be a call into the runtime that a frame timed alone pays.
    @exclusivity(unchecked) public var resolution: Resolution
    /// The frame after the last one handed over, or -1 when the variant was last given
    /// a context from outside the timeline (or nothing yet). Read and written once a
    /// range, unchecked: a checked access costs a call into the runtime, and a frame
    /// timed alone would count it.
    @exclusivity(unchecked) @usableFromInline var nextFrame = -1
    @inlinable
    public init(paneCount: Int) { resolution = Resolution(paneCount: paneCount) }
}
