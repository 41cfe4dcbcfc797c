import ArrangementModel

/// The fast resolver with a memory: it rewrites only what changed since the frame before.
///
/// Under the contract an arrangement's whole subtree depends only on its bounds, its size
/// class, the layout direction and the reserved regions that meet its bounds (minimums do
/// not propagate upwards). The inputs an arrangement was last resolved in are its pane as
/// the resolution holds it from the frame before, so the resolution is the memory: the
/// variant relies on being handed the resolution it wrote last
/// (``FrameMemory/readsItsLastAnswer``). When an arrangement is placed, each of its panes
/// that holds a nested arrangement is compared with what it held before; a nested
/// arrangement whose pane did not change, and that no changed region meets, keeps its
/// whole subtree as it is (stored right after it, depth-first, so one jump skips it).
/// Besides that, the variant keeps the last frame's context: a frame whose whole context
/// equals it costs one comparison.
///
/// Its tables are the fast resolver's, its steps compiled twice (the plans once):
/// depth-first for the incremental pass, and level order, which the fast resolver's own
/// loop runs when everything changes anyway. That is decided before any work, in code
/// the frame loop inlines: a frame whose bounds or size class changed, or whose changed
/// region divides the root (a fold appearing across the whole tree), reaches the root
/// and rewrites every pane (a resize, a rotation, a display transition, a window
/// dragged, an unfold): such frames run the plain loop and keep only the context, for
/// about 45 instructions (150 when regions changed) above the fast resolver's frame;
/// told what changed by its caller (``relayout(_:in:changes:into:)``), it compares
/// nothing, and such a frame costs the memory kept, about 40. A
/// tree of at most ``IncrementalResolver/smallTree`` arrangements is resolved whole
/// every frame, keeping nothing: its frame costs under twenty times that check, which
/// would make its worst frames more than 5 % dearer than the fast resolver's. A pass
/// runs only when regions alone changed (or the direction flipped, which resolves the
/// whole tree), and stops after the root when the root's change reaches most of the tree.
/// For those the variant notices a pass that did not pay: a pass that had to resolve at least
/// ``IncrementalResolver/plainShare`` of the arrangements switches it to the plain loop
/// for the next 8 frames that change anything (doubling to 64 while each pass after them
/// finds the same). Both loops leave the same answer behind, so switching costs nothing.
/// Nothing is allocated per frame.
///
/// The stale caches the harness must refuse are kept out of this type: they are
/// ``StaleCacheResolver``, the same passes under a ``ChangeRule`` that leaves an input out.
public struct IncrementalResolver: ResolverVariant {
    public init() {}

    public var name: String { "incremental" }

    public var frameMemory: FrameMemory { [.keepsState, .readsItsLastAnswer] }

    /// The share of arrangements resolved again in one frame from which the plain loop
    /// is cheaper than the bookkeeping.
    public static let plainShare = 0.4

    /// Regions compared one by one against the previous frame's; a frame whose region
    /// list changed in more places is resolved whole.
    static let regionChangeCapacity = 16
    /// Regions kept from the previous frame; a frame after a longer list is resolved whole.
    @usableFromInline static let keptRegions = 16

    public func prepare(_ tree: ArrangementTree) -> Memory { Memory(tree) }

    /// Edits that leave every pane where it was compile the arrangements they change
    /// again in both orders, in place (the fast resolver's way), and the next frame
    /// resolves the whole tree: the answer kept was written for the tree before the
    /// edits. One subtree inserted, removed or replaced is spliced into the compiled
    /// tables (``CompiledSplice``: only the new subtree compiled), and the memory starts
    /// afresh; more edits than that with one of them prepare the tree anew.
    public func edit(_ memory: inout Memory, with edits: [TreeEdit], giving edited: ArrangementTree) -> Bool {
        edit(&memory, placed: PlacedEdits(edits, in: edited), giving: edited)
    }

    /// ``edit(_:with:giving:)`` from the places worked out beforehand.
    public func edit(_ memory: inout Memory, placed edits: PlacedEdits, giving edited: ArrangementTree) -> Bool {
        if edits.movesPanes {
            guard let splice = CompiledSplice.splicing(memory.levelOrder, edits.splices, paneCount: edited.paneCount)
            else { return false }
            let levelOrder = splice.compiled(.levelOrder)
            memory = Memory(levelOrder, splice.compiled(.preOrder, sharingTablesOf: levelOrder))
        }
        // A pane's values or a style (one inside a subtree just spliced is compiled already).
        for change in edits.changed {
            memory.levelOrder.recompile(change.index, change.arrangement)
            memory.preOrder.retableSteps(change.index)
        }
        memory.last.pointee.hasAnswer = false
        return true
    }

    /// A small tree's frames are the fast resolver's: a frame loop runs those directly.
    @inlinable
    public func statelessFrames(_ memory: Memory) -> (FastResolver, CompiledTree)? {
        memory.resolvesWhole ? (FastResolver(), memory.levelOrder) : nil
    }

    /// One frame: only the subtrees whose inputs changed are written.
    /// O(1) when the context equals the previous frame's, else O(arrangements resolved × regions).
    /// Inlinable for the decisions made before any work, so that they cost no call in
    /// the frame loop: a tree of a few arrangements, and a frame whose change reaches the
    /// root, are the fast resolver's frame, specialised where the frame loop is, as
    /// `fast` is; such a frame then keeps its context, and nothing else, for the next one.
    @inlinable @inline(__always)
    public func relayout(_ memory: Memory, in context: LayoutContext, into resolution: inout Resolution) {
        if memory.resolvesWhole {
            FastResolver().relayout(memory.levelOrder, in: context, into: &resolution)
            return
        }
        Self.decide(
            memory, context.bounds, context.sizeClass, context.layoutDirection, context.reservedRegions, &resolution)
    }

    /// What a frame must do, decided in one place from what the variant remembers and
    /// what it is given or told (Taffy keeps its cache key the same way, beside the
    /// slots it guards): resolve the whole tree with the fast resolver's loop, keeping
    /// the context (and the region list when it changed), or work from memory (nothing
    /// when nothing changed, else a pass over what changed).
    @usableFromInline
    enum FrameWork {
        case resolveWhole(keepingRegions: Bool)
        case remember(regionsChanged: Bool)
    }

    /// The decision. Told what changed (`changes` known), it compares nothing but the
    /// changed regions with the kept ones (whether a change divides the root); else it
    /// finds out, comparing the bounds and size class, then the region list. A frame
    /// whose bounds or size class changed, or whose changed region divides the root (a
    /// fold appearing across the whole tree), moves every pane: it is resolved whole.
    /// Inlined by force: with `changes` a constant (`.unknown`) the test of what the
    /// caller knows folds away, and no call is added to the frame loop.
    @inlinable @inline(__always)
    static func work(
        _ memory: Memory, _ bounds: Rect, _ sizeClass: SizeClass, _ regions: [Rect], told changes: ContextChanges
    ) -> FrameWork {
        // Nothing is read before it is needed: a still frame, told, costs two tests.
        if changes.isKnown {
            if changes.movesEveryPane
                || (changes.includes(.regions) && Self.changeDividesRoot(regions, memory.previousRegions, bounds))
            {
                return .resolveWhole(keepingRegions: changes.includes(.regions))
            }
            return .remember(regionsChanged: changes.includes(.regions))
        }
        let last = memory.last
        // The regions are kept without comparing them first when the root moves: a copy costs less.
        if !bounds.isIdentical(to: last.pointee.bounds) || PaneLayout.Bits.of(sizeClass) != last.pointee.classBits {
            return .resolveWhole(keepingRegions: true)
        }
        let previousRegions = memory.previousRegions
        let regionsChanged = Self.differ(regions, previousRegions)
        if regionsChanged, Self.changeDividesRoot(regions, previousRegions, bounds) {
            return .resolveWhole(keepingRegions: true)
        }
        return .remember(regionsChanged: regionsChanged)
    }

    /// The frame the variant finds out about itself, from the context's parts (the
    /// context passed whole into a function that is not inlined was copied and
    /// destroyed every frame).
    @inlinable @inline(__always)
    static func decide(
        _ memory: Memory, _ bounds: Rect, _ sizeClass: SizeClass, _ direction: LayoutDirection, _ regions: [Rect],
        _ resolution: inout Resolution
    ) {
        switch work(memory, bounds, sizeClass, regions, told: .unknown) {
        case .resolveWhole(let keepingRegions):
            Self.resolveWhole(
                memory, bounds, PaneLayout.Bits.of(sizeClass), direction, regions, &resolution,
                keepingRegions: keepingRegions)
        case .remember(let regionsChanged):
            Self.relayoutRemembering(memory, bounds, sizeClass, direction, regions, regionsChanged, &resolution)
        }
    }

    /// One frame, taking the caller's word for what changed since the frame before
    /// (``ContextChanges``): ``work(_:_:_:_:told:)`` without the comparisons. A frame
    /// whose bounds or size class changed is the fast resolver's frame with the context
    /// kept (the region list copied only when it changed), right after `prepare` or an
    /// edit too; a frame where nothing changed costs a test when the resolution is the
    /// one written last; a region list that changed is still compared region by region,
    /// to know which regions moved. A frame whose changes the caller does not know, and
    /// a small tree's (which a frame loop never hands here: it runs the fast resolver's
    /// frames for it), go out of line to the variant's own finding out.
    @inlinable @inline(__always)
    public func relayout(
        _ memory: Memory, in context: LayoutContext, changes: ContextChanges, into resolution: inout Resolution
    ) {
        let (bounds, regions) = (context.bounds, context.reservedRegions)
        guard changes.isKnown, !memory.resolvesWhole else {
            Self.findOut(memory, bounds, context.sizeClass, context.layoutDirection, regions, &resolution)
            return
        }
        switch Self.work(memory, bounds, context.sizeClass, regions, told: changes) {
        case .resolveWhole(let keepingRegions):
            // One copy of the fast resolver's frame in the loop.
            Self.resolveWhole(
                memory, bounds, PaneLayout.Bits.of(context.sizeClass), context.layoutDirection, regions,
                &resolution, keepingRegions: keepingRegions)
        case .remember:
            Self.relayoutTold(
                memory, bounds, context.sizeClass, context.layoutDirection, regions, changes, &resolution)
        }
    }

    /// A frame told of its `changes`, whose change does not reach the root: nothing
    /// (a test when the resolution is the one written last), or a pass.
    @usableFromInline @inline(never)
    static func relayoutTold(
        _ memory: Memory, _ bounds: Rect, _ sizeClass: SizeClass, _ direction: LayoutDirection, _ regions: [Rect],
        _ changes: ContextChanges, _ resolution: inout Resolution
    ) {
        let last = memory.last
        if changes.isNone, last.pointee.hasAnswer,
            last.pointee.resolution == resolution.panes.withUnsafeBufferPointer({ UnsafeRawPointer($0.baseAddress) })
        {
            return
        }
        relayoutRemembering(memory, bounds, sizeClass, direction, regions, changes.includes(.regions), &resolution)
    }

    /// A frame whose changes the caller does not know: the variant finds out itself.
    @usableFromInline @inline(never)
    static func findOut(
        _ memory: Memory, _ bounds: Rect, _ sizeClass: SizeClass, _ direction: LayoutDirection, _ regions: [Rect],
        _ resolution: inout Resolution
    ) {
        if memory.resolvesWhole {
            regions.withUnsafeBufferPointer { regions in
                resolution.panes.withUnsafeMutableBufferPointer { panes in
                    FastResolver.relayout(
                        memory.levelOrder, bounds: bounds, sizeClass: sizeClass, direction: direction,
                        regions: regions, panes: panes.baseAddress.unsafelyUnwrapped)
                }
            }
            return
        }
        decide(memory, bounds, sizeClass, direction, regions, &resolution)
    }

    /// The fast resolver's frame, as `FastResolver.relayout(_:in:into:)` runs it, and the
    /// context kept (its region list when `keepingRegions`), with where the answer went.
    @inlinable @inline(__always)
    static func resolveWhole(
        _ memory: Memory, _ bounds: Rect, _ classBits: UInt32, _ direction: LayoutDirection, _ regions: [Rect],
        _ resolution: inout Resolution, keepingRegions: Bool
    ) {
        precondition(resolution.panes.count == memory.paneCount, "the resolution was made for another tree")
        // The context is kept before the frame, while it is still in registers: kept
        // after it, it was saved on the stack across the call and read back.
        let last = memory.last
        last.pointee.bounds = bounds
        last.pointee.classBits = classBits
        last.pointee.direction = direction
        if keepingRegions { memory.keepRegions(regions) }
        let tables = memory.levelTables + (direction == .rightToLeft ? 1 : 0)
        let rootBits = PaneLayout.Bits.visible | classBits
        let answer = regions.withUnsafeBufferPointer { regions in
            resolution.panes.withUnsafeMutableBufferPointer { panes in
                let panes = panes.baseAddress.unsafelyUnwrapped
                FastResolver.relayout(tables, panes, regions, bounds, rootBits)
                return UnsafeRawPointer(panes)
            }
        }
        last.pointee.hasAnswer = true
        last.pointee.resolution = answer
    }

    /// A frame of a tree large enough for remembering to pay, whose change does not
    /// reach the root (decided in ``relayout(_:in:into:)``).
    @usableFromInline
    static func relayoutRemembering(
        _ memory: Memory, _ bounds: Rect, _ sizeClass: SizeClass, _ direction: LayoutDirection, _ regions: [Rect],
        _ regionsChanged: Bool, _ resolution: inout Resolution
    ) {
        relayout(
            memory, bounds, sizeClass, direction, regions, &resolution, EveryInput.self,
            rootKept: RootKept(regionsChanged: regionsChanged))
    }

    /// What the inlined decision found of a frame: the bounds and size class are the
    /// previous frame's, and whether the region list is.
    struct RootKept {
        var regionsChanged: Bool
    }

    /// A frame under `rule` (what counts as a change of a subtree's inputs), in `context`.
    @inline(__always)
    static func relayout<Rule: ChangeRule>(
        _ memory: Memory, _ context: LayoutContext, _ resolution: inout Resolution, _ rule: Rule.Type
    ) {
        relayout(
            memory, context.bounds, context.sizeClass, context.layoutDirection, context.reservedRegions, &resolution,
            rule)
    }

    /// A frame under `rule`, in the context's parts; `rootKept`, when the decision
    /// before any work was made already.
    @inline(__always)
    static func relayout<Rule: ChangeRule>(
        _ memory: Memory, _ bounds: Rect, _ sizeClass: SizeClass, _ direction: LayoutDirection, _ regions: [Rect],
        _ resolution: inout Resolution, _ rule: Rule.Type, rootKept: RootKept? = nil
    ) {
        precondition(resolution.panes.count == memory.paneCount, "the resolution was made for another tree")
        // A tree of a few arrangements (resolved whole, nothing kept) never comes here:
        // ``relayout(_:in:into:)`` runs the fast resolver's frame for it.
        let last = memory.last
        let classBits = PaneLayout.Bits.of(sizeClass)
        let address = resolution.panes.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        let directionChanged = direction != last.pointee.direction && Rule.seesDirection
        let sizeClassChanged = rootKept == nil && classBits != last.pointee.classBits && Rule.seesSizeClass
        let previousRegions = memory.previousRegions
        let regionsChanged = rootKept?.regionsChanged ?? Self.differ(regions, previousRegions)
        let boundsChanged = rootKept == nil && !bounds.isIdentical(to: last.pointee.bounds)
        // Another resolution than the one written last (a copy made on write, or a caller
        // that broke the rule) holds nothing this memory knows of.
        let answered = last.pointee.hasAnswer && address == last.pointee.resolution
        if answered, !directionChanged, !sizeClassChanged, !regionsChanged, !boundsChanged { return }
        // Decided before any work: a frame whose change reaches the root (the bounds
        // moved or resized, the size class or the direction flipped) rewrites every pane
        // anyway, and a tree of a few arrangements is cheaper to resolve whole than to
        // check; both run the fast resolver's own loop, with nothing but the context kept
        // for the next frame. A pass runs only for regions that changed in a larger tree.
        let spared =
            Rule.decidesBeforeWork && rootKept == nil
            && (boundsChanged || sizeClassChanged
                || (regionsChanged && Self.changeDividesRoot(regions, previousRegions, bounds)))
        let changes = regionsChanged && !spared ? Self.recordChanges(regions, previousRegions, memory) : spared ? -1 : 0
        var incremental = answered && !directionChanged && changes >= 0
        if incremental, last.pointee.plainFramesLeft > 0 {
            last.pointee.plainFramesLeft -= 1
            incremental = false
        }
        if incremental {
            let resolved = Self.resolveChanged(
                memory, bounds, sizeClass, direction, regions, &resolution,
                rootChanged: sizeClassChanged || boundsChanged, changes: changes,
                Rule.self)
            if resolved < 0 {
                // The pass found at the root that the change reaches most of the tree.
                Self.resolveAll(memory, bounds, sizeClass, direction, regions, &resolution)
            }
            if resolved < 0 || Double(resolved) >= Self.plainShare * Double(memory.count) {
                last.pointee.plainFramesLeft = last.pointee.plainRun
                last.pointee.plainRun = min(last.pointee.plainRun * 2, Self.longestPlainRun)
            } else {
                last.pointee.plainRun = Self.shortestPlainRun
            }
        } else {
            Self.resolveAll(memory, bounds, sizeClass, direction, regions, &resolution)
        }
        last.pointee.hasAnswer = true
        // Where the answer now is: a write may have copied a buffer someone else shared.
        last.pointee.resolution = resolution.panes.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        last.pointee.bounds = bounds
        last.pointee.classBits = classBits
        last.pointee.direction = direction
        if regionsChanged { memory.keepRegions(regions) }
    }

    /// Trees of at most this many arrangements are always resolved whole, nothing kept:
    /// on them the check of a frame whose change reaches the root costs more than 5 % of
    /// the fast resolver's frame (docs/measurements.md, 2026-12-05).
    static let smallTree = 31

    /// Frames (that change something) the plain loop runs after a pass found most of the
    /// tree changed: the first time, and at most, doubling in between.
    static let shortestPlainRun = 8
    static let longestPlainRun = 64

    /// Whether the frame's region list differs from the previous frame's (`nil`: not kept).
    @inlinable @inline(__always)
    static func differ(_ regions: [Rect], _ previous: UnsafeBufferPointer<Rect>?) -> Bool {
        guard let previous, regions.count == previous.count else { return true }
        if previous.isEmpty { return false }
        return regions.withUnsafeBufferPointer { regions in
            for index in 0..<regions.count where !regions[index].isIdentical(to: previous[index]) { return true }
            return false
        }
    }

    /// Whether a region that differs from the previous frame's, as it is now or as it was,
    /// divides the root (§2.1): then the root's divider moves and every pane below it with
    /// it, so the pass would only find at the root that it must resolve the whole tree.
    /// Inlined into the frame loop: a call here cost a fold-appearing frame more than 5 %
    /// of a small tree's (docs/measurements.md, 2026-12-05, "told what changed").
    @inlinable
    static func changeDividesRoot(_ regions: [Rect], _ previous: UnsafeBufferPointer<Rect>?, _ bounds: Rect) -> Bool {
        // A list too long to have been kept: anything may have changed.
        guard let old = previous else { return true }
        // The lists read in place: this runs on every frame whose regions changed, so its
        // cost counts against the pass it may spare.
        @inline(__always)
        func dividesRoot(_ region: Rect) -> Bool {
            let (vertically, horizontally) = divides(
                bounds, minX: region.minX, minY: region.minY, maxX: region.maxX, maxY: region.maxY)
            return vertically || horizontally
        }
        return regions.withUnsafeBufferPointer { new in
            let shared = min(new.count, old.count)
            for index in 0..<shared where !old[index].isIdentical(to: new[index]) {
                if dividesRoot(old[index]) || dividesRoot(new[index]) { return true }
            }
            for index in shared..<old.count where dividesRoot(old[index]) { return true }
            for index in shared..<new.count where dividesRoot(new[index]) { return true }
            return false
        }
    }

    /// Lists, in the memory's change buffer, the regions that differ between the previous
    /// frame's list and `regions`, position by position (a region that moved, appeared or
    /// vanished; a list that shifted changes every position after the shift). -1 when more
    /// change than the buffer holds.
    static func recordChanges(_ regions: [Rect], _ previous: UnsafeBufferPointer<Rect>?, _ memory: Memory) -> Int {
        guard let previous else { return -1 }
        var count = 0
        for index in 0..<max(regions.count, previous.count) {
            let old = index < previous.count ? previous[index] : nil
            let new = index < regions.count ? regions[index] : nil
            if let old, let new, old.isIdentical(to: new) { continue }
            guard count < Self.regionChangeCapacity else { return -1 }
            memory.changes[count] = RegionChange(old: old, new: new)
            count += 1
        }
        return count
    }

    /// The incremental pass; the number of arrangements resolved again, or -1 when the
    /// root's placement showed most of the tree changed and nothing more was done.
    @inline(__always)
    static func resolveChanged<Rule: ChangeRule>(
        _ memory: Memory, _ bounds: Rect, _ sizeClass: SizeClass, _ direction: LayoutDirection, _ regions: [Rect],
        _ resolution: inout Resolution, rootChanged: Bool, changes: Int, _ rule: Rule.Type
    ) -> Int {
        memory.changed[0] = rootChanged ? 1 : 0
        let pass = Pass<Rule>(
            links: memory.links, changed: memory.changed, root: memory.root,
            changes: UnsafeBufferPointer(start: memory.changes, count: changes))
        return Self.withTables(memory.preOrder, bounds, sizeClass, direction, regions, &resolution) {
            tables, regions, bounds, rootBits in
            Rule.resolveChanged(tables, regions, bounds, rootBits, pass)
        }
    }

    /// The fast resolver's own frame, on its level-order tables. Its set-up is written here
    /// rather than by calling `FastResolver.relayout(_:in:into:)`, which reads the context
    /// again and checks the pane count twice (the counts: docs/measurements.md, "the shape of the loops").
    static func resolveAll(
        _ memory: Memory, _ bounds: Rect, _ sizeClass: SizeClass, _ direction: LayoutDirection, _ regions: [Rect],
        _ resolution: inout Resolution
    ) {
        let tables = memory.levelOrder.tables(direction)
        let rootBits = PaneLayout.Bits.visible | PaneLayout.Bits.of(sizeClass)
        regions.withUnsafeBufferPointer { regions in
            resolution.panes.withUnsafeMutableBufferPointer { panes in
                FastResolver.relayout(tables, panes.baseAddress.unsafelyUnwrapped, regions, bounds, rootBits)
            }
        }
    }

    /// `body` on the tables of `tree` for `direction`, its region list, the root's
    /// bounds and bits.
    @inline(__always)
    static func withTables<Result>(
        _ tree: CompiledTree, _ bounds: Rect, _ sizeClass: SizeClass, _ direction: LayoutDirection,
        _ regionList: [Rect], _ resolution: inout Resolution, _ body: (Tables, RegionList, Rect, UInt32) -> Result
    ) -> Result {
        let tables = tree.tables(direction)
        let rootBits = PaneLayout.Bits.visible | PaneLayout.Bits.of(sizeClass)
        // The resolution is not empty (a tree has an arrangement).
        return regionList.withUnsafeBufferPointer { regions in
            resolution.panes.withUnsafeMutableBufferPointer { panes in
                body(
                    Tables(tables, panes: panes.baseAddress.unsafelyUnwrapped, root: bounds),
                    RegionList(regions, root: bounds), bounds, rootBits)
            }
        }
    }

    /// The pass for each kind of region list and tree, as the fast resolver's loop
    /// (non-generic entry points, such as ``EveryInput``'s, are checked not to allocate).
    @inline(__always)
    static func resolveChanged<Rule: ChangeRule>(
        _ tables: Tables, _ regions: RegionList, _ rootBounds: Rect, _ rootBits: UInt32, _ pass: Pass<Rule>
    ) -> Int {
        if tables.isProportional {
            return resolveChanged(tables, regions, rootBounds, rootBits, pass, ProportionalTree.self)
        }
        return resolveChanged(tables, regions, rootBounds, rootBits, pass, AnyTree.self)
    }

    @inline(__always)
    static func resolveChanged<Rule: ChangeRule, Kind: TreeKind>(
        _ tables: Tables, _ regions: RegionList, _ rootBounds: Rect, _ rootBits: UInt32, _ pass: Pass<Rule>,
        _ kind: Kind.Type
    ) -> Int {
        switch regions {
        case .none: loop(tables, NoRegions(), rootBounds, rootBits, pass, kind)
        case .vertical(let region): loop(tables, region, rootBounds, rootBits, pass, kind)
        case .horizontal(let region): loop(tables, region, rootBounds, rootBits, pass, kind)
        case .eitherWay(let region): loop(tables, region, rootBounds, rootBits, pass, kind)
        case .twoVertical(let regions): loop(tables, TwoRegions<Vertically>(regions), rootBounds, rootBits, pass, kind)
        case .two(let regions): loop(tables, TwoRegions<EitherWay>(regions), rootBounds, rootBits, pass, kind)
        case .several(let regions): loop(tables, regions, rootBounds, rootBits, pass, kind)
        }
    }

    /// One pass in depth-first order. An arrangement is placed when its pane changed
    /// (marked by its parent's placement) or a changed region meets its bounds; placing it
    /// marks each nested arrangement whose pane it changed. Any other arrangement is jumped
    /// over with its whole subtree. The root is laid out in the context; every other
    /// arrangement in its parent pane, written this frame or kept from an earlier one.
    @inline(__always)
    static func loop<Rule: ChangeRule, Scan: RegionScan, Kind: TreeKind>(
        _ tables: Tables, _ scan: Scan, _ rootBounds: Rect, _ rootBits: UInt32, _ pass: Pass<Rule>, _ kind: Kind.Type
    ) -> Int {
        var resolved = 0
        var index = 0
        if pass.changed[0] == 0, !pass.changeMeets(rootBounds) {
            index = Int(truncatingIfNeeded: pass.links[0].end)
        } else {
            pass.root.pointee = rootBounds
            place(0, UnsafePointer(pass.root), rootBits, tables, scan, pass, kind)
            // The root's placement marked what its change reaches: when that is most of
            // the tree, the pass stops here and the plain loop resolves the frame, for the
            // cost of one placement rather than a whole pass with its bookkeeping.
            if Rule.decidesBeforeWork,
                pass.markedShare(of: pass.links[0], count: tables.count) >= IncrementalResolver.plainShare
            {
                pass.unmark(pass.links[0])
                return -1
            }
            resolved = 1
            index = 1
        }
        while index < tables.count {
            let parent = tables.pane(tables.steps[index].parent)
            let bits = parent.pointee.bits
            // The frame is the pane's first stored property (checked when a tree is compiled).
            let frame = UnsafeRawPointer(parent).assumingMemoryBound(to: Rect.self)
            let visible = Kind.isProportional || bits & PaneLayout.Bits.visible != 0
            if pass.changed[index] == 0, !visible || !pass.changeMeets(frame.pointee) {
                index = Int(truncatingIfNeeded: pass.links[index].end)
                continue
            }
            pass.changed[index] = 0
            if visible {
                place(index, frame, bits, tables, scan, pass, kind)
            } else {
                // §3: both panes of an arrangement inside a hidden pane are hidden.
                let links = pass.links[index]
                let (first, second) = (tables.pane(links.firstSlot), tables.pane(links.secondSlot))
                let before = (PaneState(first), PaneState(second))
                first.pointee = .hidden
                second.pointee = .hidden
                pass.mark(links, before, tables)
            }
            resolved &+= 1
            index &+= 1
        }
        return resolved
    }

    /// Places arrangement `index` with the fast resolver's code, marking each nested
    /// arrangement whose pane it changed.
    @inline(__always)
    static func place<Rule: ChangeRule, Scan: RegionScan, Kind: TreeKind>(
        _ index: Int, _ frame: UnsafePointer<Rect>, _ bits: UInt32, _ tables: Tables, _ scan: Scan, _ pass: Pass<Rule>,
        _ kind: Kind.Type
    ) {
        let links = pass.links[index]
        let before = (
            links.first >= 0 ? PaneState(tables.pane(links.firstSlot)) : PaneState(),
            links.second >= 0 ? PaneState(tables.pane(links.secondSlot)) : PaneState()
        )
        FastResolver.place(frame, bits, tables.steps + index, tables, scan, kind)
        pass.mark(links, before, tables)
    }

    /// What the variant keeps for one tree: the compiled steps in both orders (sharing
    /// one copy of the plans and the arrangements' table), which panes hold which nested
    /// arrangements, and the last frame's context. Freed with the last reference to it.
    public final class Memory: @unchecked Sendable {
        /// Depth-first: a subtree is the run of arrangements up to `ends[index]`.
        let preOrder: CompiledTree
        /// Level order, for frames that resolve everything.
        @usableFromInline let levelOrder: CompiledTree
        /// At most ``IncrementalResolver/smallTree`` arrangements: resolved whole every
        /// frame, nothing kept (the frame loop runs the fast resolver's frames for it).
        @usableFromInline let resolvesWhole: Bool
        let count: Int
        @usableFromInline let paneCount: Int
        /// The level-order tables of each direction (left to right, then right to left).
        @usableFromInline let levelTables: UnsafePointer<DirectionTables>
        /// Per arrangement (depth-first), its panes, the nested arrangement each holds, and
        /// the index just past its subtree.
        let links: UnsafeMutablePointer<Links>
        /// The root's bounds, where the pass can point at them (one pass at a time per tree).
        let root: UnsafeMutablePointer<Rect>
        /// Per arrangement (depth-first), 1 when its pane changed in this pass; 0 between frames.
        let changed: UnsafeMutablePointer<UInt8>
        /// The regions that changed this frame.
        let changes: UnsafeMutablePointer<RegionChange>
        /// The previous frame.
        @usableFromInline let last: UnsafeMutablePointer<LastFrame>
        /// The previous frame's region list, kept in place (a copy of the array would
        /// retain one buffer and release another on every frame whose regions changed).
        @usableFromInline let lastRegions: UnsafeMutablePointer<Rect>

        /// The previous frame's regions, or `nil` when there were more than can be kept.
        @inlinable @inline(__always)
        var previousRegions: UnsafeBufferPointer<Rect>? {
            let count = last.pointee.regionCount
            return count < 0 ? nil : UnsafeBufferPointer(start: lastRegions, count: count)
        }

        /// Keeps `regions` as the previous frame's.
        @inlinable @inline(__always)
        func keepRegions(_ regions: [Rect]) {
            guard regions.count <= IncrementalResolver.keptRegions else {
                last.pointee.regionCount = -1
                return
            }
            regions.withUnsafeBufferPointer { regions in
                for index in 0..<regions.count { lastRegions[index] = regions[index] }
            }
            last.pointee.regionCount = regions.count
        }

        public convenience init(_ tree: ArrangementTree) {
            // One copy of the plans and the arrangements' table, in level order, for both.
            let levelOrder = CompiledTree(tree, order: .levelOrder)
            self.init(levelOrder, CompiledTree(tree, order: .preOrder, sharingTablesOf: levelOrder))
        }

        /// The memory of a tree compiled in both orders (the pre-order sharing the level
        /// order's tables).
        init(_ levelOrder: CompiledTree, _ preOrder: CompiledTree) {
            self.levelOrder = levelOrder
            self.preOrder = preOrder
            count = preOrder.arrangements.count
            resolvesWhole = count <= IncrementalResolver.smallTree
            paneCount = preOrder.paneCount
            levelTables = levelOrder.tables(.leftToRight)
            precondition(count < Int(Int32.max), "an arrangement count beyond 32-bit indices")
            // The arrangement held by each pane slot and the one owning it; then each
            // subtree's size from the leaves up (a child comes after its parent).
            let slotsPerPane = MemoryLayout<PaneLayout>.stride / 8
            var owner = [Int](repeating: 0, count: paneCount)
            var held = [Int32](repeating: -1, count: paneCount)
            for index in 0..<count {
                let arrangement = preOrder.arrangement(stored: index)
                owner[Int(arrangement.primary.rawValue) / slotsPerPane] = index
                owner[Int(arrangement.secondary.rawValue) / slotsPerPane] = index
            }
            let steps = preOrder.steps
            for index in 1..<max(count, 1) {
                held[Int(steps[index].parent.rawValue) / slotsPerPane] = Int32(index)
            }
            var sizes = [Int](repeating: 1, count: count)
            for index in (1..<max(count, 1)).reversed() {
                sizes[owner[Int(steps[index].parent.rawValue) / slotsPerPane]] += sizes[index]
            }
            links = .allocate(capacity: count)
            for index in 0..<count {
                let arrangement = preOrder.arrangement(stored: index)
                links.advanced(by: index).initialize(
                    to: Links(
                        firstSlot: arrangement.primary,
                        first: held[Int(arrangement.primary.rawValue) / slotsPerPane],
                        secondSlot: arrangement.secondary,
                        second: held[Int(arrangement.secondary.rawValue) / slotsPerPane],
                        end: Int32(index + sizes[index])))
            }
            root = .allocate(capacity: 1)
            root.initialize(to: .zero)
            changed = .allocate(capacity: count)
            changed.initialize(repeating: 0, count: count)
            changes = .allocate(capacity: IncrementalResolver.regionChangeCapacity)
            changes.initialize(
                repeating: RegionChange(old: nil, new: nil), count: IncrementalResolver.regionChangeCapacity)
            last = .allocate(capacity: 1)
            last.initialize(to: LastFrame())
            lastRegions = .allocate(capacity: IncrementalResolver.keptRegions)
            lastRegions.initialize(repeating: .zero, count: IncrementalResolver.keptRegions)
        }

        deinit {
            links.deallocate()
            root.deallocate()
            changed.deallocate()
            changes.deallocate()
            last.deinitialize(count: 1)
            last.deallocate()
            lastRegions.deallocate()
        }
    }
}

/// An arrangement's two panes, the nested arrangement each holds (-1 for none), and
/// the index just past its subtree.
struct Links {
    var firstSlot: PaneSlot
    var first: Int32
    var secondSlot: PaneSlot
    var second: Int32
    var end: Int32
}

/// A pane's frame as bits, and its bits: what a nested arrangement's inputs are made of.
struct PaneState {
    var x: UInt64 = 0
    var y: UInt64 = 0
    var width: UInt64 = 0
    var height: UInt64 = 0
    var bits: UInt32 = 0

    /// A hidden pane's state.
    init() {}

    @inline(__always)
    init(_ pane: UnsafeMutablePointer<PaneLayout>) {
        let raw = UnsafeRawPointer(pane)
        x = raw.load(as: UInt64.self)
        y = raw.load(fromByteOffset: 8, as: UInt64.self)
        width = raw.load(fromByteOffset: CompiledTree.widthOffset, as: UInt64.self)
        height = raw.load(fromByteOffset: CompiledTree.widthOffset + 8, as: UInt64.self)
        bits = raw.load(fromByteOffset: CompiledTree.bitsOffset, as: UInt32.self)
    }
}

/// One position of the region list that differs from the previous frame's.
struct RegionChange {
    var old: Rect?
    var new: Rect?
}

/// The previous frame, as the incremental variant saw it.
@usableFromInline
struct LastFrame {
    @usableFromInline var hasAnswer = false
    /// Where the resolution written last keeps its panes.
    @usableFromInline var resolution: UnsafeRawPointer?
    @usableFromInline var bounds = Rect.zero
    /// The size class, as a pane's bits.
    @usableFromInline var classBits: UInt32 = 0
    @usableFromInline var direction = LayoutDirection.leftToRight
    /// How many regions ``IncrementalResolver/Memory/lastRegions`` holds; -1 when the
    /// list was longer than it can hold, or none was seen yet (a frame after that,
    /// whatever it is told changed, resolves the whole tree and keeps its list).
    @usableFromInline var regionCount = -1
    /// Frames still to run on the plain loop, and how many the next switch gives it.
    var plainFramesLeft = 0
    var plainRun = IncrementalResolver.shortestPlainRun
}

/// What the incremental loop reads besides the tables; `Rule` says which inputs count.
struct Pass<Rule: ChangeRule> {
    let links: UnsafeMutablePointer<Links>
    let changed: UnsafeMutablePointer<UInt8>
    let root: UnsafeMutablePointer<Rect>
    let changes: UnsafeBufferPointer<RegionChange>

    /// The share of a tree of `count` arrangements that the nested arrangements of `links`,
    /// as marked, hold.
    @inline(__always)
    func markedShare(of links: Links, count: Int) -> Double {
        @inline(__always)
        func size(_ child: Int32) -> Int {
            let index = Int(truncatingIfNeeded: child)
            guard child >= 0, changed[index] != 0 else { return 0 }
            return Int(truncatingIfNeeded: self.links[index].end) - index
        }
        return Double(size(links.first) + size(links.second)) / Double(max(count, 1))
    }

    /// Clears the marks placing `links` set (the marks are all 0 between frames).
    @inline(__always)
    func unmark(_ links: Links) {
        if links.first >= 0 { changed[Int(truncatingIfNeeded: links.first)] = 0 }
        if links.second >= 0 { changed[Int(truncatingIfNeeded: links.second)] = 0 }
    }

    /// Marks each nested arrangement of `links` whose pane differs from its state `before`.
    @inline(__always)
    func mark(_ links: Links, _ before: (PaneState, PaneState), _ tables: Tables) {
        if links.first >= 0, differ(before.0, PaneState(tables.pane(links.firstSlot))) {
            changed[Int(truncatingIfNeeded: links.first)] = 1
        }
        if links.second >= 0, differ(before.1, PaneState(tables.pane(links.secondSlot))) {
            changed[Int(truncatingIfNeeded: links.second)] = 1
        }
    }

    /// Whether a nested arrangement's inputs differ between its pane as it was and as it
    /// is: any bit of the frame (-0 and 0 are told apart) or of the input bits.
    @inline(__always)
    func differ(_ old: PaneState, _ new: PaneState) -> Bool {
        if !Rule.seesShownPane, old.bits & PaneLayout.Bits.visible == 0 { return false }
        let frame = (old.x ^ new.x) | (old.y ^ new.y) | (old.width ^ new.width) | (old.height ^ new.height)
        return frame | UInt64((old.bits ^ new.bits) & Rule.inputMask) != 0
    }

    /// Whether a region that changed this frame may divide these bounds or anything inside
    /// them, before or after the change. A region divides only bounds it meets (it spans
    /// them one way and lies inside them the other), and a subtree's bounds lie inside its
    /// root's up to rounding, so the test is a closed intersection with the bounds grown
    /// by a margin far above any rounding.
    @inline(__always)
    func changeMeets(_ bounds: Rect) -> Bool {
        guard !changes.isEmpty else { return false }
        let margin = 1e-9 * (abs(bounds.minX) + abs(bounds.minY) + bounds.width + bounds.height) + 1e-9
        func meets(_ region: Rect?) -> Bool {
            guard let region else { return false }
            return region.minX <= bounds.maxX + margin && region.maxX >= bounds.minX - margin
                && region.minY <= bounds.maxY + margin && region.maxY >= bounds.minY - margin
        }
        for change in changes {
            let before = meets(change.old)
            let after = meets(change.new)
            if Rule.seesMovedRegion ? before || after : before != after { return true }
        }
        return false
    }
}

/// Which inputs of a subtree a pass compares before skipping it. The shipped resolver
/// compares every one (``EveryInput``); a planted stale cache (``StaleCacheResolver``)
/// leaves one out. The rule is a type, so that the shipped loop carries no test flag.
protocol ChangeRule {
    /// A flip of the layout direction resolves the whole tree.
    static var seesDirection: Bool { get }
    /// A size class that changed with the bounds unchanged counts as a change.
    static var seesSizeClass: Bool { get }
    /// A region that moved but still meets a subtree's bounds counts as a change for it.
    static var seesMovedRegion: Bool { get }
    /// A pane shown again after being hidden counts as a change.
    static var seesShownPane: Bool { get }
    /// Whether the pass is spared where it cannot pay (changes that reach the root, small
    /// trees, a root whose change reaches most of the tree). A planted stale cache runs
    /// its pass on every frame that changes anything, so that what it forgets shows.
    static var decidesBeforeWork: Bool { get }
    /// The pass over every kind of region list and tree.
    static func resolveChanged(
        _ tables: Tables, _ regions: RegionList, _ rootBounds: Rect, _ rootBits: UInt32, _ pass: Pass<Self>
    ) -> Int
}

extension ChangeRule {
    static var seesDirection: Bool { true }
    static var seesSizeClass: Bool { true }
    static var seesMovedRegion: Bool { true }
    static var seesShownPane: Bool { true }
    static var decidesBeforeWork: Bool { true }

    /// The bits of a pane a nested arrangement depends on: visibility and size class.
    @inline(__always)
    static var inputMask: UInt32 { PaneLayout.Bits.visible | (seesSizeClass ? PaneLayout.Bits.sizeClass : 0) }

    static func resolveChanged(
        _ tables: Tables, _ regions: RegionList, _ rootBounds: Rect, _ rootBits: UInt32, _ pass: Pass<Self>
    ) -> Int {
        IncrementalResolver.resolveChanged(tables, regions, rootBounds, rootBits, pass)
    }
}

/// The shipped rule: every input counts.
enum EveryInput: ChangeRule {
    /// Out of line, as the compiler kept the pass before the rule was a type: inlined into
    /// `relayout`, it made the frame dearer (docs/measurements.md, the restructuring).
    #if !DEBUG && !FUZZING
        @_noAllocation
    #endif
    @inline(never)
    static func resolveChanged(
        _ tables: Tables, _ regions: RegionList, _ rootBounds: Rect, _ rootBits: UInt32, _ pass: Pass<Self>
    ) -> Int {
        IncrementalResolver.resolveChanged(tables, regions, rootBounds, rootBits, pass)
    }
}
