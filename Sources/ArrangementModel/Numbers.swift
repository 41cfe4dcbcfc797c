/// The contract's arithmetic ("Numbers" in `docs/contract.md`): the tolerance to which
/// positions are compared, and how a frame is built from its two edges. Every variant
/// follows both, so that answers agree however a port orders its additions.
public enum ArrangementTolerance {
    /// The tolerance, as a fraction of the coordinates' size: far above the rounding of
    /// a few dozen additions (about 1e-16 each), far below a pixel (1/16 pt on the
    /// finest grid a device may state).
    public static let relative = 1e-9

    /// The tolerance in bounds `bounds`, in points: ``relative`` of `1 + |x| + |y| +
    /// width + height`, which is at least the size of every coordinate of the bounds.
    @inlinable
    @inline(__always)
    public static func of(_ bounds: Rect) -> Double {
        relative * (1 + abs(bounds.x) + abs(bounds.y) + bounds.width + bounds.height)
    }
}

extension Rect {
    /// The length from `start` to `end` (`start <= end`) whose end, added to `start`,
    /// does not pass `end`.
    @inlinable
    @inline(__always)
    package static func span(_ start: Double, _ end: Double) -> Double {
        let length = end - start
        return start + length > end ? shortened(length) : length
    }

    /// `length` one float step shorter, not below 0.
    @inlinable
    @inline(__always)
    package static func shortened(_ length: Double) -> Double { Swift.max(length.nextDown, 0) }
}
