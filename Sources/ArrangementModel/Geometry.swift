/// A rectangle in points: origin at the top-left, x grows right, y grows down (contract §1).
///
/// A `Rect` built through the public initialiser is always finite with non-negative
/// width and height, so the resolvers never have to re-check it.
public struct Rect: Equatable, Hashable, Sendable {
    public let x: Double
    public let y: Double
    public let width: Double
    public let height: Double

    /// Builds a rect after checking the contract's rules; throws naming the broken one.
    public init(x: Double, y: Double, width: Double, height: Double) throws(ModelError) {
        guard x.isFinite, y.isFinite, width.isFinite, height.isFinite else {
            throw ModelError("rect values must be finite numbers")
        }
        guard width >= 0, height >= 0 else { throw ModelError("width and height must not be negative") }
        guard (x + width).isFinite, (y + height).isFinite else {
            throw ModelError("the rect's far edges must be finite numbers")
        }
        self.init(uncheckedX: x, y: y, width: width, height: height)
    }

    /// For resolvers only: values derived from already validated rects.
    @inlinable
    package init(uncheckedX x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The empty rect at the origin.
    @inlinable
    public static var zero: Rect { Rect(uncheckedX: 0, y: 0, width: 0, height: 0) }

    @inlinable public var minX: Double { x }
    @inlinable public var minY: Double { y }
    @inlinable public var maxX: Double { x + width }
    @inlinable public var maxY: Double { y + height }
    @inlinable public var midX: Double { x + width / 2 }
    @inlinable public var midY: Double { y + height / 2 }

    /// Equal to the last bit: -0 and 0 are told apart, as a resolver may treat them
    /// differently (`==` would not).
    @inlinable
    public func isIdentical(to other: Rect) -> Bool {
        x.bitPattern == other.x.bitPattern && y.bitPattern == other.y.bitPattern
            && width.bitPattern == other.width.bitPattern && height.bitPattern == other.height.bitPattern
    }

    /// The rect's length along `axis` (width for horizontal, height for vertical).
    @inlinable
    public func length(along axis: Axis) -> Double { axis == .horizontal ? width : height }
}

/// An axis of the contract's vocabulary: a **horizontal** split puts the panes side by
/// side (it divides the width); a **vertical** split stacks them (it divides the height).
public enum Axis: UInt8, Equatable, Hashable, Sendable, CaseIterable {
    case horizontal
    case vertical

    /// The other axis.
    @inlinable public var other: Axis { self == .horizontal ? .vertical : .horizontal }
}

/// A non-empty set of axes (a style's permitted axes).
public struct AxisSet: Equatable, Hashable, Sendable {
    public let rawValue: UInt8

    @inlinable
    init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Both axes, the default of every style.
    public static let both = AxisSet(rawValue: 0b11)
    public static let horizontal = AxisSet(rawValue: 0b01)
    public static let vertical = AxisSet(rawValue: 0b10)

    /// Builds a set from a list of axes; throws when the list is empty.
    public init(_ axes: [Axis]) throws(ModelError) {
        guard !axes.isEmpty else { throw ModelError("axes must not be empty") }
        var raw: UInt8 = 0
        for axis in axes { raw |= 1 << axis.rawValue }
        self.init(rawValue: raw)
    }

    /// Builds a set from bits (1 << Axis.rawValue each, others ignored), as the C
    /// interface stores one, without the list; throws when no axis is set.
    public init(bits: UInt32) throws(ModelError) {
        let raw = UInt8(bits & 0b11)
        guard raw != 0 else { throw ModelError("axes must not be empty") }
        self.init(rawValue: raw)
    }

    @inlinable
    public func contains(_ axis: Axis) -> Bool { rawValue & (1 << axis.rawValue) != 0 }

    /// The axes in contract order (horizontal first).
    public var axes: [Axis] { Axis.allCases.filter(contains) }
}

/// `compact` or `regular`, as the platform's size classes.
public enum SizeClassValue: UInt8, Equatable, Hashable, Sendable {
    case compact
    case regular
}

/// The size class of a pane or an arrangement, per axis.
public struct SizeClass: Equatable, Hashable, Sendable {
    public var horizontal: SizeClassValue
    public var vertical: SizeClassValue

    @inlinable
    public init(horizontal: SizeClassValue, vertical: SizeClassValue) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    @inlinable
    public static var regular: SizeClass { SizeClass(horizontal: .regular, vertical: .regular) }

    /// This class with `axis` made compact (the panes sit along that axis, §3).
    @inlinable
    public func compact(along axis: Axis) -> SizeClass {
        axis == .horizontal
            ? SizeClass(horizontal: .compact, vertical: vertical)
            : SizeClass(horizontal: horizontal, vertical: .compact)
    }
}

/// Which side is *leading*: the left in left-to-right, the right in right-to-left.
public enum LayoutDirection: UInt8, Equatable, Hashable, Sendable {
    case leftToRight
    case rightToLeft
}
