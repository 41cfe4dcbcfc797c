import ArrangementModel

/// Everything §2.2 needs along one axis, prepared so a relayout evaluates it with
/// a few multiply-adds and no branch on the preference kind (one on whether there is
/// a maximum at all): every bound is `points + fraction × L`. The terms are chosen so
/// the arithmetic gives bit for bit what the reference computes (`x + 0 = x`,
/// `0 × L = 0`, `0.5 × L = L / 2`, `max(m, 0) = m` for m ≥ 0). The two views appear in
/// solving order (first, second): the cached priority ordering of §2.2.6. (§2.2.5 adds
/// the two minimums, and IEEE addition is commutative, so their order does not matter
/// there.) The rules are the reference's `AxisRange` and split, written again on
/// purpose (see `divides` in RegionScan.swift).
@usableFromInline
struct AxisPlan: Sendable {
    @usableFromInline var firstLoPoints = 0.0
    @usableFromInline var firstLoFraction = 0.0
    @usableFromInline var secondLoPoints = 0.0
    @usableFromInline var secondLoFraction = 0.0
    @usableFromInline var firstHiPoints = 0.0
    @usableFromInline var firstHiFraction = 0.0
    @usableFromInline var secondHiPoints = 0.0
    @usableFromInline var secondHiFraction = 0.0
    /// A flexible first view aims at L / 2: fraction 0.5, points 0.
    @usableFromInline var firstIdealPoints = 0.0
    @usableFromInline var firstIdealFraction = 0.0
    @usableFromInline var secondIdealPoints = 0.0
    @usableFromInline var secondIdealFraction = 0.0
    /// A flexible second view takes what remains.
    @usableFromInline var secondIsExplicit = false
    @usableFromInline var primaryFirst = false
    /// Some view has a maximum along the axis. Without one both highs are infinite,
    /// and `min(∞, x) = x` for the finite caps they would lower: the solve leaves them out.
    @usableFromInline var hasMaximum = false

    /// One view's terms along the axis (§2.2.4).
    struct Terms {
        var loPoints = 0.0, loFraction = 0.0, hiPoints = Double.infinity, hiFraction = 0.0
        var idealPoints = 0.0, idealFraction = 0.0, isExplicit = false

        init(_ pane: Pane, axis: Axis) {
            let minimum = pane.minimumLength(along: axis)
            loPoints = minimum
            switch pane.split[axis] {
            case .ratio(let range):
                loFraction = range.min ?? 0
                if let max = range.max { (hiPoints, hiFraction) = (0, max) }
                if let ideal = range.ideal { (idealFraction, isExplicit) = (ideal, true) }
            case .length(let range):
                loPoints = max(minimum, range.min ?? 0)
                hiPoints = range.max ?? .infinity
                if let ideal = range.ideal { (idealPoints, isExplicit) = (ideal, true) }
            case .fixed:
                let length = max(minimum, pane.idealLength(along: axis))
                (loPoints, hiPoints, idealPoints, isExplicit) = (length, length, length, true)
            case nil:
                break
            }
        }
    }

    init(primary: Pane, secondary: Pane, axis: Axis) {
        let p = Terms(primary, axis: axis)
        let s = Terms(secondary, axis: axis)
        primaryFirst =
            p.isExplicit != s.isExplicit
            ? p.isExplicit : primary.layoutPriority >= secondary.layoutPriority
        let (first, second) = primaryFirst ? (p, s) : (s, p)
        (firstLoPoints, firstLoFraction) = (first.loPoints, first.loFraction)
        (secondLoPoints, secondLoFraction) = (second.loPoints, second.loFraction)
        (firstHiPoints, firstHiFraction) = (first.hiPoints, first.hiFraction)
        (secondHiPoints, secondHiFraction) = (second.hiPoints, second.hiFraction)
        (firstIdealPoints, firstIdealFraction) =
            first.isExplicit ? (first.idealPoints, first.idealFraction) : (0, 0.5)
        (secondIdealPoints, secondIdealFraction) = (second.idealPoints, second.idealFraction)
        secondIsExplicit = second.isExplicit
        hasMaximum =
            !(first.hiPoints == .infinity && first.hiFraction == 0 && second.hiPoints == .infinity
            && second.hiFraction == 0)
    }

    /// True when no bound can ever bind, whatever L: both lows are 0, both highs
    /// infinite, the first view aims at a share f of L with 0 ≤ f ≤ 1, and the second
    /// takes the rest. §2.2.7 then gives exactly `first = f × L`, `second = L − first`
    /// (`max(f·L, 0) = f·L`, `min(f·L, L) = f·L` because f ≤ 1, `max(L − f·L, 0) =
    /// L − f·L`, and the leftover `(L − first) − second` is 0), and §2.2.5 never
    /// collapses (0 + 0 > L is false).
    var isProportional: Bool {
        firstLoPoints == 0 && firstLoFraction == 0 && secondLoPoints == 0 && secondLoFraction == 0
            && firstHiPoints == .infinity && firstHiFraction == 0
            && secondHiPoints == .infinity && secondHiFraction == 0
            && firstIdealPoints == 0 && (0...1).contains(firstIdealFraction) && !secondIsExplicit
    }

    /// §2.2.5–§2.2.7 for an axis of length `length`: the first and the second view's
    /// lengths, or `nil` when there is not enough space for both (minimums that overrun
    /// the length by no more than the tolerance of `bounds` fit: "Numbers").
    @inlinable
    @inline(__always)
    func solve(_ length: Double, in bounds: Rect) -> (first: Double, second: Double)? {
        let firstLo = larger(firstLoPoints, firstLoFraction * length)
        let secondLo = larger(secondLoPoints, secondLoFraction * length)
        let lows = firstLo + secondLo
        if lows > length, lows > length + ArrangementTolerance.of(bounds) { return nil }
        let firstIdeal = firstIdealFraction * length + firstIdealPoints
        var firstCap = length - secondLo
        if hasMaximum { firstCap = min(larger(firstHiFraction * length + firstHiPoints, firstLo), firstCap) }
        var first = min(larger(firstIdeal, firstLo), firstCap)
        let remaining = length - first
        let secondIdeal = secondIsExplicit ? secondIdealFraction * length + secondIdealPoints : remaining
        var secondCap = remaining
        if hasMaximum {
            secondCap = min(larger(secondHiFraction * length + secondHiPoints, secondLo), secondCap)
        }
        let second = min(larger(secondIdeal, secondLo), secondCap)
        first += length - first - second
        return (first, second)
    }
}

/// `Swift.max(x, y)` for numbers that are not NaN, written as the one instruction
/// that computes it (`maxsd`): both give `y` on a tie (so the same zero of two), and
/// differ only when one is NaN, which a solve never sees. Every length it takes lies
/// between 0 and the root's finite width or height (a pane is cut from its parent, a
/// region from inside it); every term is finite but the maximums, which may be
/// infinite; and the products with infinity are never taken (a maximum's fraction
/// multiplies the length, its points are added). `Swift.max` compiles to a compare and
/// three bitwise operations, as it must keep `x` when `y` is NaN.
@inlinable
@inline(__always)
func larger(_ x: Double, _ y: Double) -> Double { x > y ? x : y }
