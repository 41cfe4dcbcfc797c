/// What differs between a frame's context and the context the same caller handed the
/// same prepared tree just before, as the caller knows it.
///
/// A platform's layout pass knows why it runs: a resize or a rotation arrives as a new
/// size, a size class as a trait change, a fold as the window's layout information
/// (its reserved regions) changing. A caller that says so spares a variant that
/// remembers the comparison that would find it out. A caller that does not know (the
/// first frame it hands over, or a frame after a context it handed from elsewhere)
/// says ``unknown``, which has every part changed as well as ``isKnown`` false, so that
/// a variant reading only the parts treats it as a frame where everything changed.
public struct ContextChanges: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Nothing changed.
    @inlinable public static var none: ContextChanges { ContextChanges(rawValue: 0) }
    /// The bounds moved or were resized.
    @inlinable public static var bounds: ContextChanges { ContextChanges(rawValue: 1 << 0) }
    /// The size class flipped.
    @inlinable public static var sizeClass: ContextChanges { ContextChanges(rawValue: 1 << 1) }
    /// The layout direction flipped.
    @inlinable public static var direction: ContextChanges { ContextChanges(rawValue: 1 << 2) }
    /// The reserved-region list differs (a region moved, appeared or vanished, or the
    /// list was reordered).
    @inlinable public static var regions: ContextChanges { ContextChanges(rawValue: 1 << 3) }
    /// The caller cannot say: every part may have changed.
    @inlinable public static var unknown: ContextChanges { ContextChanges(rawValue: 0x8F) }

    // The tests below are on the raw bits: a frame loop runs them every frame, and the
    // option set's own operations are generic calls in a debug build.

    /// Whether the caller knows what changed (else the parts are all set).
    @inlinable public var isKnown: Bool { rawValue & 0x80 == 0 }

    /// Whether nothing changed.
    @inlinable public var isNone: Bool { rawValue == 0 }

    /// Whether any of `parts` changed.
    @inlinable public func includes(_ parts: ContextChanges) -> Bool { rawValue & parts.rawValue != 0 }

    /// Whether the caller knows that the bounds or the size class changed, which moves
    /// every pane of a tree: one comparison of the raw bits.
    @inlinable public var movesEveryPane: Bool { (rawValue & 0x83) &- 1 < 3 }

    /// These changes and `other`'s.
    @inlinable public func adding(_ other: ContextChanges) -> ContextChanges {
        ContextChanges(rawValue: rawValue | other.rawValue)
    }

    /// The parts that differ from `previous` to `context`, compared exactly (a rect's
    /// coordinates bit for bit, as the contract's arithmetic sees them).
    public init(from previous: LayoutContext, to context: LayoutContext) {
        self = .none
        if !previous.bounds.isIdentical(to: context.bounds) { insert(.bounds) }
        if previous.sizeClass != context.sizeClass { insert(.sizeClass) }
        if previous.layoutDirection != context.layoutDirection { insert(.direction) }
        let (old, new) = (previous.reservedRegions, context.reservedRegions)
        if old.count != new.count || zip(old, new).contains(where: { !$0.isIdentical(to: $1) }) { insert(.regions) }
    }
}
