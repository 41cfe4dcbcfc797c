import Foundation
import Support

/// Order statistics and tests on samples, written for the harness (no outside package).
public enum Statistics {
    /// The `p`-th quantile (0...1) of sorted values, interpolating linearly between
    /// closest ranks (the "type 7" definition of R and NumPy's default).
    public static func quantile(_ sorted: [Double], _ p: Double) -> Double {
        precondition(!sorted.isEmpty, "quantile of no values")
        let position = p * Double(sorted.count - 1)
        let lower = Int(position)
        let upper = min(lower + 1, sorted.count - 1)
        let fraction = position - Double(lower)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
    }

    public static func median(_ values: [Double]) -> Double { quantile(values.sorted(), 0.5) }

    public static func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }

    /// The median absolute deviation from the median (unscaled).
    public static func medianAbsoluteDeviation(_ values: [Double]) -> Double {
        let centre = median(values)
        return median(values.map { abs($0 - centre) })
    }

    /// A distribution-free 95 % confidence interval of the median: the order
    /// statistics at ranks n/2 ∓ 1.96·√n/2 (normal approximation to the binomial),
    /// clamped to the sample. Needs no assumption about the shape of the timings.
    public static func medianConfidenceInterval(_ sorted: [Double]) -> Interval {
        let n = Double(sorted.count)
        let half = 1.959964 * n.squareRoot() / 2
        let lowerRank = max(0, Int((n / 2 - half).rounded(.down)) - 1)
        let upperRank = min(sorted.count - 1, Int((n / 2 + half).rounded(.up)))
        return Interval(sorted[lowerRank], sorted[upperRank])
    }

    /// The standard normal distribution function.
    public static func normalCDF(_ z: Double) -> Double { 0.5 * (1 + erf(z / 2.0.squareRoot())) }

    /// The standard normal quantile: the z with `normalCDF(z) == p`, by bisection.
    public static func normalQuantile(_ p: Double) -> Double {
        precondition(p > 0 && p < 1, "a quantile of a probability strictly between 0 and 1")
        var (low, high) = (-40.0, 40.0)
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if normalCDF(middle) < p { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// Student's t distribution function with a whole number of degrees of freedom,
    /// exactly, by the finite series in θ = atan(t / √ν) (Abramowitz and Stegun 26.7.3
    /// and 26.7.4): ν odd, P(|T| < t) = (2/π)(θ + sin θ cos θ (1 + 2/3 cos²θ + …));
    /// ν even, sin θ (1 + 1/2 cos²θ + 1·3/(2·4) cos⁴θ + …), ν − 1 terms in all.
    public static func tCDF(_ t: Double, degrees: Int) -> Double {
        precondition(degrees >= 1, "t needs at least one degree of freedom")
        let theta = atan(abs(t) / Double(degrees).squareRoot())
        let (sine, cosine) = (sin(theta), cos(theta))
        let c2 = cosine * cosine
        var within: Double
        if degrees % 2 == 1 {
            var term = 1.0
            var sum = degrees > 1 ? 1.0 : 0
            var k = 3
            while k <= degrees - 2 {
                term *= c2 * Double(k - 1) / Double(k)
                sum += term
                k += 2
            }
            within = 2 / Double.pi * (theta + sine * cosine * sum)
        } else {
            var term = 1.0
            var sum = 1.0
            var k = 2
            while k <= degrees - 2 {
                term *= c2 * Double(k - 1) / Double(k)
                sum += term
                k += 2
            }
            within = sine * sum
        }
        within = min(max(within, 0), 1)
        return t >= 0 ? (1 + within) / 2 : (1 - within) / 2
    }

    /// Student's t quantile with `degrees` degrees of freedom: the t with
    /// `tCDF(t) == p`, by bisection (exact to the last few bits; the intervals of `ab`
    /// share their error over comparisons and looks, so p reaches 0.999 and beyond
    /// with 4 degrees of freedom, where an expansion around the normal is 3 % short).
    public static func tQuantile(_ p: Double, degrees: Int) -> Double {
        // The degrees of freedom are checked by `tCDF`, which the bisection calls first.
        precondition(p > 0 && p < 1, "a quantile of a probability strictly between 0 and 1")
        if p < 0.5 { return -tQuantile(1 - p, degrees: degrees) }
        var (low, high) = (0.0, 1.0)
        while tCDF(high, degrees: degrees) < p, high < 1e300 { high *= 2 }
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if tCDF(middle, degrees: degrees) < p { low = middle } else { high = middle }
            if high - low <= high * 1e-15 { break }
        }
        return (low + high) / 2
    }

    /// The sample standard deviation (n − 1 in the denominator); 0 for fewer than two values.
    public static func standardDeviation(_ values: [Double]) -> Double {
        guard values.count > 1 else { return 0 }
        let centre = mean(values)
        return (values.map { ($0 - centre) * ($0 - centre) }.reduce(0, +) / Double(values.count - 1)).squareRoot()
    }
}

/// The summary of timing samples that reports carry.
public struct TimeSummary: Equatable, Sendable {
    public var min: Double
    public var p50: Double
    public var p90: Double
    public var p99: Double
    public var max: Double
    public var mean: Double
    public var mad: Double
    public var ci95: Interval

    public init(samples: [Double]) {
        let sorted = samples.sorted()
        min = sorted.first ?? 0
        max = sorted.last ?? 0
        p50 = Statistics.quantile(sorted, 0.5)
        p90 = Statistics.quantile(sorted, 0.9)
        p99 = Statistics.quantile(sorted, 0.99)
        mean = Statistics.mean(sorted)
        mad = Statistics.medianAbsoluteDeviation(sorted)
        ci95 = Statistics.medianConfidenceInterval(sorted)
    }

    /// Every statistic 0: a time not measured, as a report's reader starts one.
    public static let zero = TimeSummary(min: 0, p50: 0, p90: 0, p99: 0, max: 0, mean: 0, mad: 0, ci95: Interval(0, 0))

    private init(
        min: Double, p50: Double, p90: Double, p99: Double, max: Double, mean: Double, mad: Double, ci95: Interval
    ) {
        (self.min, self.p50, self.p90, self.p99, self.max, self.mean, self.mad, self.ci95) =
            (min, p50, p90, p99, max, mean, mad, ci95)
    }

    /// Every value divided by `divisor` (per arrangement).
    public func scaled(by divisor: Double) -> TimeSummary {
        var copy = self
        copy.min /= divisor
        copy.p50 /= divisor
        copy.p90 /= divisor
        copy.p99 /= divisor
        copy.max /= divisor
        copy.mean /= divisor
        copy.mad /= divisor
        copy.ci95 = ci95.scaled(by: 1 / divisor)
        return copy
    }
}
