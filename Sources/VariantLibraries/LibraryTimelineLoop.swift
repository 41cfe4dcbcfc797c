import ArrangementModel
import CVariantInterface
import CWorker
import Variants
import Workers

/// A library's frames over a timeline whose tree changes, timed as a built-in variant's
/// are: everything a frame could need is laid out before the first one (the contexts,
/// every tree with the edits that lead to it, panes for every pane count), so a timed
/// frame is one call to the library's relayout and, where edits land, one to its edit
/// entry point (or its prepare), with no system call and nothing allocated. The frames
/// that are checked run the same steps watched, one call at a time
/// (``LibraryLoopState/relayoutGuarded(_:)``): the trees out of reach during a relayout,
/// the panes poisoned, the crumb at the step, a refusal naming the edits the call came
/// after.
final class LibraryTimelineLoop {
    let library: VariantLibrary
    let timeline: TreeTimeline
    let trees: TimelineTrees
    let contexts: [LayoutContext]
    let state: LibraryLoopState
    /// Panes for each pane count of the timeline, lent to the state in turn.
    let panes: [Int: UnsafeMutablePointer<foldbench_pane_layout>]
    /// Per frame, the segment that begins there, or -1 (as ``FrameLoop``'s editing loop).
    let begins: [Int]
    /// Per segment, its tree's pane count (read on a timed frame without copying the tree).
    let paneCounts: [Int]
    /// The segment whose tree the library holds.
    var segment = 0
    /// The last segment's tree is the first's: the wrap-around changes nothing (worked out
    /// once, as comparing two trees walks them).
    let wrapsUnchanged: Bool
    /// How long the library's first `prepare` took (ns), the pages made before it aside.
    let prepareNanoseconds: UInt64

    init(_ library: VariantLibrary, _ timeline: TreeTimeline, _ contexts: [LayoutContext], now: () -> UInt64) {
        self.library = library
        self.timeline = timeline
        self.contexts = contexts
        trees = TimelineTrees(timeline)
        var panes: [Int: UnsafeMutablePointer<foldbench_pane_layout>] = [:]
        for count in Set(timeline.segments.map(\.tree.paneCount)) {
            guard
                let raw = foldbench_guarded_panes(
                    count * MemoryLayout<foldbench_pane_layout>.stride, LibraryLoopState.guardBytes)
            else { WorkerChannel.fail(.badInput, "cannot map the guarded panes of \(library.displayPath)") }
            panes[count] = raw.assumingMemoryBound(to: foldbench_pane_layout.self)
        }
        self.panes = panes
        var begins = [Int](repeating: -1, count: contexts.count)
        for (index, segment) in timeline.segments.enumerated() where index > 0 { begins[segment.start] = index }
        wrapsUnchanged = !timeline.restoresAtWrap
        if !wrapsUnchanged { begins[0] = 0 }
        self.begins = begins
        paneCounts = timeline.segments.map(\.tree.paneCount)
        let first = timeline.first
        let start = now()
        state = LibraryLoopState(
            library, first, contexts: contexts, handed: trees.trees[0], lent: panes[first.paneCount])
        prepareNanoseconds = now() - start
    }

    deinit {
        for (count, buffer) in panes {
            foldbench_guarded_panes_free(
                buffer, count * MemoryLayout<foldbench_pane_layout>.stride, LibraryLoopState.guardBytes)
        }
    }

    /// `length` frames from `start`, timed (`watched` false) or each call watched.
    func run(from start: Int, count length: Int, watched: Bool) {
        let count = contexts.count
        var index = start % count
        let wanted = timeline.segment(atFrame: index)
        let last = timeline.segments.count - 1
        let before = wanted == 0 ? last : wanted - 1
        // A range that starts elsewhere than where the last one left off: the tree of its
        // first frame, prepared anew (unless the range starts on that tree's edits).
        if wanted == 0, segment == last, wrapsUnchanged {
            segment = 0
        } else if wanted != segment, !(begins[index] == wanted && segment == before) {
            switchTree(to: wanted, taking: false, watched: watched)
        }
        let relayout = library.relayoutFunction
        // The timeline's contexts in read-only pages (a timeline has a frame).
        let arena = state.arena.unsafelyUnwrapped
        for _ in 0..<length {
            let begin = begins[index]
            if begin >= 0, begin != segment { switchTree(to: begin, taking: true, watched: watched) }
            if watched {
                trees.hide()
                state.relayoutGuarded(contexts[index])
                trees.show()
            } else {
                relayout(state.prepared, arena.contexts + index, state.panes)
            }
            index += 1
            if index == count {
                index = 0
                if wrapsUnchanged { segment = 0 }
            }
        }
    }

    /// Brings the library to segment `target`'s tree: by the edits that lead there when
    /// `taking` and the library takes them, else prepared anew; its panes those of the
    /// new tree's pane count (cleared, as a new resolution is, when the count changed).
    func switchTree(to target: Int, taking: Bool, watched: Bool) {
        let handed = trees.trees[target]
        let paneCount = paneCounts[target]
        var taken = false
        if watched, taking, handed.editCount > 0 {
            let edits = target == 0 ? timeline.wrapEdits : timeline.segments[target].edits
            WorkerCrumb.edits(edits.map(\.description).joined(separator: ", "))
        }
        if taking, handed.editCount > 0, let editFunction = library.editFunction {
            taken =
                watched
                ? state.editGuarded(editFunction, handed)
                : LibraryLoopState.taken(
                    editFunction(state.prepared, handed.tree, handed.edits, UInt32(handed.editCount)), library)
        }
        if !taken { prepareAnew(handed, watched: watched) }
        // A watched relayout follows at once, and names them if it refuses.
        if watched {
            state.editsTaken = taken ? (target == 0 ? timeline.wrapEdits : timeline.segments[target].edits) : []
        }
        if state.paneCount != paneCount || !taken {
            state.paneCount = paneCount
            state.panes = panes[paneCount].unsafelyUnwrapped
            state.panes.initialize(repeating: foldbench_pane_layout(), count: paneCount)
        }
        segment = target
    }

    /// The library's prepare given `handed`, its old prepared value released after it.
    private func prepareAnew(_ handed: ReadOnlyTree, watched: Bool) {
        let old = state.prepared
        state.prepared = LibraryLoopState.prepare(library, handed, watched: watched)
        if watched {
            WorkerCrumb.enterLibrary(library.index, limitMilliseconds: LibraryLoopState.callLimitMilliseconds)
        }
        library.releaseFunction(old)
        if watched { WorkerCrumb.leaveLibrary() }
    }

    /// The loop as the harness drives it.
    func frameLoop() -> FrameLoop {
        let storage = ResolutionStorage(paneCount: timeline.first.paneCount)
        return FrameLoop(
            prepareNanoseconds: prepareNanoseconds, trees: timeline, contexts: contexts, storage: storage,
            libraryIndex: library.index,
            relayoutRange: { [self] start, length in run(from: start, count: length, watched: false) },
            relayoutFrame: { [self] frame in run(from: frame, count: 1, watched: true) },
            relayoutContext: { [self] context in
                trees.hide()
                state.relayoutGuarded(context)
                trees.show()
            },
            lastAnswer: { [self] in
                if storage.resolution.panes.count != state.paneCount {
                    storage.resolution = Resolution(paneCount: state.paneCount)
                }
                state.copyAnswer(into: &storage.resolution)
                return storage.resolution
            },
            audit: { [self] in state.audit() })
    }
}
