import ArrangementModel

/// §2.1's test: does `region` divide `bounds` vertically (spanning its height, inside its
/// width by more than the tolerance) or horizontally? The reference's comparisons, to
/// the same tolerance ("Numbers": ``ArrangementTolerance``).
///
/// This and the other rules the fast resolver shares with the reference (the nearest
/// divider below, the overlay edges in ``CompiledArrangement``, the clamp chain in
/// ``AxisPlan``) are written twice on purpose: the fast resolver depends on the model
/// only, so the reference stays an independent oracle — a shared helper with a bug
/// would make both agree and the differential tests see nothing.
@inlinable
@inline(__always)
func divides(
    _ bounds: Rect, minX: Double, minY: Double, maxX: Double, maxY: Double
) -> (vertically: Bool, horizontally: Bool) {
    let tolerance = ArrangementTolerance.of(bounds)
    let vertically =
        bounds.minX + tolerance < minX && maxX < bounds.maxX - tolerance && minY <= bounds.minY + tolerance
        && maxY >= bounds.maxY - tolerance
    let horizontally =
        bounds.minY + tolerance < minY && maxY < bounds.maxY - tolerance && minX <= bounds.minX + tolerance
        && maxX >= bounds.maxX - tolerance
    return (vertically, horizontally)
}

/// The quick test before ``divides(_:minX:minY:maxX:maxY:)``: the region lies strictly
/// inside the bounds' width (it may divide them vertically) or height. A region that
/// divides passes it (inside by more than the tolerance is inside); most nested bounds
/// lie beside a fold, and fail it at once.
@inlinable
@inline(__always)
func liesWithin(_ bounds: Rect, minX: Double, minY: Double, maxX: Double, maxY: Double) -> (
    across: Bool, down: Bool
) {
    (bounds.minX < minX && maxX < bounds.maxX, bounds.minY < minY && maxY < bounds.maxY)
}

/// A frame's reserved regions, sorted into the kinds the loop is specialised for.
@usableFromInline
enum RegionList {
    /// No region, or one that can divide nothing.
    case none
    case vertical(OneRegion<Vertically>)
    case horizontal(OneRegion<Horizontally>)
    case eitherWay(OneRegion<EitherWay>)
    /// Exactly two (a tri-fold's two folds), kept as the list: a loop that is handed them
    /// by pointer takes them into registers itself (``TwoRegions``). Both may divide
    /// only vertically (the tri-fold's folds in landscape), or either way.
    case twoVertical(SomeRegions)
    case two(SomeRegions)
    case several(SomeRegions)

    /// The kind of `regions` in a frame whose root is laid out in `root`. Inline, so
    /// that the loop's choice is a branch, not an enum written and read back.
    @inlinable
    @inline(__always)
    init(_ regions: UnsafeBufferPointer<Rect>, root: Rect) {
        switch regions.count {
        case 0: self = .none
        case 1:
            let region = regions[0]
            switch (region.minX > root.minX, region.minY > root.minY) {
            case (false, false): self = .none
            case (true, false): self = .vertical(OneRegion(region))
            case (false, true): self = .horizontal(OneRegion(region))
            case (true, true): self = .eitherWay(OneRegion(region))
            }
        case 2:
            let (first, second) = (regions[0], regions[1])
            let vertically = first.minX > root.minX || second.minX > root.minX
            let horizontally = first.minY > root.minY || second.minY > root.minY
            switch (vertically, horizontally) {
            case (false, false): self = .none
            case (true, false): self = .twoVertical(SomeRegions(regions))
            default: self = .two(SomeRegions(regions))
            }
        default: self = .several(SomeRegions(regions))
        }
    }
}

/// §2.1 for one arrangement's bounds, specialised by the number of regions.
@usableFromInline
protocol RegionScan {
    /// Might a region divide the bounds? False only when none does.
    func mayDivide(_ bounds: Rect) -> Bool
    /// The dividing region, if any.
    func divider(_ bounds: Rect) -> Divider
}

/// No reserved regions: nothing divides.
@usableFromInline
struct NoRegions: RegionScan {
    @inlinable init() {}

    @inlinable
    @inline(__always)
    func mayDivide(_ bounds: Rect) -> Bool { false }

    @inlinable
    func divider(_ bounds: Rect) -> Divider { Divider() }
}

/// The directions in which a lone region (or either of two) may divide something,
/// decided once per frame. Every arrangement's bounds start at or after the root's (a
/// pane starts at its bounds' start plus a length ≥ 0, or after a divider strictly
/// inside them), so a region that does not start right of the root's left edge never
/// divides vertically, nor one that does not start below its top edge horizontally;
/// the test of such a direction is compiled out of the loop.
@usableFromInline
protocol DividingDirections {
    static var vertically: Bool { get }
    static var horizontally: Bool { get }
}

/// A region that may divide only vertically (a fold down the middle, in landscape).
@usableFromInline
enum Vertically: DividingDirections {
    @inlinable static var vertically: Bool { true }
    @inlinable static var horizontally: Bool { false }
}

/// A region that may divide only horizontally (a fold across, in portrait).
@usableFromInline
enum Horizontally: DividingDirections {
    @inlinable static var vertically: Bool { false }
    @inlinable static var horizontally: Bool { true }
}

/// A region that may divide either way.
@usableFromInline
enum EitherWay: DividingDirections {
    @inlinable static var vertically: Bool { true }
    @inlinable static var horizontally: Bool { true }
}

/// One reserved region (a fold, a hinge): its edges stay in registers, and only the
/// directions in which it may divide are tested.
@usableFromInline
struct OneRegion<Directions: DividingDirections>: RegionScan {
    @usableFromInline let minX: Double
    @usableFromInline let minY: Double
    @usableFromInline let maxX: Double
    @usableFromInline let maxY: Double

    @inlinable
    init(_ region: Rect) {
        (minX, minY, maxX, maxY) = (region.minX, region.minY, region.maxX, region.maxY)
    }

    @inlinable
    @inline(__always)
    func mayDivide(_ bounds: Rect) -> Bool {
        if Directions.vertically, bounds.minX < minX, maxX < bounds.maxX { return true }
        return Directions.horizontally && bounds.minY < minY && maxY < bounds.maxY
    }

    /// The region, when it divides. Always inlined: the loop tests `exists` right after,
    /// and a call, as the inliner sometimes chose, costs every frame (the counts:
    /// docs/measurements.md, "the shape of the loops").
    @inlinable
    @inline(__always)
    func divider(_ bounds: Rect) -> Divider {
        let test = divides(bounds, minX: minX, minY: minY, maxX: maxX, maxY: maxY)
        guard test.vertically || test.horizontally else { return Divider() }
        return Divider(isVertical: test.vertically, minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }
}

/// Several reserved regions: one scan, with §2.1's choice among dividers.
@usableFromInline
struct SomeRegions: RegionScan {
    @usableFromInline let regions: UnsafeBufferPointer<Rect>

    @inlinable
    init(_ regions: UnsafeBufferPointer<Rect>) { self.regions = regions }

    @inlinable
    @inline(__always)
    func mayDivide(_ bounds: Rect) -> Bool {
        for region in regions {
            let test = liesWithin(
                bounds, minX: region.minX, minY: region.minY, maxX: region.maxX, maxY: region.maxY)
            if test.across || test.down { return true }
        }
        return false
    }

    @inlinable
    func divider(_ bounds: Rect) -> Divider { Divider(bounds: bounds, regions: regions) }
}

/// Two reserved regions: the scan of ``SomeRegions`` unrolled, each region's edges in
/// registers, tested only in the directions in which one of them may divide anything.
@usableFromInline
struct TwoRegions<Directions: DividingDirections>: RegionScan {
    @usableFromInline let first: Rect
    @usableFromInline let second: Rect

    /// The two regions of `pair` (a list of exactly two).
    @inlinable
    init(_ pair: SomeRegions) { (first, second) = (pair.regions[0], pair.regions[1]) }

    @inlinable
    @inline(__always)
    func mayDivide(_ bounds: Rect) -> Bool {
        let a = liesWithin(bounds, minX: first.minX, minY: first.minY, maxX: first.maxX, maxY: first.maxY)
        let b = liesWithin(bounds, minX: second.minX, minY: second.minY, maxX: second.maxX, maxY: second.maxY)
        return (Directions.vertically && (a.across || b.across))
            || (Directions.horizontally && (a.down || b.down))
    }

    @inlinable
    @inline(__always)
    func divider(_ bounds: Rect) -> Divider {
        var search = DividerSearch()
        search.consider(first, in: bounds, Directions.self)
        search.consider(second, in: bounds, Directions.self)
        return search.divider
    }
}

/// §2.1's choice among the regions that divide some bounds, one region at a time in
/// the list's order.
@usableFromInline
struct DividerSearch {
    @usableFromInline var divider = Divider()
    @usableFromInline var bestDistance = Double.infinity

    @inlinable init() {}

    /// `region`, tested only in `directions` (the others known not to divide).
    @inlinable
    @inline(__always)
    mutating func consider<Directions: DividingDirections>(
        _ region: Rect, in bounds: Rect, _ directions: Directions.Type = EitherWay.self
    ) {
        let test = divides(bounds, minX: region.minX, minY: region.minY, maxX: region.maxX, maxY: region.maxY)
        let distance: Double
        let vertical: Bool
        if Directions.vertically && test.vertically {
            distance = abs(region.midX - bounds.midX) / bounds.width
            vertical = true
        } else if Directions.horizontally && test.horizontally {
            distance = abs(region.midY - bounds.midY) / bounds.height
            vertical = false
        } else {
            return
        }
        // As `DividingRegion.find`, on purpose: nearer by more than the tolerance wins;
        // on a tie a vertical divider beats a horizontal one, else the earlier stays.
        let tie = abs(distance - bestDistance) <= ArrangementTolerance.relative
        if !divider.exists || (!tie && distance < bestDistance) || (tie && vertical && !divider.isVertical) {
            bestDistance = distance
            divider = Divider(
                isVertical: vertical, minX: region.minX, minY: region.minY, maxX: region.maxX, maxY: region.maxY)
        }
    }
}

/// §2.1's dividing region, found by one scan of the context's regions: no
/// allocation, nothing to do when there are no regions.
@usableFromInline
struct Divider {
    @usableFromInline var exists = false
    @usableFromInline var isVertical = false
    /// The dividing region's edges.
    @usableFromInline var minX = 0.0
    @usableFromInline var minY = 0.0
    @usableFromInline var maxX = 0.0
    @usableFromInline var maxY = 0.0

    /// No divider.
    @inlinable init() {}

    /// The region with these edges divides vertically or horizontally.
    @inlinable
    init(isVertical: Bool, minX: Double, minY: Double, maxX: Double, maxY: Double) {
        (exists, self.isVertical) = (true, isVertical)
        (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
    }

    @inlinable
    init(bounds: Rect, regions: UnsafeBufferPointer<Rect>) {
        var search = DividerSearch()
        for region in regions { search.consider(region, in: bounds) }
        self = search.divider
    }
}
