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
    public func relayout(_ tree: CompiledTree, in context: LayoutContext, into resolution: inout Resolution) {
        tree.arrangements.withUnsafeBufferPointer { arrangements in
            context.reservedRegions.withUnsafeBufferPointer { regions in
                resolution.panes.withUnsafeMutableBufferPointer { panes in
                    FastResolver.relayout(
                        arrangements, bounds: context.bounds, sizeClass: context.sizeClass,
                        rightToLeft: context.layoutDirection == .rightToLeft, regions: regions, into: panes)
                }
            }
        }
    }

    /// The whole frame: one pass over the arrangements in pre-order. In optimised
    /// builds `@_noAllocation` makes the compiler prove that nothing here allocates
    /// (debug builds lack the cross-module bodies that proof needs).
    @inlinable
    #if !DEBUG
        @_noAllocation
    #endif
    static func relayout(
        _ arrangements: UnsafeBufferPointer<CompiledArrangement>, bounds rootBounds: Rect, sizeClass rootClass: SizeClass,
        rightToLeft: Bool, regions: UnsafeBufferPointer<Rect>, into panes: UnsafeMutableBufferPointer<PaneLayout>
    ) {
        for arrangement in arrangements {
            var bounds = rootBounds
            var sizeClass = rootClass
            if arrangement.parentPane >= 0 {
                let parent = panes[Int(arrangement.parentPane)]
                guard parent.visible else {
                    panes[Int(arrangement.primaryPane)] = .hidden
                    panes[Int(arrangement.secondaryPane)] = .hidden
                    continue
                }
                bounds = parent.frame
                sizeClass = parent.sizeClass
            }
            let divider = Divider(bounds: bounds, regions: regions)
            let layouts =
                arrangement.isOverlay
                ? overlay(arrangement, bounds: bounds, sizeClass: sizeClass, divider: divider, rightToLeft: rightToLeft)
                : split(arrangement, bounds: bounds, sizeClass: sizeClass, divider: divider, rightToLeft: rightToLeft)
            panes[Int(arrangement.primaryPane)] = layouts.primary
            panes[Int(arrangement.secondaryPane)] = layouts.secondary
        }
    }

    /// §2.2 with the prepared coefficients and ordering.
    @inlinable
    static func split(
        _ arrangement: CompiledArrangement, bounds: Rect, sizeClass: SizeClass, divider: Divider, rightToLeft: Bool
    ) -> (primary: PaneLayout, secondary: PaneLayout) {
        let axis: Axis =
            divider.exists ? (divider.isVertical ? .horizontal : .vertical) : (bounds.width >= bounds.height ? .horizontal : .vertical)
        let axisBit: UInt8 = axis == .horizontal ? 1 : 2
        guard arrangement.axes & axisBit != 0 else {
            return (PaneLayout(visible: true, frame: bounds, sizeClass: sizeClass, splitAxis: nil, zIndex: 0), .hidden)
        }
        let paneClass = sizeClass.compact(along: axis)
        if divider.exists {
            let regions = divider.regions(of: bounds, rightToLeft: rightToLeft)
            return (
                PaneLayout(visible: true, frame: regions.first, sizeClass: paneClass, splitAxis: axis, zIndex: 0),
                PaneLayout(visible: true, frame: regions.second, sizeClass: paneClass, splitAxis: axis, zIndex: 0)
            )
        }
        let length = axis == .horizontal ? bounds.width : bounds.height
        let primary = axis == .horizontal ? arrangement.primaryHorizontal : arrangement.primaryVertical
        let secondary = axis == .horizontal ? arrangement.secondaryHorizontal : arrangement.secondaryVertical
        let primaryLo = max(primary.loPoints, primary.loFraction * length)
        let secondaryLo = max(secondary.loPoints, secondary.loFraction * length)
        if primaryLo + secondaryLo > length {
            let alone = PaneLayout(visible: true, frame: bounds, sizeClass: sizeClass, splitAxis: nil, zIndex: 0)
            return arrangement.primaryWinsCollapse ? (alone, .hidden) : (.hidden, alone)
        }
        let primaryFirst = arrangement.primaryFirst & axisBit != 0
        let first = primaryFirst ? primary : secondary
        let second = primaryFirst ? secondary : primary
        let firstLo = primaryFirst ? primaryLo : secondaryLo
        let secondLo = primaryFirst ? secondaryLo : primaryLo
        let firstHi = max(first.hiFraction * length + first.hiPoints, firstLo)
        let secondHi = max(second.hiFraction * length + second.hiPoints, secondLo)
        let firstIdeal = first.isExplicit ? first.idealFraction * length + first.idealPoints : length / 2
        var firstLength = min(max(firstIdeal, firstLo), min(firstHi, length - secondLo))
        let remaining = length - firstLength
        let secondIdeal = second.isExplicit ? second.idealFraction * length + second.idealPoints : remaining
        let secondLength = min(max(secondIdeal, secondLo), min(secondHi, remaining))
        firstLength += length - firstLength - secondLength
        let primaryLength = primaryFirst ? firstLength : secondLength
        let secondaryLength = primaryFirst ? secondLength : firstLength
        let primaryFrame: Rect
        let secondaryFrame: Rect
        if axis == .horizontal {
            let primaryX = rightToLeft ? bounds.minX + secondaryLength : bounds.minX
            let secondaryX = rightToLeft ? bounds.minX : bounds.minX + primaryLength
            primaryFrame = Rect(uncheckedX: primaryX, y: bounds.minY, width: primaryLength, height: bounds.height)
            secondaryFrame = Rect(uncheckedX: secondaryX, y: bounds.minY, width: secondaryLength, height: bounds.height)
        } else {
            primaryFrame = Rect(uncheckedX: bounds.minX, y: bounds.minY, width: bounds.width, height: primaryLength)
            secondaryFrame = Rect(
                uncheckedX: bounds.minX, y: bounds.minY + primaryLength, width: bounds.width, height: secondaryLength)
        }
        return (
            PaneLayout(visible: true, frame: primaryFrame, sizeClass: paneClass, splitAxis: axis, zIndex: 0),
            PaneLayout(visible: true, frame: secondaryFrame, sizeClass: paneClass, splitAxis: axis, zIndex: 0)
        )
    }

    /// §2.3 with the prepared edge resolution.
    @inlinable
    static func overlay(
        _ arrangement: CompiledArrangement, bounds: Rect, sizeClass: SizeClass, divider: Divider, rightToLeft: Bool
    ) -> (primary: PaneLayout, secondary: PaneLayout) {
        let axisBit: UInt8 = divider.isVertical ? 1 : 2
        guard divider.exists, arrangement.axes & axisBit != 0 else {
            return (
                PaneLayout(visible: true, frame: bounds, sizeClass: sizeClass, splitAxis: nil, zIndex: 1),
                PaneLayout(visible: true, frame: bounds, sizeClass: sizeClass, splitAxis: nil, zIndex: 0)
            )
        }
        let regions = divider.regions(of: bounds, rightToLeft: rightToLeft)
        let primaryLeads = arrangement.primaryLeadsOverlay & axisBit != 0
        let paneClass = sizeClass.compact(along: divider.isVertical ? .horizontal : .vertical)
        return (
            PaneLayout(
                visible: true, frame: primaryLeads ? regions.first : regions.second, sizeClass: paneClass, splitAxis: nil,
                zIndex: 0),
            PaneLayout(
                visible: true, frame: primaryLeads ? regions.second : regions.first, sizeClass: paneClass, splitAxis: nil,
                zIndex: 0)
        )
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
            if region.minY <= bounds.minY, region.maxY >= bounds.maxY, bounds.minX < region.minX,
                region.maxX < bounds.maxX
            {
                distance = abs(region.midX - bounds.midX) / bounds.width
                vertical = true
            } else if region.minX <= bounds.minX, region.maxX >= bounds.maxX, bounds.minY < region.minY,
                region.maxY < bounds.maxY
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
            let left = Rect(uncheckedX: bounds.minX, y: bounds.minY, width: region.minX - bounds.minX, height: bounds.height)
            let right = Rect(uncheckedX: region.maxX, y: bounds.minY, width: bounds.maxX - region.maxX, height: bounds.height)
            return rightToLeft ? (right, left) : (left, right)
        }
        let top = Rect(uncheckedX: bounds.minX, y: bounds.minY, width: bounds.width, height: region.minY - bounds.minY)
        let bottom = Rect(uncheckedX: bounds.minX, y: region.maxY, width: bounds.width, height: bounds.maxY - region.maxY)
        return (top, bottom)
    }
}
