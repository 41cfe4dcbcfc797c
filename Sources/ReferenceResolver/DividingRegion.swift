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
    /// length); ties go to a vertical divider, then to the earlier region.
    public static func find(in bounds: Rect, among regions: [Rect]) -> DividingRegion? {
        var best: (divider: DividingRegion, distance: Double)?
        for region in regions {
            let candidate: (DividingRegion, Double)
            if region.minY <= bounds.minY, region.maxY >= bounds.maxY, bounds.minX < region.minX,
                region.maxX < bounds.maxX
            {
                candidate = (
                    DividingRegion(region: region, orientation: .vertical),
                    abs(region.midX - bounds.midX) / bounds.width
                )
            } else if region.minX <= bounds.minX, region.maxX >= bounds.maxX, bounds.minY < region.minY,
                region.maxY < bounds.maxY
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
            let nearer = candidate.1 < current.distance
            let tieWonByVertical =
                candidate.1 == current.distance && candidate.0.orientation == .vertical
                && current.divider.orientation == .horizontal
            if nearer || tieWonByVertical { best = candidate }
        }
        return best?.divider
    }

    /// The two regions either side: (leading, trailing) for a vertical divider, where
    /// leading is the left in LTR and the right in RTL; (top, bottom) for a horizontal one.
    public func regions(of bounds: Rect, direction: LayoutDirection) -> (Rect, Rect) {
        switch orientation {
        case .vertical:
            let left = Rect(
                uncheckedX: bounds.minX, y: bounds.minY, width: region.minX - bounds.minX, height: bounds.height)
            let right = Rect(
                uncheckedX: region.maxX, y: bounds.minY, width: bounds.maxX - region.maxX, height: bounds.height)
            return direction == .leftToRight ? (left, right) : (right, left)
        case .horizontal:
            let top = Rect(
                uncheckedX: bounds.minX, y: bounds.minY, width: bounds.width, height: region.minY - bounds.minY)
            let bottom = Rect(
                uncheckedX: bounds.minX, y: region.maxY, width: bounds.width, height: bounds.maxY - region.maxY)
            return (top, bottom)
        }
    }
}
