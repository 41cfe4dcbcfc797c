/// What one arrangement is laid out in (contract §1).
///
/// Every field is already valid (rects are checked when built), so a context
/// needs no checks of its own.
public struct LayoutContext: Equatable, Hashable, Sendable {
    /// The rect the arrangement may use, in global coordinates.
    public var bounds: Rect
    public var sizeClass: SizeClass
    public var layoutDirection: LayoutDirection
    /// Rects, in global coordinates, that content must not straddle (folds, hinge bands).
    public var reservedRegions: [Rect]

    public init(
        bounds: Rect, sizeClass: SizeClass = .regular, layoutDirection: LayoutDirection = .leftToRight,
        reservedRegions: [Rect] = []
    ) {
        self.bounds = bounds
        self.sizeClass = sizeClass
        self.layoutDirection = layoutDirection
        self.reservedRegions = reservedRegions
    }
}
