/// What one pane reports after a relayout (contract §3).
public struct PaneLayout: Equatable, Sendable {
    public var visible: Bool
    /// The pane's frame; ``Rect/zero`` when hidden (reported as `null`).
    public var frame: Rect
    /// The pane's size class; meaningless when hidden (reported as `null`).
    public var sizeClass: SizeClass
    /// The split axis when a split shows both panes; `nil` otherwise.
    public var splitAxis: Axis?
    /// 1 for the primary of a layered overlay, 0 everywhere else.
    public var zIndex: Int

    @inlinable
    public init(visible: Bool, frame: Rect, sizeClass: SizeClass, splitAxis: Axis?, zIndex: Int) {
        self.visible = visible
        self.frame = frame
        self.sizeClass = sizeClass
        self.splitAxis = splitAxis
        self.zIndex = zIndex
    }

    /// A hidden pane: no frame, no size class, no axis.
    @inlinable
    public static var hidden: PaneLayout {
        PaneLayout(visible: false, frame: .zero, sizeClass: .regular, splitAxis: nil, zIndex: 0)
    }
}

/// A tree's resolution: one ``PaneLayout`` per pane, in the tree's depth-first
/// order (``ArrangementTree/paneIDs``). The caller owns it and reuses it frame
/// after frame, so a relayout writes in place and allocates nothing.
public struct Resolution: Equatable, Sendable {
    public var panes: [PaneLayout]

    /// A resolution for `paneCount` panes, all hidden until a relayout writes them.
    public init(paneCount: Int) {
        panes = Array(repeating: .hidden, count: paneCount)
    }
}
