import Foundation
import Measurement
import Support
import Testing
import Variants

/// The ranking over a run: each variant's geometric mean ratio to the yardstick, its
/// interval from the scenarios' own, its verdicts, its worst scenario.
@Suite("Suite rankings")
struct SuiteRankingTests {
    /// A result of `variant` on `scenario` with a ratio to `fast` and its interval.
    static func result(
        _ scenario: String, _ variant: String, _ ratio: Double, _ lower: Double, _ upper: Double
    ) -> VariantResult {
        var result = VariantResult(scenario: ScenarioName(scenario), variant: VariantName(variant), arrangements: 1)
        result.baselineVariant = "fast"
        result.ratioToBaseline = Estimate(ratio, Interval(lower, upper))
        result.verdict = BaselineVerdict(result.ratioToBaseline!, threshold: 0.02)
        return result
    }

    static let results: [VariantResult] = [
        result("s1", "fast", 1, 1, 1), result("s1", "mine", 0.5, 0.45, 0.55), result("s1", "slow", 3, 2.9, 3.1),
        result("s2", "fast", 1, 1, 1), result("s2", "mine", 2, 1.8, 2.2), result("s2", "slow", 4, 3.9, 4.1),
        result("s3", "fast", 1, 1, 1), result("s3", "mine", 1, 0.99, 1.01), result("s3", "slow", 5, 4.8, 5.2),
    ]

    @Test("the geometric mean, its interval from the scenarios' own, the verdicts and the worst scenario, by hand")
    func byHand() throws {
        let ranking = try #require(SuiteRanking(Self.results, threshold: 0.02))
        #expect(ranking.yardstick == "fast")
        #expect(ranking.entries.map(\.variant) == ["mine", "slow"])
        let mine = ranking.entries[0]
        // exp(mean of ln 0.5, ln 2, ln 1) = 1.
        #expect(abs(mine.geometricMean - 1) < 1e-12)
        // Each interval's log half-width over 1.96 is its standard error; the mean's is
        // their root sum of squares over 3.
        let z = 1.959964
        let errors = [(0.45, 0.55), (1.8, 2.2), (0.99, 1.01)].map { (log($0.1) - log($0.0)) / (2 * z) }
        let half = z * errors.map { $0 * $0 }.reduce(0, +).squareRoot() / 3
        #expect(abs(mine.interval.lower - exp(-half)) < 1e-12 && abs(mine.interval.upper - exp(half)) < 1e-12)
        #expect((mine.faster, mine.slower, mine.same, mine.inconclusive) == (1, 1, 1, 0))
        #expect(mine.worstScenario == "s2" && mine.worstRatio == 2)
        let slow = ranking.entries[1]
        #expect(abs(slow.geometricMean - pow(3 * 4 * 5, 1.0 / 3)) < 1e-12)
        #expect(slow.slower == 3 && slow.worstScenario == "s3")
    }

    @Test("wider intervals in the scenarios make a wider interval over the suite, around the same mean")
    func widens() throws {
        let wider = Self.results.map { result -> VariantResult in
            guard let ratio = result.ratioToBaseline, result.variant == "mine" else { return result }
            var copy = result
            // Each interval twice as wide on the log scale.
            copy.ratioToBaseline = Estimate(
                ratio.value,
                Interval(
                    ratio.value * pow(ratio.interval.lower / ratio.value, 2),
                    ratio.value * pow(ratio.interval.upper / ratio.value, 2)))
            return copy
        }
        let narrow = try #require(SuiteRanking(Self.results, threshold: 0.02)?.entries.first)
        let wide = try #require(SuiteRanking(wider, threshold: 0.02)?.entries.first)
        #expect(abs(wide.geometricMean - narrow.geometricMean) < 1e-12)
        #expect(wide.interval.lower < narrow.interval.lower && wide.interval.upper > narrow.interval.upper)
    }

    @Test("an impossible time is left out and counted; a variant with no other is not ranked")
    func impossibleLeftOut() throws {
        var results = Self.results
        results[1].belowFloor = true
        for index in results.indices where results[index].variant == "slow" { results[index].repeatTimeRatio = 0.1 }
        let ranking = try #require(SuiteRanking(results, threshold: 0.02))
        #expect(ranking.entries.map(\.variant) == ["mine"])
        #expect(ranking.entries[0].scenarios == 2 && ranking.entries[0].leftOut == 1)
        #expect(ranking.leftOut == ["slow"])
    }

    @Test("the yardstick: --baseline-variant, else the reference when measured, else the floor")
    func yardstick() throws {
        func plain(_ variant: String, reference: Double?, floor: Double) -> VariantResult {
            var result = VariantResult(scenario: "s1", variant: VariantName(variant), arrangements: 1)
            result.ratioToReference = reference.map { Estimate($0, Interval($0, $0)) }
            result.ratioToFloor = Estimate(floor, Interval(floor, floor))
            return result
        }
        let withReference = [plain("reference", reference: 1, floor: 40), plain("fast", reference: 0.025, floor: 1.5)]
        #expect(SuiteRanking(withReference, threshold: 0.02)?.yardstick == VariantList.referenceName)
        #expect(SuiteRanking(withReference, threshold: 0.02)?.entries.first?.geometricMean == 0.025)
        let floorOnly = [plain("fast", reference: nil, floor: 1.5), plain("floor", reference: nil, floor: 1)]
        let ranking = try #require(SuiteRanking(floorOnly, threshold: 0.02))
        #expect(ranking.yardstick == SpeedOfLight.variantName && ranking.entries.map(\.variant) == ["fast"])
    }

    @Test("an estimate is shown to the precision its interval supports, never finer than 2 % of it")
    func precision() {
        #expect(NumberText.estimate(0.95, Interval(0.95, 0.95)) == "0.95 [0.95, 0.95]")
        #expect(NumberText.estimate(0.2412, Interval(0.2371, 0.2452)) == "0.241 [0.237, 0.245]")
        #expect(NumberText.estimate(1.8712, Interval(1.85, 1.89)) == "1.87 [1.85, 1.89]")
        #expect(NumberText.estimate(2.31, Interval(2.1, 2.4)) == "2.3 [2.1, 2.4]")
        #expect(NumberText.estimate(0.00656, Interval(0.0065, 0.0066)) == "0.0066 [0.0065, 0.0066]")
    }
}
