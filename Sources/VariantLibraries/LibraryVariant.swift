import ArrangementModel
import CVariantInterface
import CWorker
import FlatTrees
import Variants
import Workers

#if canImport(Glibc)
    import Glibc
#endif

/// A library's variant as a worker drives it. Nothing FoldBench keeps is in reach of a
/// stray write: the tree is handed to `prepare` in read-only pages (inaccessible once it
/// returns), each frame's context in read-only pages, and the panes in a buffer with
/// 64 KiB of inaccessible pages on both sides (canary bytes fill the rest of the first
/// pane's page). A write there kills the worker, and its fault handler says where
/// (``CrumbReading``). Every call outside the timed batches is one step of the crumb
/// with its own time limit; before it, the panes are poisoned (unless the variant
/// reads its last answer), so a pane left unwritten is seen (rule 2).
struct LibraryVariant: ResolverVariant, @unchecked Sendable {
    let library: VariantLibrary

    var name: String { library.name.rawValue }
    var frameMemory: FrameMemory { library.frameMemory }

    func prepare(_ tree: ArrangementTree) -> LibraryLoopState {
        LibraryLoopState(library, tree, contexts: [])
    }

    func relayout(_ prepared: LibraryLoopState, in context: LayoutContext, into resolution: inout Resolution) {
        prepared.relayoutGuarded(context)
        prepared.copyAnswer(into: &resolution)
    }

    /// Interface version 2: the library's edit entry point, guarded as its prepare is
    /// (the edited tree and the edits in read-only pages for the call only, a time limit,
    /// a crumb step). Declined, or no entry point: the frame loop prepares anew.
    func edit(_ prepared: inout LibraryLoopState, with edits: [TreeEdit], giving tree: ArrangementTree) -> Bool {
        guard let editFunction = library.editFunction else { return false }
        let flat = FlatTree(tree)
        let readOnly = ReadOnlyTree(flat, edits: flat.interfaceEdits(edits))
        defer { readOnly.free() }
        WorkerCrumb.edits(edits.map(\.description).joined(separator: ", "))
        guard prepared.editGuarded(editFunction, readOnly) else { return false }
        if tree.paneCount != prepared.paneCount {
            prepared = LibraryLoopState(adopting: prepared, paneCount: tree.paneCount)
        }
        prepared.editsTaken = edits
        return true
    }

    /// The frame loop: the timeline's contexts laid out once in read-only pages, so that
    /// a timed frame hands the library a pointer and nothing else.
    static func frameLoop(
        _ library: VariantLibrary, _ tree: ArrangementTree, _ contexts: [LayoutContext], now: () -> UInt64
    )
        -> FrameLoop
    {
        let start = now()
        let state = LibraryLoopState(library, tree, contexts: contexts)
        let prepareNanoseconds = now() - start
        let storage = ResolutionStorage(paneCount: tree.paneCount)
        let count = contexts.count
        let relayout = library.relayoutFunction
        let prepared = state.prepared
        let panes = state.panes
        let arena = state.arena
        return FrameLoop(
            prepareNanoseconds: prepareNanoseconds, trees: TreeTimeline(tree), contexts: contexts, storage: storage,
            libraryIndex: library.index,
            relayoutRange: { start, length in
                guard let arena else { return }
                var index = start % count
                for _ in 0..<length {
                    relayout(prepared, arena.contexts + index, panes)
                    index += 1
                    if index == count { index = 0 }
                }
            },
            relayoutContext: { context in
                state.relayoutGuarded(context)
                state.copyAnswer(into: &storage.resolution)
            },
            lastAnswer: {
                state.copyAnswer(into: &storage.resolution)
                return storage.resolution
            },
            audit: { state.audit() })
    }
}

/// A library's prepared value and the guarded memory around it, released together.
final class LibraryLoopState: @unchecked Sendable {
    /// 64 KiB and one page: a write up to 64 KiB away from the panes, either side, faults.
    static let guardBytes = (64 << 10) + 4096
    /// The longest one call outside the timed batches may take.
    static let callLimitMilliseconds: UInt32 = 1000
    static let poisonBits: UInt32 = 0xFFFF_FFFF

    let library: VariantLibrary
    var prepared: UnsafeMutableRawPointer
    var paneCount: Int
    var panes: UnsafeMutablePointer<foldbench_pane_layout>
    /// False when the panes are lent (``LibraryTimelineLoop``'s, one buffer per pane count).
    var ownsPanes = true
    /// The tree `prepare` was given, when this state owns its pages.
    let tree: ReadOnlyTree?
    /// The timeline's contexts, read-only; nil for a one-off.
    let arena: ContextArena?
    var scratch: ContextPage
    /// False once an edit moved the prepared value to another state.
    var ownsPrepared = true
    /// The edits the library last took in place, until a call after them passes its
    /// checks: a refusal on that call names them, whatever rule it broke.
    var editsTaken: [TreeEdit] = []

    /// Prepares `tree` in the library; `handed`, when given, is that tree already in
    /// pages (a timeline's), used and left to its owner; `lent`, panes for it that stay
    /// their owner's.
    init(
        _ library: VariantLibrary, _ tree: ArrangementTree, contexts: [LayoutContext], handed: ReadOnlyTree? = nil,
        lent: UnsafeMutablePointer<foldbench_pane_layout>? = nil
    ) {
        precondition(
            MemoryLayout<PaneLayout>.stride == MemoryLayout<foldbench_pane_layout>.stride
                && MemoryLayout<Rect>.stride == MemoryLayout<foldbench_rect>.stride,
            "the interface's panes and rects are laid out as the model's")
        self.library = library
        paneCount = tree.paneCount
        let bytes = paneCount * MemoryLayout<foldbench_pane_layout>.stride
        guard let raw = lent.map(UnsafeMutableRawPointer.init) ?? foldbench_guarded_panes(bytes, Self.guardBytes) else {
            WorkerChannel.fail(.badInput, "cannot map the guarded panes of \(library.displayPath)")
        }
        panes = raw.assumingMemoryBound(to: foldbench_pane_layout.self)
        ownsPanes = lent == nil
        arena = contexts.isEmpty ? nil : ContextArena(contexts)
        scratch = ContextPage(regions: contexts.map(\.reservedRegions.count).max() ?? 4)
        // Flattened before the call: a fault in FoldBench's own code is not the library's.
        let readOnly = handed ?? ReadOnlyTree(FlatTree(tree))
        self.tree = handed == nil ? readOnly : nil
        prepared = Self.prepare(library, readOnly, watched: true)
        if let problem = audit() { WorkerChannel.refuse(library: library.index, problem) }
    }

    /// The library's prepare given `readOnly`, a refusal of the tree ending the request;
    /// `watched` (outside the timed batches): a crumb step with its time limit, and no
    /// thread left running after it.
    static func prepare(_ library: VariantLibrary, _ readOnly: ReadOnlyTree, watched: Bool) -> UnsafeMutableRawPointer {
        var message = [CChar](repeating: 0, count: 1024)
        let step = WorkerCrumb.currentStep
        if watched {
            WorkerCrumb.step(.prepare, 0)
            WorkerCrumb.enterLibrary(library.index, limitMilliseconds: 10 * callLimitMilliseconds)
        }
        readOnly.open()
        let result = message.withUnsafeMutableBufferPointer { message in
            library.prepareFunction(readOnly.tree, message.baseAddress, message.count - 1)
        }
        readOnly.close()
        if watched { WorkerCrumb.leaveLibrary() }
        guard let result else {
            let text = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            WorkerChannel.refuse(library: library.index, "refuses the tree: \(text.isEmpty ? "(no message)" : text)")
        }
        guard watched else { return result }
        // The step the caller was at, for what follows the prepare.
        WorkerCrumb.restore(step)
        if let problem = threadsLeft("foldbench_variant_prepare") {
            WorkerChannel.refuse(library: library.index, problem)
        }
        return result
    }

    /// The library's prepared value, moved to panes of a new count after an edit it took
    /// in place (all hidden: nothing of the last answer lines up with them); `old` no
    /// longer releases it.
    init(adopting old: LibraryLoopState, paneCount: Int) {
        library = old.library
        prepared = old.prepared
        self.paneCount = paneCount
        let bytes = paneCount * MemoryLayout<foldbench_pane_layout>.stride
        guard let raw = foldbench_guarded_panes(bytes, Self.guardBytes) else {
            WorkerChannel.fail(.badInput, "cannot map the guarded panes of \(library.displayPath)")
        }
        panes = raw.assumingMemoryBound(to: foldbench_pane_layout.self)
        panes.initialize(repeating: foldbench_pane_layout(), count: paneCount)
        tree = nil
        arena = nil
        scratch = ContextPage(regions: old.scratch.regionCapacity)
        old.ownsPrepared = false
    }

    deinit {
        if ownsPrepared {
            WorkerCrumb.enterLibrary(library.index, limitMilliseconds: 10 * Self.callLimitMilliseconds)
            library.releaseFunction(prepared)
            WorkerCrumb.leaveLibrary()
        }
        if ownsPanes {
            foldbench_guarded_panes_free(
                panes, paneCount * MemoryLayout<foldbench_pane_layout>.stride, Self.guardBytes)
        }
        tree?.free()
        scratch.free()
    }

    /// The library's edit entry point given `readOnly` (the edited tree and its edits),
    /// watched as `prepare` is: the tree readable for the call only, a crumb step, a time
    /// limit. False when the library declines; a result other than 0 or 1 is refused.
    func editGuarded(_ editFunction: VariantLibrary.Edit, _ readOnly: ReadOnlyTree) -> Bool {
        readOnly.open()
        let step = WorkerCrumb.currentStep
        // The frame it lands on, when the caller is at a frame (not within a timed batch).
        let atFrame = [WorkerCrumb.Step.frame, .secondPass].map(\.rawValue).contains(step?.kind)
        if step?.kind == WorkerCrumb.Step.editHistory.rawValue {
            WorkerCrumb.step(.historyEdit, Int(step?.number ?? -1))
        } else {
            WorkerCrumb.step(.edit, atFrame ? Int(step?.number ?? -1) : -1)
        }
        WorkerCrumb.enterLibrary(library.index, limitMilliseconds: 10 * Self.callLimitMilliseconds)
        let taken = editFunction(prepared, readOnly.tree, readOnly.edits, UInt32(readOnly.editCount))
        WorkerCrumb.leaveLibrary()
        readOnly.close()
        WorkerCrumb.restore(step)
        if let problem = Self.threadsLeft("foldbench_variant_edit") {
            WorkerChannel.refuse(library: library.index, problem)
        }
        return Self.taken(taken, library)
    }

    /// A thread the library started and left running after `call` returned, in words, or nil.
    static func threadsLeft(_ call: String) -> String? {
        let threads = WorkerCrumb.libraryThreads()
        guard threads > 0 else { return nil }
        return "left \(threads == 1 ? "a thread" : "\(threads) threads") running after \(call) returned "
            + "(rule 5: a library starts nothing that outlives its call)"
    }

    /// Whether the edit entry point's result says "taken"; one that is neither 0 nor 1 is refused.
    static func taken(_ result: Int32, _ library: VariantLibrary) -> Bool {
        if result != 0 && result != 1 {
            WorkerChannel.refuse(
                library: library.index, "returned \(result) from foldbench_variant_edit, which returns 0 or 1")
        }
        return result == 1
    }

    /// One call, watched: the context in read-only pages, the panes poisoned first
    /// (unless the variant reads its last answer), a time limit, then the rules checked.
    func relayoutGuarded(_ context: LayoutContext) {
        let reads = library.frameMemory.contains(.readsItsLastAnswer)
        if !reads {
            for index in 0..<paneCount {
                panes[index].bits = Self.poisonBits
                panes[index].frame = foldbench_rect(x: .nan, y: .nan, width: .nan, height: .nan)
            }
        }
        scratch.fill(context)
        WorkerCrumb.enterLibrary(library.index, limitMilliseconds: Self.callLimitMilliseconds)
        library.relayoutFunction(prepared, scratch.context, panes)
        WorkerCrumb.leaveLibrary()
        if let problem = audit() ?? Self.threadsLeft("foldbench_variant_relayout") { refuse(problem) }
        if !reads, let unwritten = (0..<paneCount).first(where: { panes[$0].bits == Self.poisonBits }) {
            refuse("left pane \(unwritten) of \(paneCount) unwritten (rule 2: relayout writes every pane)")
        }
        editsTaken = []
        WorkerCrumb.edits("")
    }

    /// Refuses the library for `problem`, naming the edits it took in place before this
    /// call (which the crumb then no longer needs to name).
    private func refuse(_ problem: String) -> Never {
        if !editsTaken.isEmpty { WorkerCrumb.edits("") }
        WorkerChannel.refuse(library: library.index, problem + editsNote)
    }

    /// The edits taken in place before this call, for a refusal's message ("" when none).
    var editsNote: String {
        editsTaken.isEmpty
            ? "" : ", on its first call after taking in place \(editsTaken.map(\.description).joined(separator: ", ")),"
    }

    /// The panes as the model's resolution (outside the timed loop).
    func copyAnswer(into resolution: inout Resolution) {
        resolution.panes.withUnsafeMutableBytes { target in
            target.copyMemory(
                from: UnsafeRawBufferPointer(
                    start: panes, count: paneCount * MemoryLayout<foldbench_pane_layout>.stride))
        }
    }

    /// What a library did that it may not, seen after the fact: canary bytes before the
    /// first pane overwritten, or the timeline's contexts changed.
    func audit() -> String? {
        let damage = foldbench_canary_damage(
            panes, paneCount * MemoryLayout<foldbench_pane_layout>.stride, Self.guardBytes)
        if damage > 0 { return "wrote \(damage) bytes before the first pane (rule 1)" }
        if let arena, !arena.isIntact {
            return "changed the context it was given, which is read-only (rule 1)"
        }
        let signal = foldbench_replaced_handler()
        if signal != 0 {
            let name =
                [SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE", SIGILL: "SIGILL", SIGABRT: "SIGABRT"][
                    signal] ?? "signal \(signal)"
            return "installed its own handler for \(name) (rule 5: no signal handler is installed)"
        }
        return Self.changedLimit() ?? Self.changedFloatControl()
    }

    /// The floating-point control state a library changed (rounding, flush-to-zero), in
    /// words, or nil: it would change every computation of the worker after it.
    static func changedFloatControl() -> String? {
        var was: UInt32 = 0
        var now: UInt32 = 0
        guard foldbench_changed_float_control(&was, &now) != 0 else { return nil }
        return
            "changed the worker's floating-point control from \(floatControl(was)) to \(floatControl(now)) (rule 5: a library changes nothing of the process it shares)"
    }

    /// The control state in words: the rounding mode (on x86-64 the SSE control word's
    /// bits 13–14), with flush-to-zero and denormals-are-zero when set, and the word.
    static func floatControl(_ value: UInt32) -> String {
        #if arch(x86_64)
            let rounding = ["to nearest", "downward", "upward", "toward zero"][Int(value >> 13 & 3)]
            let flags = [(1 << 15, ", flush-to-zero"), (1 << 6, ", denormals-are-zero")]
                .filter { value & UInt32($0.0) != 0 }.map(\.1).joined()
            return "rounding \(rounding)\(flags) (0x\(String(value, radix: 16)))"
        #else
            return "0x\(String(value, radix: 16))"
        #endif
    }

    /// A resource limit of the worker's that a library changed, in words, or nil.
    static func changedLimit() -> String? {
        var was: UInt64 = 0
        var now: UInt64 = 0
        guard let name = foldbench_changed_limit(&was, &now).map({ String(cString: $0) }) else { return nil }
        let what =
            [
                "RLIMIT_NOFILE": "open descriptors", "RLIMIT_AS": "address space", "RLIMIT_DATA": "data size",
                "RLIMIT_STACK": "stack size", "RLIMIT_CPU": "CPU time", "RLIMIT_FSIZE": "file size",
                "RLIMIT_NPROC": "processes", "RLIMIT_MEMLOCK": "locked memory", "RLIMIT_CORE": "core file size",
            ][name] ?? name
        func text(_ value: UInt64) -> String { value == .max ? "unlimited" : String(value) }
        let verb = now < was ? "lowered" : now > was ? "raised" : "changed"
        return
            "\(verb) the worker's limit on \(what) (\(name)) from \(text(was)) to \(text(now)) (rule 5: a library changes nothing of the process it shares)"
    }
}

/// A tree in pages of its own: read-only while `prepare` runs, inaccessible after.
final class ReadOnlyTree {
    let pages: UnsafeMutableRawPointer
    let bytes: Int
    let tree: UnsafePointer<foldbench_tree>
    /// The edits handed over with it (interface version 2), in the same pages.
    let edits: UnsafePointer<foldbench_edit>
    let editCount: Int

    /// Pages of its own (protected by ``open()`` and ``close()``), or a part of a
    /// ``TimelineTrees`` mapping, protected with the rest of it.
    let ownsPages: Bool

    /// The bytes `flat` and `count` edits take in pages.
    static func size(_ flat: FlatTree, edits count: Int) -> Int {
        MemoryLayout<foldbench_tree>.stride + count * MemoryLayout<foldbench_edit>.stride
            + flat.arrangements.count * MemoryLayout<foldbench_tree_arrangement>.stride
            + flat.panes.count * MemoryLayout<foldbench_tree_pane>.stride
            + flat.panes.reduce(0) { $0 + strlen($1.id) + 1 }
    }

    /// `flat` and its edits written into pages of their own, or at `place` (``size(_:edits:)``
    /// bytes of a mapping someone else protects and frees).
    init(_ flat: FlatTree, edits list: [foldbench_edit] = [], at place: UnsafeMutableRawPointer? = nil) {
        let header = MemoryLayout<foldbench_tree>.stride
        let editBytes = list.count * MemoryLayout<foldbench_edit>.stride
        let arrangementBytes = flat.arrangements.count * MemoryLayout<foldbench_tree_arrangement>.stride
        let paneBytes = flat.panes.count * MemoryLayout<foldbench_tree_pane>.stride
        let ids = flat.panes.map { Array(UnsafeBufferPointer(start: $0.id, count: strlen($0.id) + 1)) }
        bytes = Self.size(flat, edits: list.count)
        ownsPages = place == nil
        guard let pages = place ?? foldbench_input_pages(bytes, UInt32(FOLDBENCH_FAULT_TREE)) else {
            WorkerChannel.fail(.badInput, "cannot map a tree's pages")
        }
        self.pages = pages
        let editList = (pages + header).assumingMemoryBound(to: foldbench_edit.self)
        for (index, edit) in list.enumerated() { editList[index] = edit }
        edits = UnsafePointer(editList)
        editCount = list.count
        let arrays = pages + header + editBytes
        let arrangements = arrays.assumingMemoryBound(to: foldbench_tree_arrangement.self)
        let panes = (arrays + arrangementBytes).assumingMemoryBound(to: foldbench_tree_pane.self)
        var text = (arrays + arrangementBytes + paneBytes).assumingMemoryBound(to: CChar.self)
        for (index, arrangement) in flat.arrangements.enumerated() { arrangements[index] = arrangement }
        for (index, pane) in flat.panes.enumerated() {
            var copy = pane
            ids[index].withUnsafeBufferPointer { text.update(from: $0.baseAddress!, count: $0.count) }
            copy.id = UnsafePointer(text)
            text += ids[index].count
            panes[index] = copy
        }
        let tree = pages.assumingMemoryBound(to: foldbench_tree.self)
        tree.pointee = foldbench_tree(
            arrangement_count: UInt32(flat.arrangements.count), pane_count: UInt32(flat.panes.count),
            depth: UInt32(flat.depth), reserved: 0, arrangements: arrangements, panes: panes)
        self.tree = UnsafePointer(tree)
        if ownsPages { foldbench_protect(pages, bytes, 2, UInt32(FOLDBENCH_FAULT_TREE_AFTER)) }
    }

    /// A call is about to be given the tree: read-only while it runs.
    func open() { if ownsPages { foldbench_protect(pages, bytes, 1, UInt32(FOLDBENCH_FAULT_TREE)) } }

    /// `prepare` returned: the tree is no longer the library's to read (rule 3).
    func close() { if ownsPages { foldbench_protect(pages, bytes, 2, UInt32(FOLDBENCH_FAULT_TREE_AFTER)) } }

    func free() { if ownsPages { foldbench_input_pages_free(pages, bytes) } }
}

/// A timeline's trees, each with the edits that lead to it, in one mapping made before
/// any frame. It is read-only while frames run, so that a timed frame on which edits land
/// hands the library pointers and makes no system call; a watched call makes it
/// inaccessible (``hide()``), so that a library reading a tree after the call that gave it
/// is caught where the frames are checked (rule 3).
final class TimelineTrees {
    let pages: UnsafeMutableRawPointer
    let bytes: Int
    /// Per segment of the timeline: its tree, with the edits that lead to it (the first
    /// tree is reached by the wrap-around's).
    let trees: [ReadOnlyTree]

    init(_ timeline: TreeTimeline) {
        let flats = timeline.segments.map { FlatTree($0.tree) }
        let edits = flats.enumerated().map { index, flat in
            flat.interfaceEdits(index == 0 ? timeline.wrapEdits : timeline.segments[index].edits)
        }
        // Each tree at an offset its structs' alignment allows.
        let sizes = flats.indices.map { (ReadOnlyTree.size(flats[$0], edits: edits[$0].count) + 15) / 16 * 16 }
        bytes = sizes.reduce(0, +)
        guard let pages = foldbench_input_pages(bytes, UInt32(FOLDBENCH_FAULT_TREE)) else {
            WorkerChannel.fail(.badInput, "cannot map a timeline's trees")
        }
        self.pages = pages
        var offset = 0
        trees = flats.indices.map { index in
            defer { offset += sizes[index] }
            return ReadOnlyTree(flats[index], edits: edits[index], at: pages + offset)
        }
        show()
    }

    deinit { foldbench_input_pages_free(pages, bytes) }

    /// A watched call that gives no tree: none is the library's to read (rule 3).
    func hide() { foldbench_protect(pages, bytes, 2, UInt32(FOLDBENCH_FAULT_TREE_AFTER)) }

    /// The call returned: read-only again.
    func show() { foldbench_protect(pages, bytes, 1, UInt32(FOLDBENCH_FAULT_TREE)) }
}

/// Every context of a timeline in read-only pages, with a private copy to compare.
final class ContextArena {
    let pages: UnsafeMutableRawPointer
    let bytes: Int
    let contexts: UnsafeMutablePointer<foldbench_context>
    let copy: [UInt8]

    init(_ list: [LayoutContext]) {
        let header = list.count * MemoryLayout<foldbench_context>.stride
        let regionCount = list.reduce(0) { $0 + $1.reservedRegions.count }
        bytes = header + regionCount * MemoryLayout<foldbench_rect>.stride
        guard let pages = foldbench_input_pages(bytes, UInt32(FOLDBENCH_FAULT_CONTEXT)) else {
            WorkerChannel.fail(.badInput, "cannot map a timeline's contexts")
        }
        self.pages = pages
        contexts = pages.assumingMemoryBound(to: foldbench_context.self)
        var regions = (pages + header).assumingMemoryBound(to: foldbench_rect.self)
        for (index, context) in list.enumerated() {
            let first = regions
            for region in context.reservedRegions {
                regions.pointee = foldbench_rect(region)
                regions += 1
            }
            contexts[index] = foldbench_context(
                context, regions: context.reservedRegions.isEmpty ? nil : UnsafePointer(first))
        }
        copy = Array(UnsafeRawBufferPointer(start: pages, count: bytes))
        foldbench_protect(pages, bytes, 1, UInt32(FOLDBENCH_FAULT_CONTEXT))
    }

    var isIntact: Bool { copy.withUnsafeBytes { memcmp($0.baseAddress!, pages, bytes) == 0 } }

    deinit { foldbench_input_pages_free(pages, bytes) }
}

/// One context at a time in a read-only page, for the calls outside the timeline.
struct ContextPage {
    var pages: UnsafeMutableRawPointer
    var bytes: Int
    var regionCapacity: Int

    init(regions: Int) {
        regionCapacity = max(regions, 4)
        bytes = MemoryLayout<foldbench_context>.stride + regionCapacity * MemoryLayout<foldbench_rect>.stride
        guard let pages = foldbench_input_pages(bytes, UInt32(FOLDBENCH_FAULT_CONTEXT)) else {
            WorkerChannel.fail(.badInput, "cannot map a context's page")
        }
        self.pages = pages
    }

    var context: UnsafePointer<foldbench_context> {
        UnsafePointer(pages.assumingMemoryBound(to: foldbench_context.self))
    }

    func free() { foldbench_input_pages_free(pages, bytes) }

    /// Writes `context` and makes the page read-only.
    mutating func fill(_ context: LayoutContext) {
        if context.reservedRegions.count > regionCapacity {
            foldbench_input_pages_free(pages, bytes)
            self = ContextPage(regions: context.reservedRegions.count * 2)
        }
        foldbench_protect(pages, bytes, 0, UInt32(FOLDBENCH_FAULT_CONTEXT))
        let regions = (pages + MemoryLayout<foldbench_context>.stride).assumingMemoryBound(to: foldbench_rect.self)
        for (index, region) in context.reservedRegions.enumerated() { regions[index] = foldbench_rect(region) }
        pages.assumingMemoryBound(to: foldbench_context.self).pointee = foldbench_context(
            context, regions: context.reservedRegions.isEmpty ? nil : UnsafePointer(regions))
        foldbench_protect(pages, bytes, 1, UInt32(FOLDBENCH_FAULT_CONTEXT))
    }
}

extension foldbench_rect {
    init(_ rect: Rect) { self.init(x: rect.x, y: rect.y, width: rect.width, height: rect.height) }
}

extension foldbench_context {
    init(_ context: LayoutContext, regions: UnsafePointer<foldbench_rect>?) {
        self.init(
            bounds: foldbench_rect(context.bounds),
            horizontal_compact: context.sizeClass.horizontal == .compact ? 1 : 0,
            vertical_compact: context.sizeClass.vertical == .compact ? 1 : 0,
            right_to_left: context.layoutDirection == .rightToLeft ? 1 : 0, reserved: 0,
            region_count: UInt32(context.reservedRegions.count), regions: regions)
    }
}
