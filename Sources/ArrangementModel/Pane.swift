/// Where a view goes when an overlay separates the panes side by side.
import Support

public enum HorizontalEdge: UInt8, Equatable, Hashable, Sendable {
    case leading
    case trailing
}

/// Where a view goes when an overlay separates the panes one above the other.
public enum VerticalEdge: UInt8, Equatable, Hashable, Sendable {
    case top
    case bottom
}

/// A pane's preferences along the two split axes.
public struct SplitPreferences: Equatable, Hashable, Sendable {
    public var horizontal: SizePreference?
    public var vertical: SizePreference?

    public init(horizontal: SizePreference? = nil, vertical: SizePreference? = nil) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// The preference used when the split runs along `axis`.
    @inlinable
    public subscript(axis: Axis) -> SizePreference? { axis == .horizontal ? horizontal : vertical }
}

/// A pane's overlay edges per axis.
public struct OverlayEdges: Equatable, Hashable, Sendable {
    public var horizontal: HorizontalEdge?
    public var vertical: VerticalEdge?

    public init(horizontal: HorizontalEdge? = nil, vertical: VerticalEdge? = nil) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
}

/// What a pane shows: a leaf view or a nested arrangement laid out in the pane's frame.
public indirect enum PaneContent: Equatable, Hashable, Sendable {
    case view
    case arrangement(Arrangement)
}

/// One of an arrangement's two panes, with its modifiers (contract §1).
///
/// The initialiser checks every rule of contract §5 that concerns one pane, so a
/// `Pane` value always holds finite, non-negative sizes with min ≤ ideal.
public struct Pane: Equatable, Hashable, Sendable {
    public let id: String
    public let layoutPriority: Double
    public let minWidth: Double
    public let minHeight: Double
    public let idealWidth: Double
    public let idealHeight: Double
    public let split: SplitPreferences
    public let overlayEdge: OverlayEdges
    public let content: PaneContent

    /// Builds a pane; the ideal sizes default to the minimums.
    public init(
        id: String, layoutPriority: Double = 0, minWidth: Double = 0, minHeight: Double = 0,
        idealWidth: Double? = nil, idealHeight: Double? = nil, split: SplitPreferences = SplitPreferences(),
        overlayEdge: OverlayEdges = OverlayEdges(), content: PaneContent = .view
    ) throws(ModelError) {
        guard !id.isEmpty else { throw ModelError("must not be empty", field: "id") }
        guard layoutPriority.isFinite else { throw ModelError("must be a finite number", field: "layoutPriority") }
        // One size at a time, not a list of them (a list is an allocation, and a pane read
        // from the C interface on an edit frame is built here).
        func check(_ value: Double, _ name: String) throws(ModelError) {
            guard value.isFinite else { throw ModelError("must be a finite number", field: name) }
            guard value >= 0 else { throw ModelError("\(formatNumber(value)) is a negative size", field: name) }
        }
        try check(minWidth, "minWidth")
        try check(minHeight, "minHeight")
        try check(idealWidth ?? minWidth, "idealWidth")
        try check(idealHeight ?? minHeight, "idealHeight")
        if let idealWidth, idealWidth < minWidth {
            throw ModelError(
                "minWidth \(formatNumber(minWidth)) is greater than idealWidth \(formatNumber(idealWidth))",
                field: "idealWidth")
        }
        if let idealHeight, idealHeight < minHeight {
            throw ModelError(
                "minHeight \(formatNumber(minHeight)) is greater than idealHeight \(formatNumber(idealHeight))",
                field: "idealHeight")
        }
        self.id = id
        self.layoutPriority = layoutPriority
        self.minWidth = minWidth
        self.minHeight = minHeight
        self.idealWidth = idealWidth ?? minWidth
        self.idealHeight = idealHeight ?? minHeight
        self.split = split
        self.overlayEdge = overlayEdge
        self.content = content
    }

    /// The content's minimum length along `axis`.
    @inlinable
    public func minimumLength(along axis: Axis) -> Double { axis == .horizontal ? minWidth : minHeight }

    /// The content's ideal length along `axis` (used by `fixed`).
    @inlinable
    public func idealLength(along axis: Axis) -> Double { axis == .horizontal ? idealWidth : idealHeight }

    /// The nested arrangement, if the pane holds one.
    @inlinable
    public var arrangement: Arrangement? {
        if case .arrangement(let nested) = content { return nested }
        return nil
    }
}

/// A style and two panes. Only ``ArrangementTree`` checks rules that span the
/// whole tree (unique ids, nesting depth).
public struct Arrangement: Equatable, Hashable, Sendable {
    public let style: ArrangementStyle
    public let primary: Pane
    public let secondary: Pane

    public init(style: ArrangementStyle = .automatic, primary: Pane, secondary: Pane) {
        self.style = style
        self.primary = primary
        self.secondary = secondary
    }
}
