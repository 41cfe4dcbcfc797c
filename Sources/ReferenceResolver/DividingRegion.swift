import ArrangementModel

/// The reserved region that divides an arrangement's bounds (contract §2.1).
public struct DividingRegion: Equatable, Sendable {
    /// Which way the region runs through the bounds.
    public enum Orientation: Equatable, Sendable {
        /// Spans the whole height, strictly inside the width: separates leading from trailing.
        case vertical
        /// Spans the whole width, strictly inside the height: separates top from bottom.
        case horizontal
    }

    public let region: Rect
    public let orientation: Orientation

    /// The split axis it imposes: a vertical divider puts the panes side by side.
    public var splitAxis: Axis { orientation == .vertical ? .horizontal : .vertical }

    /// The divider of `bounds` among `regions`, or `nil`: the one whose centre is
    /// nearest the bounds' centre along the axis it divides (as a fraction of that
    /// length); distances within ``ArrangementTolerance/relative`` of each other tie, and
    /// ties go to a vertical divider, then to the earlier region (§2.1, "Numbers").
    public static func find(in bounds: Rect, among regions: [Rect]) -> DividingRegion? {
        let tolerance = ArrangementTolerance.of(bounds)
        var best: (divider: DividingRegion, distance: Double)?
        for region in regions {
            let candidate: (DividingRegion, Double)
            if spans(region.minY, region.maxY, bounds.minY, bounds.maxY, tolerance),
                liesInside(region.minX, region.maxX, bounds.minX, bounds.maxX, tolerance)
            {
                candidate = (
                    DividingRegion(region: region, orientation: .vertical),
                    abs(region.midX - bounds.midX) / bounds.width
                )
            } else if spans(region.minX, region.maxX, bounds.minX, bounds.maxX, tolerance),
                liesInside(region.minY, region.maxY, bounds.minY, bounds.maxY, tolerance)
            {
                candidate = (
                    DividingRegion(region: region, orientation: .horizontal),
                    abs(region.midY - bounds.midY) / bounds.height
                )
            } else {
                continue
            }
            guard let current = best else {
                best = candidate
                continue
            }
            let tie = abs(candidate.1 - current.distance) <= ArrangementTolerance.relative
            let nearer = !tie && candidate.1 < current.distance
            let tieWonByVertical =
                tie && candidate.0.orientation == .vertical && current.divider.orientation == .horizontal
            if nearer || tieWonByVertical { best = candidate }
        }
        return best?.divider
    }

    /// The region's extent `low...high` covers the bounds' `start...end`, to the tolerance.
    static func spans(_ low: Double, _ high: Double, _ start: Double, _ end: Double, _ tolerance: Double) -> Bool {
        low <= start + tolerance && high >= end - tolerance
    }

    /// The region's extent lies inside the bounds' by more than the tolerance at both
    /// ends: a region that only touches an edge divides nothing.
    static func liesInside(_ low: Double, _ high: Double, _ start: Double, _ end: Double, _ tolerance: Double)
        -> Bool
    {
        start + tolerance < low && high < end - tolerance
    }

    /// The two regions either side: (leading, trailing) for a vertical divider, where
    /// leading is the left in LTR and the right in RTL; (top, bottom) for a horizontal one.
    public func regions(of bounds: Rect, direction: LayoutDirection) -> (Rect, Rect) {
        switch orientation {
        case .vertical:
            let left = Rect(
                uncheckedX: bounds.minX, y: bounds.minY, width: Rect.span(bounds.minX, region.minX),
                height: bounds.height)
            let right = Rect(
                uncheckedX: region.maxX, y: bounds.minY, width: Rect.span(region.maxX, bounds.maxX),
                height: bounds.height)
            return direction == .leftToRight ? (left, right) : (right, left)
        case .horizontal:
            let top = Rect(
                uncheckedX: bounds.minX, y: bounds.minY, width: bounds.width,
                height: Rect.span(bounds.minY, region.minY))
            let bottom = Rect(
                uncheckedX: bounds.minX, y: region.maxY, width: bounds.width,
                height: Rect.span(region.maxY, bounds.maxY))
            return (top, bottom)
        }
    }
}
