import Foundation
import Support
import Variants

/// One ranking over a whole run: each variant's geometric mean ratio to a yardstick over
/// the scenarios both ran, with an interval, its verdicts counted and its worst scenario.
///
/// The yardstick is `--baseline-variant` when the run had one, else the reference when it
/// was measured, else the floor (measured in every run). Each scenario's ratio is the
/// paired one the table shows, with its 95 % interval; on a log scale that interval gives
/// the ratio's standard error, and the mean of the logs has the standard error
/// `sqrt(Σ se²) / n`. So the suite's interval is the uncertainty of *these* scenarios'
/// mean as they were measured: it widens when theirs do. It says nothing of scenarios
/// the suite left out. A result whose time is impossible (``VariantResult/isImpossible``)
/// is left out and counted.
public struct SuiteRanking: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var variant: VariantName
        /// Scenarios in the mean.
        public var scenarios: Int
        public var geometricMean: Double
        public var interval: Interval
        /// Scenarios by verdict against the yardstick (the run's threshold).
        public var faster = 0
        public var slower = 0
        public var same = 0
        public var inconclusive = 0
        /// The scenario with the largest ratio, and that ratio.
        public var worstScenario: ScenarioName
        public var worstRatio: Double
        /// Scenarios left out for an impossible time.
        public var leftOut = 0
    }

    public var yardstick: VariantName
    /// The entries, quickest first; the yardstick is not among them.
    public var entries: [Entry]
    /// Variants with no scenario in the mean (every one of their times impossible).
    public var leftOut: [VariantName]

    /// The z of a two-sided 95 % interval.
    static let z = 1.959964

    /// The ranking of `results`, or nil when no variant has a ratio to a yardstick.
    public init?(_ results: [VariantResult], threshold: Double) {
        let names = Set(results.map(\.variant))
        let (yardstick, ratioOf): (VariantName, (VariantResult) -> Estimate?)
        if let base = results.baselineVariant {
            (yardstick, ratioOf) = (base, { $0.ratioToBaseline })
        } else if names.contains(VariantList.referenceName) {
            (yardstick, ratioOf) = (VariantList.referenceName, { $0.ratioToReference })
        } else {
            (yardstick, ratioOf) = (SpeedOfLight.variantName, { $0.ratioToFloor })
        }
        var entries: [Entry] = []
        var leftOut: [VariantName] = []
        for variant in results.variantOrder where variant != yardstick && !VariantList.isFloor(variant) {
            let own = results.filter { $0.variant == variant }
            let usable = own.filter { !$0.isImpossible && ratioOf($0).map { $0.value > 0 } == true }
            guard
                var entry = Self.entry(
                    variant, usable.map { ($0.scenario, ratioOf($0)!) }, threshold: threshold)
            else {
                if own.contains(where: \.isImpossible) { leftOut.append(variant) }
                continue
            }
            entry.leftOut = own.filter(\.isImpossible).count
            entries.append(entry)
        }
        guard !entries.isEmpty || !leftOut.isEmpty else { return nil }
        self.yardstick = yardstick
        self.entries = entries.sorted { $0.geometricMean < $1.geometricMean }
        self.leftOut = leftOut
    }

    /// One variant's entry from its scenarios' ratios, or nil when it has none.
    static func entry(_ variant: VariantName, _ ratios: [(ScenarioName, Estimate)], threshold: Double) -> Entry? {
        guard let worst = ratios.max(by: { $0.1.value < $1.1.value }) else { return nil }
        let logs = ratios.map { log($0.1.value) }
        let mean = logs.reduce(0, +) / Double(logs.count)
        // Each interval's half-width on the log scale, as a standard error.
        let variance = ratios.reduce(0.0) { sum, ratio in
            let lower = max(ratio.1.interval.lower, .leastNormalMagnitude)
            let error = (log(max(ratio.1.interval.upper, lower)) - log(lower)) / (2 * z)
            return sum + error * error
        }
        let half = z * variance.squareRoot() / Double(logs.count)
        var entry = Entry(
            variant: variant, scenarios: ratios.count, geometricMean: exp(mean),
            interval: Interval(exp(mean - half), exp(mean + half)), worstScenario: worst.0, worstRatio: worst.1.value)
        for (_, ratio) in ratios {
            switch BaselineVerdict(ratio, threshold: threshold) {
            case .faster: entry.faster += 1
            case .slower: entry.slower += 1
            case .same: entry.same += 1
            case .inconclusive: entry.inconclusive += 1
            }
        }
        return entry
    }
}

extension NumberText {
    /// A value and its interval to the precision they support: decimals down to the
    /// place of the interval's width, which counts as at least 2 % of the value (no run
    /// on a shared machine repeats closer), and at least two significant digits:
    /// `0.25 [0.24, 0.26]`, `1.09 [1.08, 1.10]`, `0.95 [0.95, 0.95]`.
    public static func estimate(_ value: Double, _ interval: Interval) -> String {
        guard value.isFinite, value > 0 else { return "\(value) \(interval.text(decimals: 2))" }
        let width = max(interval.upper - interval.lower, 0.02 * value)
        let byWidth = -Int(log10(width).rounded(.down))
        let twoDigits = 1 - Int(log10(value).rounded(.down))
        let decimals = min(max(byWidth, twoDigits, 0), 6)
        return "\(fixed(value, decimals: decimals)) \(interval.text(decimals: decimals))"
    }
}
