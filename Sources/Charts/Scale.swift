import Foundation

/// Maps data values to pixels along one axis, linearly or logarithmically, and picks
/// the ticks a reader expects: round numbers (1, 2 or 5 × a power of ten), a few of them.
public struct Scale: Sendable, Equatable {
    public var low: Double
    public var high: Double
    /// Pixels of `low` and `high` (`to` may be smaller than `from`, for a y axis).
    public var from: Double
    public var to: Double
    public var logarithmic: Bool

    /// A scale over `values` (and `including`), widened to round numbers unless
    /// `exact` (an axis of frames or runs ends where the data does); an empty or flat
    /// domain gets a unit around its value, so nothing divides by zero. A logarithmic
    /// scale needs positive values; it falls back to linear otherwise.
    public init(
        covering values: [Double], including: [Double] = [], from: Double, to: Double, logarithmic: Bool = false,
        exact: Bool = false
    ) {
        let finite = (values + including).filter(\.isFinite)
        var low = finite.min() ?? 0
        var high = finite.max() ?? 1
        let logarithmic = logarithmic && low > 0
        if logarithmic {
            low = Scale.power(below: low)
            high = max(Scale.power(above: high), low * 10)
        } else {
            if low == high {
                let unit = low == 0 ? 1 : abs(low) / 2
                // Data that is never negative (a share, a count) keeps an axis that is not:
                // a series of zeros is drawn on 0…1, not −1…1.
                low = low >= 0 ? max(0, low - unit) : low - unit
                high += unit
            }
            if !exact {
                let step = Scale.niceStep((high - low) / 5)
                low = (low / step).rounded(.down) * step
                high = (high / step).rounded(.up) * step
            }
        }
        self.low = low
        self.high = high
        self.from = from
        self.to = to
        self.logarithmic = logarithmic
    }

    /// The pixel of `value` (clamped to the axis for values beyond it).
    public func position(_ value: Double) -> Double {
        let fraction: Double
        if logarithmic {
            let clamped = min(max(value, low), high)
            fraction = (log10(clamped) - log10(low)) / (log10(high) - log10(low))
        } else {
            fraction = (min(max(value, low), high) - low) / (high - low)
        }
        return from + fraction * (to - from)
    }

    /// Round values inside the domain: every 1, 2 or 5 × 10^k step for a linear scale
    /// (about `count` of them), powers of ten (with 2 and 5 between when few) for a logarithmic one.
    public func ticks(count: Int = 5) -> [Double] {
        if logarithmic {
            var ticks: [Double] = []
            var decade = low
            // Bounded: a domain near the largest Double would otherwise never end.
            while decade <= high * 1.000001, decade.isFinite, ticks.count < 400 {
                ticks.append(decade)
                decade *= 10
            }
            if ticks.count <= 3 {
                ticks = ticks.flatMap { [$0, $0 * 2, $0 * 5] }.filter { $0 <= high * 1.000001 }
            }
            return ticks
        }
        let step = Scale.niceStep((high - low) / Double(max(count, 1)))
        var tick = (low / step).rounded(.up) * step
        // A domain too wide for a Double's range, or too narrow for its precision
        // (10^17 + 16), has no round steps to show: its ends are its ticks.
        guard tick.isFinite, (high - low) / step <= Double(100 * max(count, 1)) else { return [low, high] }
        var ticks: [Double] = []
        while tick <= high + step * 1e-9 {
            ticks.append(abs(tick) < step * 1e-9 ? 0 : tick)
            let next = tick + step
            guard next > tick else { return [low, high] }
            tick = next
        }
        return ticks
    }

    /// 1, 2 or 5 × a power of ten, the nearest at or above `rough`.
    public static func niceStep(_ rough: Double) -> Double {
        guard rough > 0, rough.isFinite else { return 1 }
        let power = Scale.power(below: rough)
        // `power * 10` is above `rough` already: it is the answer when 1, 2 and 5 are not.
        for factor in [1.0, 2, 5] where power * factor >= rough * 0.999_999 { return power * factor }
        return power * 10
    }

    /// The largest power of ten at or below `value` (> 0).
    static func power(below value: Double) -> Double {
        guard value.isFinite, value > 0 else { return 1 }
        var power = 1.0
        // Bounded at both ends of the Double's range (subnormal values, values near the largest).
        while power > value, power > Double.leastNormalMagnitude { power /= 10 }
        while power * 10 <= value, (power * 10).isFinite { power *= 10 }
        return power
    }

    /// The smallest power of ten at or above `value` (> 0).
    static func power(above value: Double) -> Double {
        let below = power(below: value)
        return below >= value ? below : below * 10
    }
}
