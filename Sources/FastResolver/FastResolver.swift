import ArrangementModel

/// The per-frame variant. Fast because:
/// - **flat storage**: ``CompiledTree`` holds one 40-byte ``Step`` per arrangement,
///   parent before children, with pane slots, so a relayout is one loop (a pane's
///   frame is its nested arrangement's bounds, already written when the loop reaches
///   it), with no recursion; level by level in small blocks, so that consecutive
///   arrangements rarely wait for each other. A tree of one or two arrangements (most
///   screens) has no loop: the root is placed from registers, then its nested one;
/// - **prepared decisions**: the priority ordering, the collapse winner, the overlay
///   edges (which pane takes which region when a divider separates an overlay), the
///   lo/hi/ideal coefficients, which pane leads in each direction, whether any bound
///   can bind at all and whether any maximum exists are computed once per tree;
/// - **a short hot path**: a split along a permitted axis whose bounds cannot bind
///   (a *proportional* split) costs one multiply and one subtract; a split whose
///   bounds may bind runs §2.2's clamp chain on the prepared plan (without the
///   maximums when there are none); a split divided by the fold takes the two regions;
///   an overlay, a collapse or an axis not permitted is placed from the prepared bits
///   (layered, one view alone, or an overlay separated by the divider, the last out
///   of line in the loop). A tree of proportional splits only gets a loop without the
///   kernel test and without the test for hidden panes;
/// - **no allocation per frame**: plain arithmetic on structs, written through
///   unsafe buffers into a resolution the caller owns (proved by `@_noAllocation`
///   on the loop and by jemalloc's counters in the tests).
///
/// It must give exactly what ``ReferenceResolver`` gives; the differential tests hold it to that.
public struct FastResolver: ResolverVariant {
    /// How ``prepare(_:)`` stores the arrangements: level order by default; pre-order
    /// is kept as the `fast-preorder` variant, to measure what the order is worth.
    public let order: CompiledTree.Order

    public init(order: CompiledTree.Order = .levelOrder) { self.order = order }

    public var name: String { order == .levelOrder ? "fast" : "fast-preorder" }

    public func prepare(_ tree: ArrangementTree) -> CompiledTree { CompiledTree(tree, order: order) }

    /// Edits that leave every pane where it was (a pane's values, an arrangement's style
    /// or axes) compile the arrangements they change again, in place; a subtree inserted,
    /// removed or replaced is spliced into the compiled tables, only the new subtree
    /// compiled (``CompiledSplice``), several of them one after another, the other edits
    /// of the frame then made in place.
    public func edit(_ tree: inout CompiledTree, with edits: [TreeEdit], giving edited: ArrangementTree) -> Bool {
        edit(&tree, placed: PlacedEdits(edits, in: edited), giving: edited)
    }

    /// ``edit(_:with:giving:)`` from the places worked out beforehand.
    public func edit(_ tree: inout CompiledTree, placed edits: PlacedEdits, giving edited: ArrangementTree) -> Bool {
        if edits.movesPanes {
            guard let splice = CompiledSplice.splicing(tree, edits.splices, paneCount: edited.paneCount) else {
                return false
            }
            tree = splice.compiled(tree.order)
        }
        // A pane's values or a style: the arrangement changed compiled again (one inside a
        // subtree just spliced is compiled already, and again to no harm).
        for change in edits.changed { tree.recompile(change.index, change.arrangement) }
        return true
    }

    /// For a caller that knows an edit by its place in the edited tree rather than by a
    /// pane's id (the C interface's edits): arrangement `index`, depth-first, compiled
    /// again from `arrangement`'s style and pane values (what its panes hold is not read).
    public func recompile(_ tree: inout CompiledTree, arrangement index: Int, to arrangement: Arrangement) -> Bool {
        guard index >= 0, index < tree.count else { return false }
        tree.recompile(index, arrangement)
        return true
    }

    /// The subtree pane `pane` holds (none, for an insert) replaced by `subtree` (none, for
    /// a removal), spliced as ``edit(_:with:giving:)`` splices; false when it does not fit.
    public func splice(_ tree: inout CompiledTree, at pane: Int, inserting subtree: Arrangement?) -> Bool {
        guard pane >= 0, pane < tree.paneCount,
            let splice = CompiledSplice(tree, at: pane, inserting: subtree, paneCount: nil)
        else { return false }
        tree = splice.compiled(tree.order)
        return true
    }

    /// How many arrangements `subtree` is, with those nested in it: the run of
    /// depth-first numbers, and half the run of panes, a splice of it covers.
    public static func arrangementCount(_ subtree: Arrangement) -> Int { CompiledSplice.arrangementCount(subtree) }

    /// One frame: every pane of `resolution` written for `context`. O(arrangements × regions).
    @inlinable
    public func relayout(
        _ tree: CompiledTree, in context: LayoutContext, into resolution: inout Resolution
    ) {
        precondition(
            resolution.panes.count == tree.paneCount, "the resolution was made for another tree")
        context.reservedRegions.withUnsafeBufferPointer { regions in
            // Not empty: a tree has an arrangement, so its resolution has panes.
            resolution.panes.withUnsafeMutableBufferPointer { panes in
                Self.relayout(
                    tree, bounds: context.bounds, sizeClass: context.sizeClass, direction: context.layoutDirection,
                    regions: regions, panes: panes.baseAddress.unsafelyUnwrapped)
            }
        }
    }

    /// One frame from the context's parts, into `panes` (the tree's pane count of them):
    /// for a caller that holds neither a ``LayoutContext`` nor a ``Resolution``, such as
    /// the fast variant exported through the C interface.
    @inlinable
    public static func relayout(
        _ tree: CompiledTree, bounds: Rect, sizeClass: SizeClass, direction: LayoutDirection,
        regions: UnsafeBufferPointer<Rect>, panes: UnsafeMutablePointer<PaneLayout>
    ) {
        let rootBits = PaneLayout.Bits.visible | PaneLayout.Bits.of(sizeClass)
        relayout(tree.tables(direction), panes, regions, bounds, rootBits)
    }

    /// The whole frame, with one loop per kind of tree and region list, so the common cases
    /// pay nothing (no regions, or one that can divide nothing) or keep the one region
    /// in registers and test it only where it can divide. Everything a frame needs
    /// travels in registers: the direction's tables as one pointer, the output, the region
    /// list, the root's bounds and bits. In optimised builds `@_noAllocation` makes the
    /// compiler prove that nothing here allocates (debug and fuzzing builds lack the
    /// cross-module bodies that proof needs).
    @inlinable
    #if !DEBUG && !FUZZING
        @_noAllocation
    #endif
    static func relayout(
        _ tables: UnsafePointer<DirectionTables>, _ panes: UnsafeMutablePointer<PaneLayout>,
        _ regions: UnsafeBufferPointer<Rect>, _ rootBounds: Rect, _ rootBits: UInt32
    ) {
        switch tables.pointee.shape {
        case .any: frame(tables, panes, regions, rootBounds, rootBits, AnyTree.self)
        case .proportional: frame(tables, panes, regions, rootBounds, rootBits, ProportionalTree.self)
        case .one: small(tables, panes, regions, rootBounds, rootBits, SmallTree.self, One.self)
        case .oneProportional: small(tables, panes, regions, rootBounds, rootBits, ProportionalTree.self, One.self)
        case .two: small(tables, panes, regions, rootBounds, rootBits, SmallTree.self, Two.self)
        case .twoProportional: small(tables, panes, regions, rootBounds, rootBits, ProportionalTree.self, Two.self)
        }
    }

    /// Out of line for each kind of tree, so that the dispatch above is a jump and the
    /// registers one kind needs are not saved for the other. The region list is sorted
    /// into its kind here, where the choice is a branch and not a value handed over.
    @inlinable
    @inline(never)
    static func frame<Kind: TreeKind>(
        _ tables: UnsafePointer<DirectionTables>, _ panes: UnsafeMutablePointer<PaneLayout>,
        _ regions: UnsafeBufferPointer<Rect>, _ rootBounds: Rect, _ rootBits: UInt32, _ kind: Kind.Type
    ) {
        let tables = Tables(tables, panes: panes, root: rootBounds)
        switch RegionList(regions, root: rootBounds) {
        case .none: loop(tables, NoRegions(), rootBounds, rootBits, kind)
        case .vertical(let region): loop(tables, region, rootBounds, rootBits, kind)
        case .horizontal(let region): loop(tables, region, rootBounds, rootBits, kind)
        case .eitherWay(let region): loop(tables, region, rootBounds, rootBits, kind)
        case .twoVertical(let regions): loopOverTwo(tables, regions, rootBounds, rootBits, kind, Vertically.self)
        case .two(let regions): loopOverTwo(tables, regions, rootBounds, rootBits, kind, EitherWay.self)
        case .several(let regions): loop(tables, regions, rootBounds, rootBits, kind)
        }
    }

    /// A tree of one or two arrangements (most screens): the root placed in the context's
    /// bounds as they came, in registers, and the nested arrangement after it, without a
    /// loop. Two regions or more go to the loop, out of line, so that the common frames
    /// here need no saved registers.
    @inlinable
    @inline(never)
    static func small<Kind: TreeKind, Count: SmallCount>(
        _ direction: UnsafePointer<DirectionTables>, _ panes: UnsafeMutablePointer<PaneLayout>,
        _ regions: UnsafeBufferPointer<Rect>, _ rootBounds: Rect, _ rootBits: UInt32, _ kind: Kind.Type,
        _ count: Count.Type
    ) {
        let tables = Tables(direction, panes: panes, root: rootBounds)
        switch RegionList(regions, root: rootBounds) {
        case .none: placeSmall(tables, NoRegions(), rootBounds, rootBits, kind, count)
        case .vertical(let region): placeSmall(tables, region, rootBounds, rootBits, kind, count)
        case .horizontal(let region): placeSmall(tables, region, rootBounds, rootBits, kind, count)
        case .eitherWay(let region): placeSmall(tables, region, rootBounds, rootBits, kind, count)
        case .twoVertical, .two, .several:
            // The loops, whose copies of the placement keep what a divider crosses out of line.
            if Kind.isProportional {
                frame(direction, panes, regions, rootBounds, rootBits, ProportionalTree.self)
            } else {
                frame(direction, panes, regions, rootBounds, rootBits, AnyTree.self)
            }
        }
    }

    /// The root, then the second arrangement if there is one.
    @inlinable
    @inline(__always)
    static func placeSmall<Scan: RegionScan, Kind: TreeKind, Count: SmallCount>(
        _ tables: Tables, _ scan: Scan, _ rootBounds: Rect, _ rootBits: UInt32, _ kind: Kind.Type,
        _ count: Count.Type
    ) {
        let root = tables.steps
        place(rootBounds, rootBits, root, tables, scan, kind)
        if Count.isTwo { placeNested(root + 1, tables, scan, kind) }
    }

    /// The loop for two regions, out of line and handed them as a pointer: inline, or
    /// handed the regions themselves (more than the registers hold), it made every frame
    /// save registers on entry to the dispatch above, not only the frames with two
    /// regions (the counts: docs/measurements.md, "the shape of the loops").
    @inlinable
    @inline(never)
    static func loopOverTwo<Kind: TreeKind, Directions: DividingDirections>(
        _ tables: Tables, _ regions: SomeRegions, _ rootBounds: Rect, _ rootBits: UInt32, _ kind: Kind.Type,
        _ directions: Directions.Type
    ) {
        loop(tables, TwoRegions<Directions>(regions), rootBounds, rootBits, kind)
    }

    /// One pass over the arrangements in storage order, reading them in place and
    /// writing each pane once; specialised for each kind of region list by inlining.
    @inlinable
    @inline(__always)
    static func loop<Scan: RegionScan, Kind: TreeKind>(
        _ tables: Tables, _ scan: Scan, _ rootBounds: Rect, _ rootBits: UInt32, _ kind: Kind.Type
    ) {
        // Every arrangement is laid out in its parent pane, already written because a
        // parent is stored before its children. The root (always first) is laid out in the
        // context. A proportional tree's placement is short, so the root gets a copy of
        // its own; any other tree hands the context to the root through the first pane
        // (the root's primary, which its placement overwrites after reading it), so that
        // one copy of the longer placement serves every arrangement and stays inline. The
        // proportional root goes through a pointer, as the nested ones do: handed its bounds
        // by value, the inliner outlined the placement in the two-region loop (the counts:
        // docs/measurements.md, "the shape of the loops").
        var step = tables.steps
        if Kind.isProportional {
            withUnsafePointer(to: rootBounds) { place($0, rootBits, step, tables, scan, kind) }
            step += 1
        } else {
            write(
                tables.pane(PaneSlot(rawValue: 0)), SIMD2(rootBounds.x, rootBounds.y),
                SIMD2(rootBounds.width, rootBounds.height), rootBits)
        }
        let end = tables.steps + tables.count
        while step < end {
            placeNested(step, tables, scan, kind)
            step += 1
        }
    }

    /// A nested arrangement, in the pane that holds it (already written).
    @inlinable
    @inline(__always)
    static func placeNested<Scan: RegionScan, Kind: TreeKind>(
        _ step: UnsafePointer<Step>, _ tables: Tables, _ scan: Scan, _ kind: Kind.Type
    ) {
        let parent = tables.pane(step.pointee.parent)
        let bits = parent.pointee.bits
        // A proportional tree hides nothing.
        if Kind.isProportional || bits & PaneLayout.Bits.visible != 0 {
            // The frame is the pane's first stored property (checked when a tree is compiled).
            let frame = UnsafeRawPointer(parent).assumingMemoryBound(to: Rect.self)
            place(frame, bits, step, tables, scan, kind)
        } else {
            // §3: both panes of an arrangement inside a hidden pane are hidden.
            tables.pane(step.pointee.horizontal.near).pointee = .hidden
            tables.pane(step.pointee.horizontal.far).pointee = .hidden
        }
    }

    /// The arrangement at `step`, in the bounds at `frame`, whose pane has `bits`.
    @inlinable
    @inline(__always)
    static func place<Scan: RegionScan, Kind: TreeKind>(
        _ frame: UnsafePointer<Rect>, _ bits: UInt32, _ step: UnsafePointer<Step>, _ tables: Tables, _ scan: Scan,
        _ kind: Kind.Type
    ) {
        place(frame.pointee, bits, step, tables, scan, kind)
    }

    /// The arrangement at `step`, in `bounds`, whose pane has `bits`: a split along a
    /// permitted axis (with or without a divider), or what shows one view, both layered or
    /// both separated by a divider.
    @inlinable
    @inline(__always)
    static func place<Scan: RegionScan, Kind: TreeKind>(
        _ bounds: Rect, _ bits: UInt32, _ step: UnsafePointer<Step>, _ tables: Tables, _ scan: Scan,
        _ kind: Kind.Type
    ) {
        // A quick test first; which region divides is worked out only when one may.
        if scan.mayDivide(bounds) {
            let divider = scan.divider(bounds)
            if divider.exists {
                placeDivided(bounds, bits, divider, step, tables, kind)
                return
            }
        }
        // §2.2.1 without a divider: the longer side, horizontal on a tie (a height longer
        // by no more than the tolerance is no longer; worked out only when it is longer).
        if bounds.width >= bounds.height
            || (bounds.height - bounds.width <= tables.largestTolerance
                && bounds.height - bounds.width <= ArrangementTolerance.of(bounds))
        {
            split(bounds, bits, step, tables, SideBySide.self, kind)
        } else {
            split(bounds, bits, step, tables, Stacked.self, kind)
        }
    }

    /// A split without a divider, ``SideBySide`` or ``Stacked``: the common case
    /// inline, with the axis known at compile time, so its fields are read at fixed offsets.
    @inlinable
    @_transparent
    static func split<Direction: SplitDirection, Kind: TreeKind>(
        _ bounds: Rect, _ bits: UInt32, _ step: UnsafePointer<Step>, _ tables: Tables, _ direction: Direction.Type,
        _ kind: Kind.Type
    ) {
        let horizontal = Direction.isSideBySide
        let pair = horizontal ? step.pointee.horizontal : step.pointee.vertical
        let length = horizontal ? bounds.width : bounds.height
        var nearLength: Double
        var farLength: Double
        let common = Kind.isProportional || pair.takesCommonKernel
        if common {
            // The common case: proportional, the near pane solved first.
            nearLength = (horizontal ? step.pointee.horizontalFraction : step.pointee.verticalFraction) * length
        } else {
            let index = step.pointee.tableIndex
            let fraction = horizontal ? step.pointee.horizontalFraction : step.pointee.verticalFraction
            guard
                let (near, far) = solve(
                    index, horizontal ? 0 : 1, pair.kernel, fraction, length, bounds, tables)
            else {
                placeAlone(bounds, bits, step, pair, tables, direction)
                return
            }
            // The near pane's length is at most the whole, so that the cut is inside.
            nearLength = min(near, length)
            farLength = far
        }
        // The near pane's far edge is the cut; the far pane runs from the cut to the
        // bounds' far edge ("Numbers"). A length within the tolerance of zero is zero: the
        // far pane's width stands for its length there (they differ by rounding, far
        // below the tolerance), and the bounds' own tolerance is worked out only for a
        // length within the frame's largest.
        let start = horizontal ? bounds.x : bounds.y
        let end = horizontal ? bounds.maxX : bounds.maxY
        var cut = start + nearLength
        farLength = end - cut
        // A proportional split's two lengths are both above every tolerance of the frame
        // when its whole is above ``Tables/zeroLength``: one test of the whole instead of
        // the smaller of the two. Never past the far edge, not by a float step.
        let mayBeZero =
            common ? length <= tables.zeroLength : min(nearLength, farLength) <= tables.largestTolerance
        if mayBeZero {
            (nearLength, cut, farLength) = rareEdges(nearLength, farLength, length, bounds, horizontal, pair)
        } else if cut + farLength > end {
            farLength = Rect.shortened(farLength)
        }
        let near = tables.pane(pair.near)
        let far = tables.pane(pair.far)
        let classBits = bits & PaneLayout.Bits.sizeClass
        // Each pane as two 16-byte halves of its frame and its bits: three stores, not five.
        let origin = SIMD2(bounds.x, bounds.y)
        if horizontal {
            let paneBits = classBits | splitsHorizontally
            write(near, origin, SIMD2(nearLength, bounds.height), paneBits)
            write(far, SIMD2(cut, bounds.y), SIMD2(farLength, bounds.height), paneBits)
        } else {
            let paneBits = classBits | splitsVertically
            write(near, origin, SIMD2(bounds.width, nearLength), paneBits)
            write(far, SIMD2(bounds.x, cut), SIMD2(bounds.width, farLength), paneBits)
        }
    }

    /// The near pane's length, the cut and the far pane's width when a length is within
    /// the frame's largest tolerance or the far pane would pass the far edge: "Numbers"'
    /// zero rule with the bounds' own tolerance (a length within it is zero, the other the
    /// whole; the view solved first keeps the whole when both are), then the far width
    /// from the cut. Out of line, so that the loop keeps its registers on the common path.
    @usableFromInline
    @inline(never)
    static func rareEdges(
        _ near: Double, _ far: Double, _ length: Double, _ bounds: Rect, _ horizontal: Bool, _ pair: PanePair
    ) -> (Double, Double, Double) {
        #if DEBUG
            ExactPathProbe.current?.splits += 1
        #endif
        let tolerance = ArrangementTolerance.of(bounds)
        let nearFirst = pair.kernel & AxisEntry.Kernel.farFirst == 0
        let (first, second) = nearFirst ? (near, far) : (far, near)
        let solved = second <= tolerance ? (length, 0.0) : first <= tolerance ? (0.0, length) : (first, second)
        let nearLength = nearFirst ? solved.0 : solved.1
        let cut = (horizontal ? bounds.x : bounds.y) + nearLength
        return (nearLength, cut, Rect.span(cut, horizontal ? bounds.maxX : bounds.maxY))
    }

    /// Writes a visible pane: its frame's origin and size, then its bits (the layout
    /// ``CompiledTree`` checks).
    @inlinable
    @inline(__always)
    static func write(
        _ pane: UnsafeMutablePointer<PaneLayout>, _ origin: SIMD2<Double>, _ size: SIMD2<Double>, _ bits: UInt32
    ) {
        let raw = UnsafeMutableRawPointer(pane)
        raw.storeBytes(of: origin, as: SIMD2<Double>.self)
        raw.storeBytes(of: size, toByteOffset: CompiledTree.widthOffset, as: SIMD2<Double>.self)
        raw.storeBytes(of: bits, toByteOffset: CompiledTree.bitsOffset, as: UInt32.self)
    }

    /// An arrangement without a divider that does not show both views side by side or
    /// stacked along the axis its bounds chose, inline: an overlay layered, the primary in
    /// front (§2.3.2); a split along an axis its style does not permit, the primary alone
    /// (§2.2.2); a split without space for both views, the prepared winner alone (§2.2.5).
    @inlinable
    @inline(__always)
    static func placeAlone<Direction: SplitDirection>(
        _ bounds: Rect, _ bits: UInt32, _ step: UnsafePointer<Step>, _ pair: PanePair, _ tables: Tables,
        _ direction: Direction.Type
    ) {
        // The primary leads but side by side in right-to-left (§2.2.8).
        let primaryIsNear = !(Direction.isSideBySide && tables.rightToLeft)
        let near = tables.pane(pair.near)
        let far = tables.pane(pair.far)
        let primary = primaryIsNear ? near : far
        let secondary = primaryIsNear ? far : near
        let shown = PaneLayout.Bits.visible | (bits & PaneLayout.Bits.sizeClass)
        let origin = SIMD2(bounds.x, bounds.y)
        let size = SIMD2(bounds.width, bounds.height)
        let flags = step.pointee.flags
        if flags & Step.Flags.overlay != 0 {
            write(primary, origin, size, shown | PaneLayout.Bits.front)
            write(secondary, origin, size, shown)
            return
        }
        // Not permitted along this axis, or a collapse the primary wins.
        let primaryAlone = pair.kernel & AxisEntry.Kernel.full != 0 || flags & Step.Flags.primaryWinsCollapse != 0
        write(primaryAlone ? primary : secondary, origin, size, shown)
        write(primaryAlone ? secondary : primary, .zero, .zero, 0)
    }

    /// The near and the far pane's lengths along `axis` when the common case does not
    /// apply; `nil` when the arrangement does not show both views along it (a style that
    /// does not split along this axis, or not enough space for both views).
    @inlinable
    @inline(__always)
    static func solve(
        _ index: Int, _ axis: Int, _ kernel: UInt32, _ fraction: Double, _ length: Double, _ bounds: Rect,
        _ tables: Tables
    ) -> (near: Double, far: Double)? {
        guard kernel & AxisEntry.Kernel.full == 0 else { return nil }
        let first: Double
        let second: Double
        if kernel & AxisEntry.Kernel.general == 0 {
            first = fraction * length
            second = length - first
        } else {
            guard let solved = tables.plans[2 &* index &+ axis].solve(length, in: bounds) else { return nil }
            (first, second) = solved
        }
        return kernel & AxisEntry.Kernel.farFirst == 0 ? (first, second) : (second, first)
    }

    /// The bits of both panes of a split along each axis, but for the inherited size class (§3).
    @inlinable static var splitsHorizontally: UInt32 {
        PaneLayout.Bits.visible | PaneLayout.Bits.horizontalCompact | PaneLayout.Bits.of(Axis.horizontal)
    }
    @inlinable static var splitsVertically: UInt32 {
        PaneLayout.Bits.visible | PaneLayout.Bits.verticalCompact | PaneLayout.Bits.of(Axis.vertical)
    }

    /// An arrangement a divider crosses. §2.2.3, the fold wins: a split along the
    /// divider's axis gives the near pane the region before the divider and the far pane
    /// the region after it (the near pane is the primary but side by side in
    /// right-to-left, as the leading region is then on the right). Anything else a
    /// divider crosses is placed out of line (``placeCrossed(_:_:_:_:_:)``).
    @inlinable
    @_transparent
    static func placeDivided<Kind: TreeKind>(
        _ bounds: Rect, _ bits: UInt32, _ divider: Divider, _ step: UnsafePointer<Step>, _ tables: Tables,
        _ kind: Kind.Type
    ) {
        let pair = divider.isVertical ? step.pointee.horizontal : step.pointee.vertical
        // A proportional tree's splits permit both axes.
        guard Kind.isProportional || pair.splitsAlongAxis else {
            if Kind.isSmall {
                crossed(bounds, bits, divider, step, tables)
            } else {
                placeCrossed(bounds, bits, divider, step, tables)
            }
            return
        }
        let classBits = bits & PaneLayout.Bits.sizeClass
        writeDivided(
            bounds, divider, tables.pane(pair.near), tables.pane(pair.far), classBits | splitsHorizontally,
            classBits | splitsVertically)
    }

    /// The two panes of an arrangement `divider` crosses, before and after it, with the
    /// bits of panes side by side or stacked.
    @inlinable
    @inline(__always)
    static func writeDivided(
        _ bounds: Rect, _ divider: Divider, _ first: UnsafeMutablePointer<PaneLayout>,
        _ second: UnsafeMutablePointer<PaneLayout>, _ horizontalBits: UInt32, _ verticalBits: UInt32
    ) {
        // Each region from its two edges, never past the far one ("Numbers").
        if divider.isVertical {
            write(
                first, SIMD2(bounds.minX, bounds.minY), SIMD2(Rect.span(bounds.minX, divider.minX), bounds.height),
                horizontalBits)
            write(
                second, SIMD2(divider.maxX, bounds.minY), SIMD2(Rect.span(divider.maxX, bounds.maxX), bounds.height),
                horizontalBits)
        } else {
            write(
                first, SIMD2(bounds.minX, bounds.minY), SIMD2(bounds.width, Rect.span(bounds.minY, divider.minY)),
                verticalBits)
            write(
                second, SIMD2(bounds.minX, divider.maxY), SIMD2(bounds.width, Rect.span(divider.maxY, bounds.maxY)),
                verticalBits)
        }
    }

    /// ``crossed(_:_:_:_:_:)`` out of line, for the loop: inline, the loop keeps more in
    /// registers and every arrangement costs more (the counts: docs/measurements.md, "the shape of the loops").
    @usableFromInline
    @inline(never)
    static func placeCrossed(
        _ bounds: Rect, _ bits: UInt32, _ divider: Divider, _ step: UnsafePointer<Step>, _ tables: Tables
    ) {
        crossed(bounds, bits, divider, step, tables)
    }

    /// What a divider crosses but does not split, from the prepared kernel of the
    /// divider's axis: an overlay that permits the axis, separated (§2.3.1: who takes
    /// which region prepared, the views showing no split axis); else as without a
    /// divider (``placeAlone(_:_:_:_:_:_:)``), a split along an axis its style does not
    /// permit (the primary alone, §2.2.2) or an overlay that does not permit it
    /// (layered, §2.3.2).
    @inlinable
    @_transparent
    static func crossed(
        _ bounds: Rect, _ bits: UInt32, _ divider: Divider, _ step: UnsafePointer<Step>, _ tables: Tables
    ) {
        let pair = divider.isVertical ? step.pointee.horizontal : step.pointee.vertical
        guard pair.kernel & AxisEntry.Kernel.separates != 0 else {
            if divider.isVertical {
                placeAlone(bounds, bits, step, pair, tables, SideBySide.self)
            } else {
                placeAlone(bounds, bits, step, pair, tables, Stacked.self)
            }
            return
        }
        let farFirst = pair.kernel & AxisEntry.Kernel.farFirst != 0
        let (near, far) = (tables.pane(pair.near), tables.pane(pair.far))
        let shown = PaneLayout.Bits.visible | (bits & PaneLayout.Bits.sizeClass)
        writeDivided(
            bounds, divider, farFirst ? far : near, farFirst ? near : far, shown | PaneLayout.Bits.horizontalCompact,
            shown | PaneLayout.Bits.verticalCompact)
    }
}

#if DEBUG
    /// Counts, in debug builds, the splits that took the exact path of "Numbers"' zero rule
    /// (a length that may lie within the tolerance), for the tests that hold the path to
    /// its purpose: taken near a threshold, never far from every one. Set around the
    /// frames to watch with `ExactPathProbe.$current.withValue(probe) { … }`; other tasks
    /// count nothing.
    public final class ExactPathProbe: @unchecked Sendable {
        public var splits = 0
        public init() {}
        @TaskLocal public static var current: ExactPathProbe?
    }
#endif

/// Which way a split without a divider runs, known at compile time in the hot path.
@usableFromInline
protocol SplitDirection {
    /// True for panes side by side (the horizontal axis: the width is shared out).
    static var isSideBySide: Bool { get }
}

/// Panes side by side: the horizontal axis.
@usableFromInline
enum SideBySide: SplitDirection {
    @inlinable static var isSideBySide: Bool { true }
}

/// Panes one above the other: the vertical axis.
@usableFromInline
enum Stacked: SplitDirection {
    @inlinable static var isSideBySide: Bool { false }
}

/// How many arrangements a tree placed without a loop has, known at compile time.
@usableFromInline
protocol SmallCount {
    static var isTwo: Bool { get }
}

/// The root alone.
@usableFromInline
enum One: SmallCount {
    @inlinable static var isTwo: Bool { false }
}

/// The root and one arrangement nested in it.
@usableFromInline
enum Two: SmallCount {
    @inlinable static var isTwo: Bool { true }
}

/// What the loop may leave out for a tree, decided when the tree is compiled.
@usableFromInline
protocol TreeKind {
    /// Every arrangement is a split along either axis whose bounds never bind, the near
    /// pane solved first: no pane is ever hidden, no kernel needs testing.
    static var isProportional: Bool { get }
    /// One or two arrangements, placed without a loop: every case is placed inline.
    static var isSmall: Bool { get }
}

/// Any tree: each arrangement's kernel is tested, hidden panes are passed down.
@usableFromInline
enum AnyTree: TreeKind {
    @inlinable static var isProportional: Bool { false }
    @inlinable static var isSmall: Bool { false }
}

/// Any tree of one or two arrangements.
@usableFromInline
enum SmallTree: TreeKind {
    @inlinable static var isProportional: Bool { false }
    @inlinable static var isSmall: Bool { true }
}

/// A tree of proportional splits only (in one layout direction).
@usableFromInline
enum ProportionalTree: TreeKind {
    @inlinable static var isProportional: Bool { true }
    @inlinable static var isSmall: Bool { false }
}

/// The compiled tree's tables for one direction and the frame's output, as pointers
/// for the loop, and the frame's largest tolerance: three words, so they stay in
/// registers; a field is read where it is used (most only on the paths that are not
/// proportional).
@usableFromInline
struct Tables {
    @usableFromInline let direction: UnsafePointer<DirectionTables>
    @usableFromInline let panes: UnsafeMutableRawPointer
    /// At least the tolerance ("Numbers") of any bounds in the frame: every pane lies
    /// inside the root's bounds, so none has coordinates larger than the root's edges,
    /// and `1 + |x| + |y| + width + height` of any is at most twice the root's. A length
    /// or a difference above it is above every bounds' tolerance, which is then not
    /// worked out.
    @usableFromInline let largestTolerance: Double
    /// A length at or below which a proportional split of the frame may give a pane a
    /// length within the tolerance: ``largestTolerance`` over the smallest share any
    /// proportional split of the tree gives a pane (``DirectionTables/zeroFactor``).
    /// Above it, both of a proportional split's lengths are above every tolerance.
    @usableFromInline let zeroLength: Double

    /// `direction`'s tables writing into `panes`, a resolution of the tree's size, for a
    /// frame whose root is laid out in `root`.
    @inlinable
    @inline(__always)
    init(_ direction: UnsafePointer<DirectionTables>, panes: UnsafeMutablePointer<PaneLayout>, root: Rect) {
        self.direction = direction
        self.panes = UnsafeMutableRawPointer(panes)
        largestTolerance = 2.001 * ArrangementTolerance.of(root)
        zeroLength = largestTolerance * direction.pointee.zeroFactor
    }

    @inlinable var steps: UnsafePointer<Step> { direction.pointee.steps }
    @inlinable var plans: UnsafePointer<AxisPlan> { direction.pointee.plans }
    @inlinable var count: Int { direction.pointee.count }
    @inlinable var rightToLeft: Bool { direction.pointee.rightToLeft }
    /// Every step's kernel is the common one (``DirectionTables/isProportional``).
    @inlinable var isProportional: Bool { direction.pointee.isProportional }

    /// The pane in `slot`; a slot outside the resolution stops a debug build.
    @inlinable
    @inline(__always)
    func pane(_ slot: PaneSlot) -> UnsafeMutablePointer<PaneLayout> {
        #if DEBUG
            assert(
                slot.byteOffset + MemoryLayout<PaneLayout>.stride <= direction.pointee.paneCount
                    &* MemoryLayout<PaneLayout>.stride,
                "pane slot \(slot.rawValue) out of bounds")
        #endif
        return (panes + slot.byteOffset).assumingMemoryBound(to: PaneLayout.self)
    }
}
