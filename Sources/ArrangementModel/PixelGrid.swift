/// A display's pixel grid: `scale` device pixels to a point. Platforms report window
/// bounds and folding features in whole pixels (Android) or in points on the pixel
/// grid (UIKit), so a context built from a device is made of `pixels / scale` values,
/// each one division: an edge and a fold at the same pixel are the same number.
public struct PixelGrid: Equatable, Hashable, Sendable {
    /// Device pixels per point (2, 3, 2.625, ...).
    public let scale: Double

    /// The most a value in points may differ from a whole number of pixels (in pixels)
    /// and still count as one: decimal writing of `pixels / scale` rounds.
    public static let slack = 1e-6

    /// A grid of `scale` pixels a point; `nil` unless `scale` is a finite number in
    /// 0.5...16 (the densities devices have).
    public init?(scale: Double) {
        guard scale.isFinite, (0.5...16).contains(scale) else { return nil }
        self.scale = scale
    }

    /// The whole number of pixels nearest `points`.
    @inlinable
    public func pixels(_ points: Double) -> Double { (points * scale).rounded() }

    /// `points` as a whole number of pixels, or `nil` when it is not one (to ``slack``).
    public func wholePixels(_ points: Double) -> Double? {
        let pixels = pixels(points)
        return abs(points * scale - pixels) <= Self.slack ? pixels : nil
    }

    /// The value in points of a whole number of pixels: one division.
    @inlinable
    public func points(_ pixels: Double) -> Double { pixels / scale }

    /// `rect` with each edge moved to the nearest pixel: its position `pixels / scale`,
    /// its size `(far − near pixels) / scale`.
    public func snap(_ rect: Rect) -> Rect {
        let (minX, minY) = (pixels(rect.minX), pixels(rect.minY))
        let (maxX, maxY) = (Swift.max(pixels(rect.maxX), minX), Swift.max(pixels(rect.maxY), minY))
        return Rect(
            uncheckedX: points(minX), y: points(minY), width: points(maxX - minX), height: points(maxY - minY))
    }

    /// `context` with its bounds and regions on the grid.
    public func snap(_ context: LayoutContext) -> LayoutContext {
        var snapped = context
        snapped.bounds = snap(context.bounds)
        snapped.reservedRegions = context.reservedRegions.map(snap)
        return snapped
    }

    /// Whether `rect` is on the grid exactly: each of its numbers is what ``snap(_:)``
    /// gives, so its edges are whole pixels and each value one division.
    public func holds(_ rect: Rect) -> Bool { snap(rect) == rect }

    /// Whether `context`'s bounds and every region are on the grid exactly.
    public func holds(_ context: LayoutContext) -> Bool {
        holds(context.bounds) && context.reservedRegions.allSatisfy(holds)
    }
}
