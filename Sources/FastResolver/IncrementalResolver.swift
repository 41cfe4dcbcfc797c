import ArrangementModel

/// The fast resolver with a memory: it rewrites only what changed since the frame before.
///
/// Under the contract an arrangement's whole subtree depends only on its bounds, its size
/// class, the layout direction and the reserved regions that meet its bounds (minimums do
/// not propagate upwards). So, per arrangement, the variant remembers the bounds and the
/// size class it was last resolved in, and a subtree whose inputs are those it remembers,
/// and that no changed region meets, keeps the panes the resolution already holds: the
/// variant relies on being handed the resolution it wrote last
/// (``FrameMemory/readsItsLastAnswer``). A frame whose whole context equals the previous
/// one's costs one comparison.
///
/// Its tables are the fast resolver's, compiled twice: depth-first, where a subtree is
/// one contiguous run that a skip jumps over, and level order, which the fast resolver
/// runs when everything changes anyway (a resize, a rotation, a display transition). It
/// notices that case itself: a frame in which at least ``IncrementalResolver/plainShare``
/// of the arrangements had to be resolved again switches it to the fast resolver's own
/// loop for a number of frames (8, doubling to 64 while every probe finds the same); the
/// memory, not kept during those frames, is filled again by the next frame it resolves
/// incrementally. Nothing is allocated per frame.
///
/// `forgetting` plants a stale cache, for the harness's own tests: the variant then
/// leaves one input out of its decision to skip (``StaleCache``), as caching layout
/// engines have done in released versions.
public struct IncrementalResolver: ResolverVariant {
    /// One input a planted stale cache leaves out of its decision to skip a subtree.
    public enum StaleCache: String, Sendable, CaseIterable {
        /// A size class that changed with the bounds unchanged is not noticed.
        case sizeClass = "size-class"
        /// A flip of the layout direction is not noticed.
        case layoutDirection = "layout-direction"
        /// A region that moved but still meets an arrangement's bounds is taken as unchanged
        /// for it (only regions that start or stop meeting the bounds count).
        case movedRegion = "moved-region"
        /// A subtree hidden by its pane does not update what it remembers, so when the
        /// pane shows again with the bounds it had, the hidden panes are kept.
        case hiddenPane = "hidden-pane"
    }

    /// The input this variant forgets, if it is a planted fault.
    public let forgets: StaleCache?

    public init(forgetting: StaleCache? = nil) { forgets = forgetting }

    public var name: String { forgets.map { "incremental-forgets-\($0.rawValue)" } ?? "incremental" }

    public var frameMemory: FrameMemory { [.keepsState, .readsItsLastAnswer] }

    /// The share of arrangements resolved again in one frame from which the plain loop
    /// is cheaper than the bookkeeping.
    public static let plainShare = 0.75

    /// Regions compared one by one against the previous frame's; a frame whose region
    /// list changed in more places is resolved whole.
    static let regionChangeCapacity = 16

    public func prepare(_ tree: ArrangementTree) -> Memory { Memory(tree) }

    /// One frame: only the subtrees whose inputs changed are written.
    /// O(1) when the context equals the previous frame's, else O(arrangements resolved × regions).
    public func relayout(_ memory: Memory, in context: LayoutContext, into resolution: inout Resolution) {
        precondition(resolution.panes.count == memory.paneCount, "the resolution was made for another tree")
        let last = memory.last
        let address = resolution.panes.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        let directionChanged = context.layoutDirection != last.pointee.direction && forgets != .layoutDirection
        let sizeClassChanged = context.sizeClass != last.pointee.sizeClass && forgets != .sizeClass
        let regionsChanged = context.reservedRegions != last.pointee.regions
        // Another resolution than the one written last (a copy made on write, or a caller
        // that broke the rule) holds nothing this memory knows of.
        let answered = last.pointee.hasAnswer && address == last.pointee.resolution
        if answered, !directionChanged, !sizeClassChanged, !regionsChanged,
            Self.identical(context.bounds, last.pointee.bounds)
        {
            return
        }
        let changes = regionsChanged ? recordChanges(context.reservedRegions, memory) : 0
        var incremental = answered && !directionChanged && changes >= 0
        if incremental, last.pointee.plainFramesLeft > 0 {
            last.pointee.plainFramesLeft -= 1
            incremental = false
        }
        if incremental {
            if !last.pointee.memoryIsCurrent { memory.forgetInputs() }
            let resolved = resolveChanged(memory, context, &resolution, changes: max(changes, 0))
            if last.pointee.memoryIsCurrent {
                // A probe: was this frame worth the bookkeeping?
                if Double(resolved) >= Self.plainShare * Double(memory.count) {
                    last.pointee.plainFramesLeft = last.pointee.plainRun
                    last.pointee.plainRun = min(last.pointee.plainRun * 2, 64)
                    last.pointee.memoryIsCurrent = false
                } else {
                    last.pointee.plainRun = 8
                }
            } else {
                last.pointee.memoryIsCurrent = true
            }
        } else {
            FastResolver().relayout(memory.levelOrder, in: context, into: &resolution)
            last.pointee.memoryIsCurrent = false
        }
        last.pointee.hasAnswer = true
        last.pointee.resolution = resolution.panes.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
        last.pointee.bounds = context.bounds
        last.pointee.sizeClass = context.sizeClass
        last.pointee.direction = context.layoutDirection
        if regionsChanged { last.pointee.regions = context.reservedRegions }
    }

    /// Equal to the last bit: -0 and 0 are told apart, as a resolver may treat them differently.
    @inline(__always)
    static func identical(_ a: Rect, _ b: Rect) -> Bool {
        a.x.bitPattern == b.x.bitPattern && a.y.bitPattern == b.y.bitPattern
            && a.width.bitPattern == b.width.bitPattern && a.height.bitPattern == b.height.bitPattern
    }

    /// Lists, in the memory's change buffer, the regions that differ between the previous
    /// frame's list and `regions`, position by position (a region that moved, appeared or
    /// vanished; a list that shifted changes every position after the shift). -1 when more
    /// change than the buffer holds.
    func recordChanges(_ regions: [Rect], _ memory: Memory) -> Int {
        let previous = memory.last.pointee.regions
        var count = 0
        for index in 0..<max(regions.count, previous.count) {
            let old = index < previous.count ? previous[index] : nil
            let new = index < regions.count ? regions[index] : nil
            if let old, let new, Self.identical(old, new) { continue }
            guard count < Self.regionChangeCapacity else { return -1 }
            memory.changes[count] = RegionChange(old: old, new: new)
            count += 1
        }
        return count
    }

    /// The incremental pass; the number of arrangements resolved again.
    func resolveChanged(_ memory: Memory, _ context: LayoutContext, _ resolution: inout Resolution, changes: Int)
        -> Int
    {
        let tree = memory.preOrder
        let rightToLeft = context.layoutDirection == .rightToLeft
        let rootBits = PaneLayout.Bits.visible | PaneLayout.Bits.of(context.sizeClass)
        let pass = Pass(
            memory: memory.inputs, ends: memory.ends,
            changes: UnsafeBufferPointer(start: memory.changes, count: changes),
            classMask: forgets == .sizeClass ? 0 : PaneLayout.Bits.sizeClass,
            movedRegionCounts: forgets != .movedRegion, hiddenPaneCounts: forgets != .hiddenPane)
        var resolved = 0
        (rightToLeft ? tree.rightToLeftSteps : tree.leftToRightSteps).withUnsafeBufferPointer { steps in
            tree.plans.withUnsafeBufferPointer { plans in
                tree.arrangements.withUnsafeBufferPointer { arrangements in
                    context.reservedRegions.withUnsafeBufferPointer { regions in
                        resolution.panes.withUnsafeMutableBufferPointer { panes in
                            guard
                                let tables = Tables(
                                    steps: steps, plans: plans, arrangements: arrangements,
                                    rightToLeft: rightToLeft,
                                    isProportional: rightToLeft
                                        ? tree.rightToLeftIsProportional : tree.leftToRightIsProportional,
                                    panes: panes)
                            else { return }
                            resolved = Self.resolveChanged(
                                tables, RegionList(regions, root: context.bounds), context.bounds, rootBits, pass)
                        }
                    }
                }
            }
        }
        return resolved
    }

    /// The pass for each kind of region list and tree, as the fast resolver's loop.
    #if !DEBUG && !FUZZING
        @_noAllocation
    #endif
    static func resolveChanged(
        _ tables: Tables, _ regions: RegionList, _ rootBounds: Rect, _ rootBits: UInt32, _ pass: Pass
    ) -> Int {
        if tables.isProportional {
            return resolveChanged(tables, regions, rootBounds, rootBits, pass, ProportionalTree.self)
        }
        return resolveChanged(tables, regions, rootBounds, rootBits, pass, AnyTree.self)
    }

    @inline(__always)
    static func resolveChanged<Kind: TreeKind>(
        _ tables: Tables, _ regions: RegionList, _ rootBounds: Rect, _ rootBits: UInt32, _ pass: Pass,
        _ kind: Kind.Type
    ) -> Int {
        switch regions {
        case .none: loop(tables, NoRegions(), rootBounds, rootBits, pass, kind)
        case .vertical(let region): loop(tables, region, rootBounds, rootBits, pass, kind)
        case .horizontal(let region): loop(tables, region, rootBounds, rootBits, pass, kind)
        case .eitherWay(let region): loop(tables, region, rootBounds, rootBits, pass, kind)
        case .several(let regions): loop(tables, regions, rootBounds, rootBits, pass, kind)
        }
    }

    /// One pass in depth-first order: an arrangement whose inputs are those it remembers,
    /// and that no changed region meets, is jumped over with its whole subtree (stored
    /// right after it); any other is placed by the fast resolver's own code and remembers
    /// its new inputs. The root is laid out in the context; every other arrangement in
    /// its parent pane, already written this frame or kept from an earlier one.
    @inline(__always)
    static func loop<Scan: RegionScan, Kind: TreeKind>(
        _ tables: Tables, _ scan: Scan, _ rootBounds: Rect, _ rootBits: UInt32, _ pass: Pass, _ kind: Kind.Type
    ) -> Int {
        withUnsafePointer(to: rootBounds) { root in loop(tables, scan, root, rootBits, pass, kind) }
    }

    @inline(__always)
    static func loop<Scan: RegionScan, Kind: TreeKind>(
        _ tables: Tables, _ scan: Scan, _ root: UnsafePointer<Rect>, _ rootBits: UInt32, _ pass: Pass,
        _ kind: Kind.Type
    ) -> Int {
        var resolved = 0
        var index = 0
        while index < tables.count {
            let step = tables.steps + index
            let frame: UnsafePointer<Rect>
            let bits: UInt32
            if index == 0 {
                frame = root
                bits = rootBits
            } else {
                let parent = tables.pane(step.pointee.parent)
                frame = UnsafeRawPointer(parent).assumingMemoryBound(to: Rect.self)
                bits = parent.pointee.bits
            }
            let inputs = bits & (PaneLayout.Bits.visible | pass.classMask)
            let remembered = pass.memory + index
            let visible = Kind.isProportional || bits & PaneLayout.Bits.visible != 0
            if remembered.pointee.bits == inputs, identical(remembered.pointee.bounds, frame.pointee),
                !visible || !pass.changeMeets(frame.pointee)
            {
                index = Int(truncatingIfNeeded: pass.ends[index])
                continue
            }
            if visible || pass.hiddenPaneCounts {
                remembered.pointee = RememberedInputs(bounds: frame.pointee, bits: inputs)
            }
            if visible {
                FastResolver.place(frame, bits, step, tables, scan, kind)
            } else {
                // §3: both panes of an arrangement inside a hidden pane are hidden.
                tables.pane(step.pointee.horizontal.near).pointee = .hidden
                tables.pane(step.pointee.horizontal.far).pointee = .hidden
            }
            resolved &+= 1
            index &+= 1
        }
        return resolved
    }

    /// What the variant keeps for one tree: the compiled tables in both orders, and the
    /// memory of the last frame. Freed with the last reference to it.
    public final class Memory: @unchecked Sendable {
        /// Depth-first: a subtree is the run of arrangements up to `ends[index]`.
        let preOrder: CompiledTree
        /// Level order, for frames that resolve everything.
        let levelOrder: CompiledTree
        let count: Int
        let paneCount: Int
        /// Per arrangement (depth-first), the index just past its subtree.
        let ends: UnsafeMutablePointer<Int32>
        /// Per arrangement (depth-first), the inputs it was last resolved in.
        let inputs: UnsafeMutablePointer<RememberedInputs>
        /// The regions that changed this frame.
        let changes: UnsafeMutablePointer<RegionChange>
        /// The previous frame.
        let last: UnsafeMutablePointer<LastFrame>

        init(_ tree: ArrangementTree) {
            preOrder = CompiledTree(tree, order: .preOrder)
            levelOrder = CompiledTree(tree, order: .levelOrder)
            count = preOrder.arrangements.count
            paneCount = preOrder.paneCount
            precondition(count < Int(Int32.max), "an arrangement count beyond 32-bit indices")
            // The arrangement owning each pane slot, then each subtree's size from the leaves up.
            var owner = [Int](repeating: 0, count: paneCount)
            let slotsPerPane = MemoryLayout<PaneLayout>.stride / 8
            for (index, arrangement) in preOrder.arrangements.enumerated() {
                owner[Int(arrangement.primary.rawValue) / slotsPerPane] = index
                owner[Int(arrangement.secondary.rawValue) / slotsPerPane] = index
            }
            var sizes = [Int](repeating: 1, count: count)
            for index in (1..<max(count, 1)).reversed() {
                sizes[owner[Int(preOrder.leftToRightSteps[index].parent.rawValue) / slotsPerPane]] += sizes[index]
            }
            ends = .allocate(capacity: count)
            for index in 0..<count { ends[index] = Int32(index + sizes[index]) }
            inputs = .allocate(capacity: count)
            inputs.initialize(repeating: RememberedInputs(bounds: .zero, bits: RememberedInputs.nothing), count: count)
            changes = .allocate(capacity: IncrementalResolver.regionChangeCapacity)
            changes.initialize(
                repeating: RegionChange(old: nil, new: nil), count: IncrementalResolver.regionChangeCapacity)
            last = .allocate(capacity: 1)
            last.initialize(to: LastFrame())
        }

        deinit {
            ends.deallocate()
            inputs.deallocate()
            changes.deallocate()
            last.deinitialize(count: 1)
            last.deallocate()
        }

        /// Makes every arrangement's memory match no input, so the next pass resolves all.
        func forgetInputs() {
            for index in 0..<count { inputs[index].bits = RememberedInputs.nothing }
        }
    }
}

/// What one arrangement was last resolved in: its bounds and its pane's visibility and size class bits.
struct RememberedInputs {
    var bounds: Rect
    var bits: UInt32

    /// Bits no pane has: matches no input.
    static let nothing: UInt32 = .max
}

/// One position of the region list that differs from the previous frame's.
struct RegionChange {
    var old: Rect?
    var new: Rect?
}

/// The previous frame, as the incremental variant saw it.
struct LastFrame {
    var hasAnswer = false
    /// Where the resolution written last keeps its panes.
    var resolution: UnsafeRawPointer?
    var bounds = Rect.zero
    var sizeClass = SizeClass(horizontal: .regular, vertical: .regular)
    var direction = LayoutDirection.leftToRight
    var regions: [Rect] = []
    /// Whether every arrangement's ``RememberedInputs`` belong to the last answer (not
    /// after a frame of the plain loop).
    var memoryIsCurrent = false
    /// Frames still to run on the plain loop, and how many the next switch gives it.
    var plainFramesLeft = 0
    var plainRun = 8
}

/// What the incremental loop reads besides the tables.
struct Pass {
    let memory: UnsafeMutablePointer<RememberedInputs>
    let ends: UnsafeMutablePointer<Int32>
    let changes: UnsafeBufferPointer<RegionChange>
    /// The size class bits an arrangement's inputs include (none for the planted fault).
    let classMask: UInt32
    /// False for the planted faults that leave these inputs out.
    let movedRegionCounts: Bool
    let hiddenPaneCounts: Bool
    init(
        memory: UnsafeMutablePointer<RememberedInputs>, ends: UnsafeMutablePointer<Int32>,
        changes: UnsafeBufferPointer<RegionChange>, classMask: UInt32, movedRegionCounts: Bool,
        hiddenPaneCounts: Bool
    ) {
        self.memory = memory
        self.ends = ends
        self.changes = changes
        self.classMask = classMask
        self.movedRegionCounts = movedRegionCounts
        self.hiddenPaneCounts = hiddenPaneCounts
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
            if movedRegionCounts ? before || after : before != after { return true }
        }
        return false
    }
}
