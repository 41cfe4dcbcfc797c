import ArrangementModel

/// The per-frame variant. Fast because:
/// - **flat storage**: ``CompiledTree`` holds the arrangements in pre-order with pane
///   indices, so a relayout is one loop (a pane's frame is its nested arrangement's
///   bounds, already written when the loop reaches it), with no recursion;
/// - **prepared decisions**: the priority ordering, the collapse winner, the overlay
///   edges and the lo/hi/ideal coefficients are computed once per tree;
/// - **no allocation per frame**: plain arithmetic on structs, written through
///   unsafe buffers into a resolution the caller owns (proved by `@_noAllocation`
///   on the loop and by jemalloc's counters in the tests).
///
/// It must give exactly what ``ReferenceResolver`` gives; the differential tests hold it to that.
public struct FastResolver: ResolverVariant {
    public init() {}

    public var name: String { "fast" }

    public func prepare(_ tree: ArrangementTree) -> CompiledTree { CompiledTree(tree) }

    @inlinable
    public func relayout(
        _ tree: CompiledTree, in context: LayoutContext, into resolution: inout Resolution
    ) {
        precondition(
            resolution.panes.count == tree.paneCount, "the resolution was made for another tree")
        tree.arrangements.withUnsafeBufferPointer { arrangements in
            tree.plans.withUnsafeBufferPointer { plans in
                context.reservedRegions.withUnsafeBufferPointer { regions in
                    resolution.panes.withUnsafeMutableBufferPointer { panes in
                        guard let panes = panes.baseAddress else { return }
                        FastResolver.relayout(
                            arrangements, plans: plans.baseAddress!, bounds: context.bounds,
                            sizeClass: context.sizeClass,
                            rightToLeft: context.layoutDirection == .rightToLeft, regions: regions, into: panes)
                    }
                }
            }
        }
    }

    /// The whole frame: one pass over the arrangements in pre-order, reading them
    /// in place and writing each pane once. In optimised builds `@_noAllocation`
    /// makes the compiler prove that nothing here allocates (debug and fuzzing builds lack the
    /// cross-module bodies that proof needs).
    @inlinable
    #if !DEBUG && !FUZZING
        @_noAllocation
    #endif
    static func relayout(
        _ arrangements: UnsafeBufferPointer<CompiledArrangement>, plans: UnsafePointer<AxisPlan>,
        bounds rootBounds: Rect, sizeClass rootClass: SizeClass,
        rightToLeft: Bool, regions: UnsafeBufferPointer<Rect>,
        into panes: UnsafeMutablePointer<PaneLayout>
    ) {
        guard let first = arrangements.baseAddress, !arrangements.isEmpty else { return }
        // The root (always first) is laid out in the context; every other arrangement in
        // its parent pane, already written because the storage is in pre-order.
        place(first, plans, 0, rootBounds, rootClass, rightToLeft, regions, panes)
        for offset in 1..<arrangements.count {
            let arrangement = first + offset
            let parent = panes + Int(arrangement.pointee.parentPane)
            guard parent.pointee.visible else {
                panes[Int(arrangement.pointee.primaryPane)] = .hidden
                panes[Int(arrangement.pointee.secondaryPane)] = .hidden
                continue
            }
            place(
                arrangement, plans, offset, parent.pointee.frame, parent.pointee.sizeClass, rightToLeft, regions,
                panes)
        }
    }

    /// One arrangement in its bounds: the divider, then §2.2 or §2.3.
    @inlinable
    @inline(__always)
    static func place(
        _ arrangement: UnsafePointer<CompiledArrangement>, _ plans: UnsafePointer<AxisPlan>, _ offset: Int,
        _ bounds: Rect, _ sizeClass: SizeClass, _ rightToLeft: Bool, _ regions: UnsafeBufferPointer<Rect>,
        _ panes: UnsafeMutablePointer<PaneLayout>
    ) {
        let primary = panes + Int(arrangement.pointee.primaryPane)
        let secondary = panes + Int(arrangement.pointee.secondaryPane)
        let divider = Divider(bounds: bounds, regions: regions)
        if arrangement.pointee.isOverlay {
            overlay(arrangement, bounds, sizeClass, divider, rightToLeft, primary, secondary)
        } else {
            split(arrangement, bounds, sizeClass, divider, rightToLeft, primary, secondary, plans, offset)
        }
    }

    /// §2.2 with the prepared plan of the axis in use.
    @inlinable
    @inline(__always)
    static func split(
        _ arrangement: UnsafePointer<CompiledArrangement>, _ bounds: Rect, _ sizeClass: SizeClass,
        _ divider: Divider,
        _ rightToLeft: Bool, _ primary: UnsafeMutablePointer<PaneLayout>,
        _ secondary: UnsafeMutablePointer<PaneLayout>,
        _ plans: UnsafePointer<AxisPlan>, _ offset: Int
    ) {
        let horizontal = divider.exists ? divider.isVertical : bounds.width >= bounds.height
        let axis: Axis = horizontal ? .horizontal : .vertical
        guard horizontal ? arrangement.pointee.allowsHorizontal : arrangement.pointee.allowsVertical
        else {
            primary.pointee = PaneLayout(
                visible: true, frame: bounds, sizeClass: sizeClass, splitAxis: nil, zIndex: 0)
            secondary.pointee = .hidden
            return
        }
        let paneClass = sizeClass.compact(along: axis)
        if divider.exists {
            let regions = divider.regions(of: bounds, rightToLeft: rightToLeft)
            primary.pointee = PaneLayout(
                visible: true, frame: regions.first, sizeClass: paneClass, splitAxis: axis, zIndex: 0)
            secondary.pointee = PaneLayout(
                visible: true, frame: regions.second, sizeClass: paneClass, splitAxis: axis, zIndex: 0)
            return
        }
        let length = horizontal ? bounds.width : bounds.height
        let plan = plans + (2 * offset + (horizontal ? 0 : 1))
        let firstLo = max(plan.pointee.firstLoPoints, plan.pointee.firstLoFraction * length)
        let secondLo = max(plan.pointee.secondLoPoints, plan.pointee.secondLoFraction * length)
        if firstLo + secondLo > length {
            let alone = PaneLayout(
                visible: true, frame: bounds, sizeClass: sizeClass, splitAxis: nil, zIndex: 0)
            let primaryWins = arrangement.pointee.primaryWinsCollapse
            primary.pointee = primaryWins ? alone : .hidden
            secondary.pointee = primaryWins ? .hidden : alone
            return
        }
        let primaryFirst = plan.pointee.primaryFirst
        let firstHi = max(plan.pointee.firstHiFraction * length + plan.pointee.firstHiPoints, firstLo)
        let secondHi = max(
            plan.pointee.secondHiFraction * length + plan.pointee.secondHiPoints, secondLo)
        let firstIdeal = plan.pointee.firstIdealFraction * length + plan.pointee.firstIdealPoints
        var firstLength = min(max(firstIdeal, firstLo), min(firstHi, length - secondLo))
        let remaining = length - firstLength
        let secondIdeal =
            plan.pointee.secondIsExplicit
            ? plan.pointee.secondIdealFraction * length + plan.pointee.secondIdealPoints : remaining
        let secondLength = min(max(secondIdeal, secondLo), min(secondHi, remaining))
        firstLength += length - firstLength - secondLength
        let primaryLength = primaryFirst ? firstLength : secondLength
        let secondaryLength = primaryFirst ? secondLength : firstLength
        let primaryFrame: Rect
        let secondaryFrame: Rect
        if horizontal {
            let primaryX = rightToLeft ? bounds.minX + secondaryLength : bounds.minX
            let secondaryX = rightToLeft ? bounds.minX : bounds.minX + primaryLength
            primaryFrame = Rect(
                uncheckedX: primaryX, y: bounds.minY, width: primaryLength, height: bounds.height)
            secondaryFrame = Rect(
                uncheckedX: secondaryX, y: bounds.minY, width: secondaryLength, height: bounds.height)
        } else {
            primaryFrame = Rect(
                uncheckedX: bounds.minX, y: bounds.minY, width: bounds.width, height: primaryLength)
            secondaryFrame = Rect(
                uncheckedX: bounds.minX, y: bounds.minY + primaryLength, width: bounds.width,
                height: secondaryLength)
        }
        primary.pointee = PaneLayout(
            visible: true, frame: primaryFrame, sizeClass: paneClass, splitAxis: axis, zIndex: 0)
        secondary.pointee = PaneLayout(
            visible: true, frame: secondaryFrame, sizeClass: paneClass, splitAxis: axis, zIndex: 0)
    }

    /// §2.3 with the prepared edge resolution.
    @inlinable
    @inline(__always)
    static func overlay(
        _ arrangement: UnsafePointer<CompiledArrangement>, _ bounds: Rect, _ sizeClass: SizeClass,
        _ divider: Divider,
        _ rightToLeft: Bool, _ primary: UnsafeMutablePointer<PaneLayout>,
        _ secondary: UnsafeMutablePointer<PaneLayout>
    ) {
        let separates =
            divider.exists
            && (divider.isVertical
                ? arrangement.pointee.allowsHorizontal : arrangement.pointee.allowsVertical)
        guard separates else {
            primary.pointee = PaneLayout(
                visible: true, frame: bounds, sizeClass: sizeClass, splitAxis: nil, zIndex: 1)
            secondary.pointee = PaneLayout(
                visible: true, frame: bounds, sizeClass: sizeClass, splitAxis: nil, zIndex: 0)
            return
        }
        let regions = divider.regions(of: bounds, rightToLeft: rightToLeft)
        let primaryLeads =
            divider.isVertical
            ? arrangement.pointee.primaryLeadsHorizontally : arrangement.pointee.primaryOnTop
        let paneClass = sizeClass.compact(along: divider.isVertical ? .horizontal : .vertical)
        primary.pointee = PaneLayout(
            visible: true, frame: primaryLeads ? regions.first : regions.second, sizeClass: paneClass,
            splitAxis: nil,
            zIndex: 0)
        secondary.pointee = PaneLayout(
            visible: true, frame: primaryLeads ? regions.second : regions.first, sizeClass: paneClass,
            splitAxis: nil,
            zIndex: 0)
    }
}

/// §2.1's dividing region, found by one scan of the context's regions: no
/// allocation, nothing to do when there are no regions.
@usableFromInline
struct Divider {
    @usableFromInline var exists = false
    @usableFromInline var isVertical = false
    @usableFromInline var region = Rect.zero

    @inlinable
    init(bounds: Rect, regions: UnsafeBufferPointer<Rect>) {
        var bestDistance = Double.infinity
        for region in regions {
            let distance: Double
            let vertical: Bool
            // The strict-inside test first: most nested bounds lie beside the fold, so it fails early.
            if bounds.minX < region.minX, region.maxX < bounds.maxX, region.minY <= bounds.minY,
                region.maxY >= bounds.maxY
            {
                distance = abs(region.midX - bounds.midX) / bounds.width
                vertical = true
            } else if bounds.minY < region.minY, region.maxY < bounds.maxY, region.minX <= bounds.minX,
                region.maxX >= bounds.maxX
            {
                distance = abs(region.midY - bounds.midY) / bounds.height
                vertical = false
            } else {
                continue
            }
            // Nearer wins; on a tie a vertical divider beats a horizontal one, else the earlier stays.
            if !exists || distance < bestDistance || (distance == bestDistance && vertical && !isVertical) {
                exists = true
                isVertical = vertical
                bestDistance = distance
                self.region = region
            }
        }
    }

    /// (leading, trailing) or (top, bottom), as the reference's `DividingRegion.regions`.
    @inlinable
    func regions(of bounds: Rect, rightToLeft: Bool) -> (first: Rect, second: Rect) {
        if isVertical {
            let left = Rect(
                uncheckedX: bounds.minX, y: bounds.minY, width: region.minX - bounds.minX,
                height: bounds.height)
            let right = Rect(
                uncheckedX: region.maxX, y: bounds.minY, width: bounds.maxX - region.maxX,
                height: bounds.height)
            return rightToLeft ? (right, left) : (left, right)
        }
        let top = Rect(
            uncheckedX: bounds.minX, y: bounds.minY, width: bounds.width,
            height: region.minY - bounds.minY)
        let bottom = Rect(
            uncheckedX: bounds.minX, y: region.maxY, width: bounds.width,
            height: bounds.maxY - region.maxY)
        return (top, bottom)
    }
}
