/// What one pane reports after a relayout (contract §3).
///
/// Stored as the frame and one word of bits (visibility, size class, split axis,
/// z-index), 40 bytes a pane, so a resolver writes a pane with a few stores; the
/// fields of §3 are views of those bits.
public struct PaneLayout: Equatable, Sendable {
    /// The pane's frame; ``Rect/zero`` when hidden (reported as `null`).
    public var frame: Rect
    /// Bit 0 visible, bit 1 horizontally compact, bit 2 vertically compact, bits 3–4 the
    /// split axis (0 none, 1 horizontal, 2 vertical), bit 5 z-index 1. A hidden pane is 0.
    /// The package's resolvers write it directly; users read the fields below.
    @usableFromInline package var bits: UInt32

    /// The bits a pane's `bits` may hold.
    @usableFromInline package enum Bits {
        @usableFromInline package static let visible: UInt32 = 1 << 0
        @usableFromInline package static let horizontalCompact: UInt32 = 1 << 1
        @usableFromInline package static let verticalCompact: UInt32 = 1 << 2
        /// Both size class bits: what a nested arrangement inherits from its pane.
        @usableFromInline package static let sizeClass: UInt32 = horizontalCompact | verticalCompact
        @usableFromInline package static let splitAxisShift: UInt32 = 3
        @usableFromInline package static let splitAxis: UInt32 = 0b11 << splitAxisShift
        @usableFromInline package static let front: UInt32 = 1 << 5

        /// The size class bits of `sizeClass`: a compact value (raw value 0, regular is 1)
        /// sets its bit. In arithmetic rather than two tests, as every frame of the fast
        /// resolver computes it for the root.
        @inlinable
        package static func of(_ sizeClass: SizeClass) -> UInt32 {
            let regular = UInt32(sizeClass.horizontal.rawValue) | UInt32(sizeClass.vertical.rawValue) << 1
            return (regular ^ 0b11) << 1
        }

        /// The split axis bits of `axis`.
        @inlinable
        package static func of(_ axis: Axis?) -> UInt32 {
            guard let axis else { return 0 }
            return (UInt32(axis.rawValue) + 1) << splitAxisShift
        }
    }

    @inlinable
    public init(visible: Bool, frame: Rect, sizeClass: SizeClass, splitAxis: Axis?, zIndex: Int) {
        precondition(zIndex == 0 || zIndex == 1, "the contract's z-index is 0 or 1")
        self.frame = frame
        bits =
            (visible ? Bits.visible : 0) | Bits.of(sizeClass) | Bits.of(splitAxis)
            | (zIndex == 1 ? Bits.front : 0)
    }

    /// A pane from its frame and bits, for resolvers that compute the bits directly.
    @inlinable
    package init(frame: Rect, bits: UInt32) {
        self.frame = frame
        self.bits = bits
    }

    /// A hidden pane: no frame, no size class, no axis.
    @inlinable
    public static var hidden: PaneLayout { PaneLayout(frame: .zero, bits: 0) }

    /// False for a hidden view and every pane below it.
    @inlinable
    public var visible: Bool { bits & Bits.visible != 0 }

    /// The pane's size class; meaningless when hidden (reported as `null`).
    @inlinable
    public var sizeClass: SizeClass {
        SizeClass(
            horizontal: bits & Bits.horizontalCompact != 0 ? .compact : .regular,
            vertical: bits & Bits.verticalCompact != 0 ? .compact : .regular)
    }

    /// The split axis when a split shows both panes; `nil` otherwise.
    @inlinable
    public var splitAxis: Axis? {
        switch (bits & Bits.splitAxis) >> Bits.splitAxisShift {
        case 1: .horizontal
        case 2: .vertical
        default: nil
        }
    }

    /// 1 for the primary of a layered overlay, 0 everywhere else.
    @inlinable
    public var zIndex: Int { bits & Bits.front != 0 ? 1 : 0 }
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
